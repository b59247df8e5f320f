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
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { withoutLinks } from '../support/withoutLinks.js';
import { crashCopies } from './support/crashCopies.js';
import { startServer } from './support/serverProcess.js';

describe('durability: kill -9 during writes, then restart', function () {
  this.timeout(180000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-crash-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write, and no document is half-written', async () => {
    const acked: string[] = [];
    const deleting: string[] = [];
    const deleted = new Set<string>();
    const writer = spawn(process.execPath, [`${PROJECT_ROOT}dist/test/integration/support/writeStream.js`, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const killAfter = 300 + Math.floor(Math.random() * 200);
    await new Promise<void>((resolve) => {
      let buffer = '';
      writer.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          if (line.startsWith('ack ')) acked.push(line.slice(4));
          else if (line.startsWith('deleting ')) deleting.push(line.slice(9));
          else if (line.startsWith('deleted ')) deleted.add(line.slice(8));
        }
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
        // A delete in flight at the kill may or may not have happened.
        const inFlightDelete = deleting.includes(copy.id) && !deleted.has(copy.id);
        if (deleted.has(copy.id)) expect(got, `${copy.id} was deleted`).to.equal(undefined);
        else if (i < acked.length && !inFlightDelete)
          expect(got, `acknowledged ${copy.id} is missing`).to.not.equal(undefined);
        if (got !== undefined) expect(withoutLinks(got), `${copy.id} is half-written`).to.deep.equal(expected);
        if (got !== undefined) present++;
      }
      // The reverse-link index (each document's links graph, written in the same atomic write) counts exactly the documents present.
      const root = (await (await fetch(`${server.url}/`)).json()) as { totalItems: number };
      expect(root.totalItems, 'documents the index knows').to.equal(present);
      // The change feed (written in the same atomic writes) agrees: replayed, it gives exactly the documents present.
      const replayed = new Map<string, string>();
      for (const item of await feedItems(server.url)) {
        if (item.type === 'Delete') replayed.delete(item.object.id);
        else replayed.set(item.object.id, item.endTime);
      }
      for (const copy of toCheck) {
        const response = await fetch(server.url + new URL(copy.id).pathname);
        expect(
          replayed.has(copy.id),
          `${copy.id}: the feed says ${replayed.has(copy.id) ? 'present' : 'absent'}, GET answers ${response.status}`,
        ).to.equal(response.status === 200);
        if (response.status === 200)
          expect(replayed.get(copy.id), `${copy.id}: endTime is its Last-Modified`).to.equal(
            new Date(response.headers.get('last-modified')!).toISOString().replace('.000Z', 'Z'),
          );
        if (deleted.has(copy.id)) expect(response.status, `${copy.id} was deleted: 410`).to.equal(410);
      }
      expect(replayed.size).to.equal(present);
    } finally {
      await server.stop();
    }
  });
});

/** Every activity of the server's feed, oldest first, from `last` back through `prev`. */
async function feedItems(serverUrl: string): Promise<Array<{ type: string; object: { id: string }; endTime: string }>> {
  type Page = { prev?: { id: string }; orderedItems: Array<{ type: string; object: { id: string }; endTime: string }> };
  const pages: Page[] = [];
  const local = (href: string) => serverUrl + new URL(href).pathname;
  let href: string | undefined = (
    (await (await fetch(`${serverUrl}/activity-stream`)).json()) as { last: { id: string } }
  ).last.id;
  while (href) {
    const page = (await (await fetch(local(href))).json()) as Page;
    pages.unshift(page);
    href = page.prev?.id;
  }
  return pages.flatMap((p) => p.orderedItems);
}

/** GET a document by id from a server whose base URL is the ids' origin. */
async function fetchDocument(serverUrl: string, id: string): Promise<object | undefined> {
  const response = await fetch(serverUrl + new URL(id).pathname);
  if (response.status === 404 || response.status === 410) return undefined;
  expect(response.status).to.equal(200);
  return (await response.json()) as object;
}
