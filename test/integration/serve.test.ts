/**
 * `linkedart serve` as an operator runs it: ready after the demo is loaded, one structured
 * access-log line per request on standard output, and SIGTERM answering the request in
 * flight before closing the store cleanly.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const BASE = 'https://museum.example.org/collection/';
const PAINTING = '/collection/object/harbour-at-dusk';

/** Resolves once the server's standard error holds `text` (a line it writes on an event). */
function stderrSays(server: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (!server.stderr().includes(text)) return;
      server.child.stderr!.off('data', check);
      resolve();
    };
    // Added after startServer's own listener, so server.stderr() already holds the chunk.
    server.child.stderr!.on('data', check);
    check();
  });
}

describe('linkedart serve: operations', function () {
  this.timeout(120000);
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-serve-'));
    server = await startServer(['--demo', '--data-dir', dataDir, '--base-url', BASE]);
  });
  after(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is ready once the demo is loaded, and serves it under the base URL's path", async () => {
    expect(await (await fetch(`${server.url}/ready`)).json()).to.include({ status: 'ready' });
    const response = await fetch(server.url + PAINTING);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { id: string }).id).to.equal('https://museum.example.org' + PAINTING);
  });

  it("seeds curators' SPARQL in the background once ready: /ready says when it is, and a query then answers", async () => {
    type Ready = { sparql: { state: string; replicas: number; replicasReady: number; quads?: number } };
    const deadline = Date.now() + 60000;
    let ready = (await (await fetch(`${server.url}/ready`)).json()) as Ready;
    while (ready.sparql.replicasReady < ready.sparql.replicas && Date.now() < deadline) {
      expect(['seeding', 'ready']).to.include(ready.sparql.state);
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = (await (await fetch(`${server.url}/ready`)).json()) as Ready;
    }
    // The default, auto: one until a query times out or waits behind another (replicaBudget.ts, ReplicaPool.ts: the standby).
    const replicas = 1;
    expect(ready.sparql).to.include({ state: 'ready', replicas, replicasReady: replicas });
    expect(ready.sparql.quads).to.be.greaterThan(100);
    const response = await fetch(`${server.url}/sparql?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, {
      headers: { Accept: 'application/sparql-results+json' },
    });
    expect(await response.json()).to.deep.include({ boolean: true });
    // Answered by a replica seeded before it was asked: none was started (or stopped) for it.
    const afterwards = (await (await fetch(`${server.url}/ready`)).json()) as Ready;
    expect(afterwards.sparql).to.include({ state: 'ready', replicas, replicasReady: replicas });
  });

  it('writes one JSON access-log line per request to standard output', async () => {
    const response = await fetch(`${server.url}${PAINTING}?format=nt`);
    const bytes = (await response.arrayBuffer()).byteLength;
    await fetch(`${server.url}/collection/object/nope`).then((r) => r.arrayBuffer());
    // The log is written asynchronously, in blocks: wait for it.
    const deadline = Date.now() + 10000;
    let lines: Array<Record<string, unknown>> = [];
    while (Date.now() < deadline) {
      lines = server
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      if (lines.some((l) => l.path === '/collection/object/nope')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ok = lines.find((l) => l.path === `${PAINTING}?format=nt`);
    expect(ok, server.stdout()).to.include({ method: 'GET', status: 200, bytes });
    expect(ok!.ms).to.be.a('number');
    expect(lines.find((l) => l.path === '/collection/object/nope')).to.include({ status: 404 });
  });

  it('on SIGTERM answers the request in flight, then closes the store cleanly', async () => {
    // A request whose headers are half sent is in flight: the server must wait for it.
    const { port, hostname } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${PAINTING} HTTP/1.1\r\nHost: ${hostname}\r\n`);
    // The server has read those bytes once it has answered a request sent after them on another
    // connection: over loopback they were in its socket's buffer first, and its event loop reads
    // the sockets that are ready in one pass. (An order of events, where a 200 ms sleep was.)
    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const shuttingDown = stderrSays(server, 'SIGTERM: finishing requests');
    server.child.kill('SIGTERM');
    // The rest of the request goes only once the server is shutting down (it says so on standard
    // error, in the handler that closes the idle connections): it must still be answered.
    await shuttingDown;
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('Accept: text/turtle\r\n\r\n');
    await closed;
    expect(answer).to.match(/^HTTP\/1\.1 200 OK/);
    expect(answer).to.contain('crm:E22_Human-Made_Object');
    expect(await exited).to.equal(0);
    expect(server.stderr()).to.contain('SIGTERM: finishing requests').and.to.contain('stopped');
    // Closed cleanly: the store opens with nothing to discard (no write was cut off), and holds
    // the demo. (Its log of new graphs is replayed: a snapshot of it would buy nothing.)
    const store = await EmbeddedStore.open({ dataDir });
    try {
      expect(store.openInfo.discardedTailBytes).to.equal(0);
      expect(store.openInfo.discardReason).to.equal(null);
      expect(await store.hasGraph('https://museum.example.org' + PAINTING)).to.equal(true);
    } finally {
      await store.close();
    }
  });
});
