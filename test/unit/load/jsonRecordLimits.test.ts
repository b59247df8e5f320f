import { expect } from 'chai';
import { Readable } from 'node:stream';
import { jsonRecords } from '../../../src/load/jsonRecords.js';
import type { LoadRecord } from '../../../src/load/records.js';
import { rejectLine } from '../../../src/load/rejectsFile.js';

const LIMITS = { maxBytes: 1000, maxDepth: 4, maxArrayItems: 3 };

async function read(chunks: readonly string[]): Promise<LoadRecord[]> {
  const out: LoadRecord[] = [];
  for await (const record of jsonRecords(Readable.from(chunks), LIMITS)) out.push(record);
  return out;
}

const summary = (r: LoadRecord) => [r.kind, r.location, r.kind === 'refused' ? r.problem.rule : undefined];

describe('JSON records held against the limits on one document', () => {
  it('a record past the size limit, read in small chunks, is not kept but refused with its size in bytes; the records around it are read', async () => {
    const big = `{"id":"https://example.org/big","_label":"${'é'.repeat(3500)}"}`;
    const text = `[{"id":"https://example.org/a"},\n${big},\n{"id":"https://example.org/b"}]`;
    const chunks = text.match(/[\s\S]{1,7}/g)!;
    const records = await read(chunks);
    expect(records.map(summary)).to.deep.equal([
      ['json', 'line 1 (record 1)', undefined],
      ['refused', 'line 2 (record 2)', 'document-too-large'],
      ['json', 'line 3 (record 3)', undefined],
    ]);
    const refused = records[1] as Extract<LoadRecord, { kind: 'refused' }>;
    expect(refused.problem.message).to.contain(
      `the document is ${Buffer.byteLength(big)} bytes; the limit is 1000 bytes`,
    );
    // Too large to keep: its rejects line says so, and reads back as a pointer to where it was.
    const line = rejectLine({
      source: 'dump.json',
      location: refused.location,
      id: undefined,
      problems: [refused.problem],
      record: refused,
    });
    const back = await read([line]);
    expect(back.map((r) => r.kind)).to.deep.equal(['unreadable']);
    expect(back[0].kind === 'unreadable' && back[0].message).to.contain('dump.json line 2 (record 2)');
  });

  it('a record nested too deep is refused with its id and its text kept, and its rejects line reads back as the same refusal', async () => {
    const deep = '{"id":"https://example.org/deep","a":{"b":{"c":{"d":{}}}}}';
    const records = await read([`${deep}\n{"id":"https://example.org/ok"}\n`]);
    expect(records.map(summary)).to.deep.equal([
      ['refused', 'line 1 (record 1)', 'nested-too-deep'],
      ['json', 'line 2 (record 2)', undefined],
    ]);
    const refused = records[0] as Extract<LoadRecord, { kind: 'refused' }>;
    expect(refused).to.include({ id: 'https://example.org/deep', text: deep });
    expect(refused.problem.path).to.equal('a.b.c.d');
    const line = rejectLine({
      source: 'dump.ndjson',
      location: refused.location,
      id: refused.id,
      problems: [refused.problem],
      record: refused,
    });
    const back = await read([line]);
    expect(back.map(summary)).to.deep.equal([['refused', 'line 1 (record 1)', 'nested-too-deep']]);
  });
});
