import { expect } from 'chai';
import { Readable } from 'node:stream';
import { ingestDocument } from '../../../src/ingest/ingestDocument.js';
import type { Problem } from '../../../src/linkedart/Problem.js';
import { jsonRecords } from '../../../src/load/jsonRecords.js';
import type { LoadRecord } from '../../../src/load/records.js';
import { rejectedRecord, rejectLine } from '../../../src/load/rejectsFile.js';
import { df } from '../../../src/rdf/terms.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'http://localhost:8080/object/bad-name';
const BAD = { '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'Bowl', identified_by: [{ type: 'Name' }] };
const PROBLEM: Problem = {
  document: ID,
  path: 'identified_by[0]',
  value: '{"type":"Name"}',
  rule: 'NameContent',
  message: 'A Name must have content.',
  hint: 'give the Name its "content"',
  severity: 'Violation',
};

async function read(text: string): Promise<LoadRecord[]> {
  const out: LoadRecord[] = [];
  for await (const r of jsonRecords(Readable.from([text]))) out.push(r);
  return out;
}

describe("load: the rejects file's lines, written and read back", () => {
  it('a JSON record: the document as given, its problems beside it, where it was', () => {
    const line = JSON.parse(
      rejectLine({
        source: 'dump.ndjson',
        location: 'line 2 (record 2)',
        id: ID,
        problems: [PROBLEM],
        record: { kind: 'json', location: 'line 2 (record 2)', json: BAD },
      }),
    ) as Record<string, unknown>;
    expect(Object.keys(line)).to.deep.equal(['source', 'location', 'id', 'problems', 'document']);
    expect(line).to.deep.equal({
      source: 'dump.ndjson',
      location: 'line 2 (record 2)',
      id: ID,
      problems: [PROBLEM],
      document: BAD,
    });
  });

  it('a graph record that renders: the document rendered from it', () => {
    const doc = ingestDocument(BAD);
    const line = JSON.parse(
      rejectLine({
        source: 'dump.nq',
        location: 'graph 1',
        id: ID,
        problems: [PROBLEM],
        record: { kind: 'graph', location: 'graph 1', id: ID, quads: doc.quads, hints: doc.hintQuads },
      }),
    ) as Record<string, unknown>;
    expect(line['document']).to.deep.equal(BAD);
    expect(line['nquads']).to.equal(undefined);
  });

  it('a graph record that cannot be rendered whole: its N-Quads (hints as #@hint comments), read back as the same graph', () => {
    const doc = ingestDocument(BAD);
    const stray = df.quad(
      df.namedNode('http://localhost:8080/elsewhere'),
      df.namedNode('http://www.cidoc-crm.org/cidoc-crm/P3_has_note'),
      df.literal('x'),
      df.namedNode(ID),
    );
    const quads = [...doc.quads, stray];
    const text = rejectLine({
      source: 'dump.nq',
      location: 'graph 1',
      id: ID,
      problems: [PROBLEM],
      record: { kind: 'graph', location: 'graph 1', id: ID, quads, hints: doc.hintQuads },
    });
    const line = JSON.parse(text) as { nquads: string; document?: unknown };
    expect(line.document).to.equal(undefined);
    expect(line.nquads).to.contain('#@hint ');
    const back = rejectedRecord(line, 'line 1 (record 1)');
    expect(back?.kind).to.equal('graph');
    if (back?.kind !== 'graph') return;
    expect(back.quads).to.have.length(quads.length);
    expect(back.hints.map((q) => q.object.value)).to.deep.equal(
      doc.hintQuads.filter((q) => q.predicate.value === 'urn:linkedart-service:shape').map((q) => q.object.value),
    );
  });

  it('the JSON readers take a rejects line as the document it holds, and leave other JSON alone', async () => {
    const text = [
      JSON.stringify({ source: 'a', location: 'line 1', id: ID, problems: [PROBLEM], document: BAD }),
      JSON.stringify(BAD),
      JSON.stringify({ source: 'a', location: 'line 3', problems: [], document: [1, 2] }),
    ].join('\n');
    const records = await read(text);
    expect(records.map((r) => r.kind === 'json' && r.json)).to.deep.equal([BAD, BAD, [1, 2]]);
    expect(records.map((r) => r.location)).to.deep.equal([
      'line 1 (record 1)',
      'line 2 (record 2)',
      'line 3 (record 3)',
    ]);
  });
});
