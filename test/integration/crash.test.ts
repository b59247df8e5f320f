/**
 * kill -9 during a stream of writes, then a restart of the server on the same data: every
 * write acknowledged before the kill is there, and no document is half-written (each one
 * present renders exactly as it was written).
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../src/render/renderDocument.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { withoutLinks } from '../support/withoutLinks.js';
import { crashCopies } from './support/crashCopies.js';
import { startServer } from './support/serverProcess.js';

describe('durability: kill -9 during writes, then restart', function () {
  this.timeout(180000);
  let dataDir: string;
  before(() => { dataDir = mkdtempSync(join(tmpdir(), 'linkedart-crash-')); });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write, and no document is half-written', async () => {
    const acked: string[] = [];
    const writer = spawn(process.execPath, [`${PROJECT_ROOT}dist/test/integration/support/writeStream.js`, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const killAfter = 300 + Math.floor(Math.random() * 200);
    await new Promise<void>((resolve) => {
      let buffer = '';
      writer.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
        if (acked.length >= killAfter && writer.exitCode === null) writer.kill('SIGKILL');
      });
      writer.once('exit', () => resolve());
    });
    expect(writer.signalCode, 'the writer finished before it could be killed').to.equal('SIGKILL');
    expect(acked.length).to.be.at.least(killAfter);

    const copies = crashCopies();
    expect(acked).to.deep.equal(copies.slice(0, acked.length).map((c) => c.id));
    const server = await startServer(['--data-dir', dataDir, '--base-url', 'https://crash.example.org/']);
    try {
      // Every acknowledged document, and the next few (perhaps in flight at the kill): exact or absent.
      const toCheck = copies.slice(0, acked.length + 5);
      let present = 0;
      for (const [i, copy] of toCheck.entries()) {
        const ingested = ingestDocument(copy.json);
        const expected = renderDocument(ingested.id, [...ingested.quads, ...ingested.hintQuads])!.document;
        const got = await fetchDocument(server.url, copy.id);
        if (i < acked.length) expect(got, `acknowledged ${copy.id} is missing`).to.not.equal(undefined);
        if (got !== undefined) expect(withoutLinks(got), `${copy.id} is half-written`).to.deep.equal(expected);
        if (got !== undefined) present++;
      }
      // The reverse-link index (each document's links graph, written in the same atomic write) counts exactly the documents present.
      const root = (await (await fetch(`${server.url}/`)).json()) as { totalItems: number };
      expect(root.totalItems, 'documents the index knows').to.equal(present);
    } finally {
      await server.stop();
    }
  });
});

/** GET a document by id from a server whose base URL is the ids' origin. */
async function fetchDocument(serverUrl: string, id: string): Promise<object | undefined> {
  const response = await fetch(serverUrl + new URL(id).pathname);
  if (response.status === 404) return undefined;
  expect(response.status).to.equal(200);
  return (await response.json()) as object;
}
