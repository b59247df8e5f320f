/**
 * Several service processes on one remote store, behind a real HAProxy running the recipe
 * (docs/several-processes/haproxy.cfg; README, "Running several processes"): a write through the
 * proxy is read back and found by a search on each process; each process's /ready reports how far
 * it has followed the change feed; a process killed mid-writes leaves the proxy answering, with
 * every write stored once; a process started later catches up before it says it is ready.
 * Remote pass only (the embedded store has one process).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxy, freePort, type Proxy } from './support/proxyProcess.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';
import { testStoreArgs } from '../support/testStore.js';

const TOKEN = 'several-processes-token-0123456789';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const WRITE = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' };

interface FeedStatus {
  applied: number;
  caughtUp: boolean;
  lagMs: number | null;
}

describe('several processes on one remote store, behind HAProxy (the recipe)', function () {
  this.timeout(300000);
  let dir: string;
  let base: string;
  let args: string[];
  let processes: ServerProcess[] = [];
  let proxy: Proxy;

  const object = (path: string, name: string) => ({
    '@context': LA,
    id: base + path,
    type: 'HumanMadeObject',
    _label: name,
    identified_by: [{ type: 'Name', content: name }],
  });
  const put = (origin: string, path: string, name: string) =>
    fetch(`${origin}/${path}`, { method: 'PUT', headers: WRITE, body: JSON.stringify(object(path, name)) });
  const searchIds = async (origin: string, q: string): Promise<string[]> => {
    const response = await fetch(`${origin}/search?q=${encodeURIComponent(q)}`, {
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as { orderedItems?: Array<{ id: string }> };
    return (body.orderedItems ?? []).map((hit) => hit.id.slice(base.length));
  };
  /** Waits (at most `ms`) until a search for `q` on `origin` finds `path`; answers how long it took. */
  const foundWithin = async (origin: string, q: string, path: string, ms: number): Promise<number> => {
    const started = Date.now();
    while (!(await searchIds(origin, q)).includes(path)) {
      if (Date.now() - started > ms) throw new Error(`${path} not found by "${q}" on ${origin} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - started;
  };
  const feedOf = async (origin: string): Promise<FeedStatus> =>
    ((await (await fetch(`${origin}/ready`)).json()) as { feed: FeedStatus }).feed;
  const serve = () => startServer([...args, '--base-url', base, '--token', TOKEN, '--follow-feed-ms', '100']);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-processes-'));
    args = await testStoreArgs(dir);
    const proxyPort = await freePort();
    base = `http://127.0.0.1:${proxyPort}/`;
    processes = [await serve(), await serve()];
    proxy = await startProxy(
      proxyPort,
      processes.map((p) => p.url),
    );
  });
  after(async () => {
    await proxy?.stop();
    for (const p of processes) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a write through the proxy is read back from each process, and found by a search on each within 2 s', async () => {
    expect((await put(proxy.url, 'object/quay', 'Quay at Noon')).status).to.equal(201);
    for (const p of processes) {
      const response = await fetch(`${p.url}/object/quay`, { headers: { Accept: 'application/ld+json' } });
      expect(response.status, p.url).to.equal(200);
      expect(((await response.json()) as { _label: string })._label).to.equal('Quay at Noon');
      await foundWithin(p.url, 'quay noon', 'object/quay', 2000);
    }
  });

  it('a write on one process is found by a search on the other within 2 s, each way', async () => {
    for (const [from, to] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const path = `object/pier-${from}`;
      expect((await put(processes[from].url, path, `Pier ${from} at Dawn`)).status).to.equal(201);
      await foundWithin(processes[to].url, `pier ${from}`, path, 2000);
    }
  });

  it('/ready reports how far each process has followed the change feed, and its lag', async () => {
    for (const p of processes) {
      // Three writes so far: each process applies the third within its bound (its own writes come back too).
      const started = Date.now();
      let feed = await feedOf(p.url);
      while (feed.applied < 3 && Date.now() - started < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        feed = await feedOf(p.url);
      }
      expect(feed.caughtUp, p.url).to.equal(true);
      expect(feed.applied, p.url).to.equal(3);
      expect(feed.lagMs, p.url).to.be.within(0, 2000);
    }
  });

  it('a process killed mid-writes: the proxy keeps answering, and every write is stored once', async () => {
    const written: string[] = [];
    for (let i = 0; i < 20; i++) {
      if (i === 5) processes[0].child.kill('SIGKILL');
      const path = `object/boat-${i}`;
      let response = await put(proxy.url, path, `Boat ${i}`);
      // The request in flight when its process died (502), or one sent while the proxy still took
      // the dead process for up (until its health check fails): a PUT is safe to send again.
      for (let attempt = 1; response.status >= 500 && attempt <= 3; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        response = await put(proxy.url, path, `Boat ${i}`);
      }
      expect([200, 201], `${path}: ${response.status}`).to.include(response.status);
      written.push(path);
    }
    for (const path of written) {
      const response = await fetch(`${proxy.url}/${path}`, { headers: { Accept: 'application/ld+json' } });
      expect(response.status, path).to.equal(200);
    }
    // The feed lists each boat's Create once.
    const feed = (await (
      await fetch(`${proxy.url}/activity-stream/page/1`, { headers: { Accept: 'application/json' } })
    ).json()) as {
      orderedItems: Array<{ type: string; object: { id: string } }>;
    };
    const boats = feed.orderedItems.filter((a) => a.object.id.includes('/object/boat-'));
    expect(boats.map((a) => a.object.id.slice(base.length)).sort()).to.deep.equal([...written].sort());
    expect(new Set(boats.map((a) => a.type))).to.deep.equal(new Set(['Create']));
  });

  it('a process started later is ready only once it has caught up, and finds what the others wrote', async () => {
    const late = await serve();
    processes.push(late);
    const feed = await feedOf(late.url);
    expect(feed.caughtUp).to.equal(true);
    expect(feed.applied).to.be.at.least(23);
    expect(await searchIds(late.url, 'boat 19')).to.include('object/boat-19');
    expect(await searchIds(late.url, 'quay')).to.include('object/quay');
  });
});
