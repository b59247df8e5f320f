/**
 * `linkedart load --server` when the server dies mid-load (kill -9): the client says how many
 * documents the server had acknowledged and that running the load again is safe; and it is:
 * after a restart, the same load stores the rest and finds the acknowledged ones unchanged.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { streamInput } from '../../src/load/inputs.js';
import { loadIntoServer } from '../../src/load/loadIntoServer.js';
import { testStoreArgs } from '../support/testStore.js';
import { startServer, type ServerProcess } from './support/serverProcess.js';

const TOKEN = 'bulk-crash-token-0123456789';
const BASE = 'http://localhost:8080/';
const COUNT = 40;
const line = (n: number) =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: `${BASE}object/crash-${n}`,
    type: 'HumanMadeObject',
    _label: `Crash ${n}`,
  }) + '\n';

/** Documents the dump gives before it waits for the gate: the server is killed mid-way. */
const BEFORE_GATE = 10;

/**
 * The dump; with a gate, it gives BEFORE_GATE documents, then waits for the gate before the rest:
 * the test kills the server while the load is held there, an order of events (no pause between
 * documents makes it likely, as timing would).
 */
function dump(gate?: Promise<void>) {
  return streamInput('dump.ndjson', 'ndjson', false, () =>
    Readable.from(
      (async function* () {
        for (let n = 0; n < COUNT; n++) {
          if (n === BEFORE_GATE && gate) await gate;
          yield Buffer.from(line(n));
        }
      })(),
    ),
  );
}

describe('load --server: the server dies mid-load', function () {
  this.timeout(120000);
  let work: string;
  let server: ServerProcess | undefined;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-bulk-crash-'));
  });
  afterEach(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('says how many documents were acknowledged, and running the same load again finishes it', async () => {
    const args = [...(await testStoreArgs(join(work, 'data'))), '--base-url', BASE, '--token', TOKEN];
    server = await startServer(args);
    const url = server.url;
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const loading = loadIntoServer(url, TOKEN, [dump(gate)], { batchSize: 2 });
    loading.catch(() => undefined);
    // Killed once a few batches are stored (polled: the mocha timeout stops a hung test), then the rest of the dump comes.
    while ((await fetch(`${url}/object/crash-5`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
    const killed = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await killed;
    open();
    const error = await loading.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error, 'the load fails').to.be.instanceOf(Error);
    expect(error!.message).to.contain(`the connection to ${url} failed while loading dump.ndjson`);
    expect(error!.message).to.contain('Running the same load again is safe');
    const acknowledged = Number(/had acknowledged (\d+) documents/.exec(error!.message)?.[1]);
    expect(acknowledged, error!.message).to.be.at.least(2).and.below(COUNT);

    server = await startServer(args);
    const again = await loadIntoServer(server.url, TOKEN, [dump()], { batchSize: 2 });
    expect(again.rejected).to.equal(0);
    expect(again.created + again.unchanged).to.equal(COUNT);
    // What was acknowledged was stored (a batch stored after the last line the client read is unchanged too).
    expect(again.unchanged).to.be.at.least(acknowledged);
    for (const n of [0, COUNT - 1]) expect((await fetch(`${server.url}/object/crash-${n}`)).status).to.equal(200);
  });
});
