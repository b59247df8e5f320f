/**
 * The store's files are read into one buffer again and again (issue 35: a new buffer a block left
 * hundreds of MB of dead ones to the thread's malloc arena, resident for good). Each record and
 * each snapshot chunk must still be exactly what was written while it is handed over, across
 * refills, carries and a piece larger than the buffer.
 */
import { expect } from 'chai';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LogReader } from '../../../../src/store/embedded/LogReader.js';
import { encodeRecord } from '../../../../src/store/embedded/logRecord.js';
import { SnapshotWriter, readSnapshot } from '../../../../src/store/embedded/snapshot.js';
import { tempDir } from '../fixtures.js';

/** Buffers above half of Node's 8 KiB pool are allocated on their own, so a new one shows. */
const BLOCK = 8192;

/** N-Triples of `lines` distinct triples about `name`. */
function triples(name: string, lines: number): string {
  let text = '';
  for (let i = 0; i < lines; i++)
    text += `<https://example.org/${name}> <https://example.org/p${i}> "${i} ${name}" .\n`;
  return text;
}

describe('the store files read into one buffer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('read-buffers-');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hands over every log record whole, across refills and one record larger than a block, from one buffer', async () => {
    // Records of 1 to about 30 KB: most cross a block's end, one is several blocks long.
    const bodies = [3, 40, 7, 90, 1, 400, 25, 60, 2, 130].map((n, i) => triples(`doc${i}`, n));
    const path = join(dir, 'wal-0000000000000001.log');
    await writeFile(
      path,
      Buffer.concat(bodies.map((body, i) => encodeRecord({ seq: i + 1, op: 'replace', graphs: [`g${i}`] }, body))),
    );
    const reader = await LogReader.open(path, BLOCK);
    const seen: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    try {
      for (let rec = await reader.next(); rec; rec = await reader.next()) {
        seen.push(rec.body.toString('utf8'));
        buffers.add(rec.body.buffer);
      }
    } finally {
      await reader.close();
    }
    expect(reader.stopReason).to.equal(null);
    expect(seen).to.deep.equal(bodies);
    // The block's buffer, and the one grown for the record larger than it: not one a block.
    expect(buffers.size).to.be.at.most(2);
  });

  it('hands over the snapshot in chunks of whole graphs, a graph larger than a chunk too, from one buffer', async () => {
    const graphs = [5, 80, 3, 600, 12, 45, 200, 1, 70].map((n, i) => [
      `https://example.org/g${i}`,
      triples(`s${i}`, n),
    ]);
    const writer = await SnapshotWriter.create(dir, 7);
    for (const [name, text] of graphs) await writer.addGraph(`<${name}>`, text);
    await writer.commit();
    const chunks: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    const info = await readSnapshot(dir, BLOCK, (chunk) => {
      chunks.push(chunk.toString('utf8'));
      buffers.add(chunk.buffer);
    });
    expect(info?.seq).to.equal(7);
    const expected = graphs.map(([name, text]) => `${text.replace(/ \.$/gm, ` <${name}> .`)}\n`);
    for (const chunk of chunks) expect(chunk.endsWith('\n\n'), 'a chunk ends after a graph').to.equal(true);
    expect(chunks.join('')).to.equal(expected.join(''));
    expect(chunks.length).to.be.at.least(3);
    expect(buffers.size).to.be.at.most(2);
  });
});
