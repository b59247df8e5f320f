/**
 * One service harvesting another, both this service, as an aggregator would: A takes a bulk
 * load, PUTs, DELETEs and a SPARQL Update; B harvests A's feed with `linkedart harvest`; A
 * changes again and B harvests again, taking only what is new. Each time B's export is A's.
 */
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_BASE_URL, DEMO_DIR } from '../../src/service/demoCollection.js';
import { runCli as run } from '../support/cliProcess.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const TOKEN = 'harvest-ours-token-0123456789abcdef';

/** A port nobody listens on now (A's ids must be under its own address, so it is chosen first). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('harvesting our own feed: B mirrors A', function () {
  this.timeout(300000);
  let work: string;
  let a: ServerProcess;
  let base: string;
  const auth = { Authorization: `Bearer ${TOKEN}` };
  let demo: Array<{ id: string; document: Record<string, unknown> }>;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-harvest-ours-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}/`;
    a = await startServer([
      '--port',
      String(port),
      '--base-url',
      base,
      '--data-dir',
      join(work, 'a'),
      '--token',
      TOKEN,
      '--feed-page-size',
      '5',
      '--log-level',
      'warn',
    ]);
    demo = readdirSync(DEMO_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const document = JSON.parse(
          readFileSync(DEMO_DIR + f, 'utf8')
            .split(DEMO_BASE_URL)
            .join(base),
        ) as Record<string, unknown>;
        return { id: document.id as string, document };
      });
  });
  after(async () => {
    await a.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const put = async (document: Record<string, unknown>) => {
    const response = await fetch(document.id as string, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(document),
    });
    expect(response.status, await response.text()).to.be.oneOf([200, 201]);
  };
  const remove = async (id: string) =>
    expect((await fetch(id, { method: 'DELETE', headers: auth })).status).to.equal(204);
  const relabel = async (id: string, label: string) => {
    const update = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
      DELETE { GRAPH <${id}> { <${id}> rdfs:label ?l } } INSERT { GRAPH <${id}> { <${id}> rdfs:label ${JSON.stringify(label)} } }
      WHERE { GRAPH <${id}> { <${id}> rdfs:label ?l } }`;
    const response = await fetch(`${base}sparql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/sparql-update' },
      body: update,
    });
    expect(response.status, await response.text()).to.be.oneOf([200, 204]);
  };
  const harvest = async () => {
    // A is on 127.0.0.1: its origin allowed explicitly (a loopback address is refused otherwise).
    const result = await run([
      'harvest',
      '--no-progress',
      '--json',
      '--allow-origin',
      new URL(base).origin,
      '--data-dir',
      join(work, 'b'),
      `${base}activity-stream`,
    ]);
    expect(result.status, result.stderr + result.stdout).to.equal(0);
    return JSON.parse(result.stdout) as {
      activities: number;
      created: number;
      replaced: number;
      deleted: number;
      rejected: number;
    };
  };
  const exported = async (args: string[]) => {
    const result = await run(['export', '--format', 'ndjson', ...args]);
    expect(result.status, result.stderr).to.equal(0);
    return result.stdout
      .split('\n')
      .filter((l) => l !== '')
      .sort();
  };
  const sameExports = async () => {
    const fromA = await exported(['--server', base]);
    const fromB = await exported(['--data-dir', join(work, 'b')]);
    expect(fromB.length).to.equal(fromA.length);
    expect(fromB).to.deep.equal(fromA);
    return fromA.length;
  };

  it('the first harvest takes everything: a load, PUTs, a DELETE and an update', async () => {
    const first = demo.slice(0, 20);
    const bulk = await fetch(`${base}_bulk?format=ndjson`, {
      method: 'POST',
      headers: auth,
      body: first.map((d) => JSON.stringify(d.document)).join('\n'),
    });
    expect(bulk.status, await bulk.text()).to.equal(200);
    await put(demo[20].document);
    await put({ ...demo[0].document, _label: 'Changed by a PUT' });
    await remove(demo[1].id);
    await relabel(demo[2].id, 'Changed by an update');
    const report = await harvest();
    expect(report.rejected).to.equal(0);
    expect(await sameExports()).to.equal(20);
  });

  it('the second harvest takes only what is new, deletes included', async () => {
    await put(demo[21].document);
    await remove(demo[3].id);
    await put({ ...demo[4].document, _label: 'Changed again' });
    await relabel(demo[5].id, 'Relabelled again');
    // A deleted id created again is a Create in the feed: B has it again.
    await put(demo[1].document);
    const report = await harvest();
    expect(report.activities).to.equal(5);
    expect(report.deleted).to.equal(1);
    expect(report.created).to.equal(2);
    expect(report.replaced).to.equal(2);
    expect(await sameExports()).to.equal(21);
    // Nothing new: nothing to do.
    expect((await harvest()).activities).to.equal(0);
  });
});
