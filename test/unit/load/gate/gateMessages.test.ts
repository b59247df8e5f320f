/**
 * A batch's message to a check worker (src/load/gate/gateMessages.ts): a JSON record read from
 * a dump goes as the text it was parsed from, not as the parsed document (issue 35: cloning the
 * documents, and keeping them until the batch went, held the thread that answers readers during
 * a /_bulk), and the worker gets the same document back; a record without its text goes as it is.
 */
import { expect } from 'chai';
import { parsedPiece } from '../../../../src/load/jsonRecords.js';
import { itemsOf, JobBuilder } from '../../../../src/load/gate/gateMessages.js';
import { CheckWorkers } from '../../../../src/load/gate/CheckWorkers.js';
import { inThreadGate } from '../../../../src/load/gate/Gate.js';
import { DEFAULT_GATE_OPTIONS, type DocumentRecord } from '../../../../src/load/gate/checkBatch.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../../../src/ingest/documentLimits.js';
import { DEMO_DIR, readDocuments } from '../../../support/corpus.js';

const demo = readDocuments(DEMO_DIR).map((d) => d.json);
const now = new Date('2026-11-28T04:00:00Z');

/** A dump's line read as the load reads it. */
function readLine(json: unknown, line: number): DocumentRecord {
  const text = JSON.stringify(json);
  const record = parsedPiece({ text, line, record: line }, DEFAULT_DOCUMENT_LIMITS);
  if (record.kind !== 'json') throw new Error(`line ${line} read as ${record.kind}`);
  return record;
}

describe('load gate: a JSON record sent to a check worker', () => {
  it('goes as the text it was read from, and comes out of the message as the same document', () => {
    const builder = new JobBuilder();
    builder.add(readLine(demo[0], 1), 'dump');
    const { work } = builder.job([undefined], now, true, DEFAULT_GATE_OPTIONS);
    const [item] = work.items;
    expect(item).to.include({ kind: 'json', text: JSON.stringify(demo[0]) });
    expect(item, 'no parsed document in the message').not.to.have.property('json');
    const [out] = [...itemsOf(work)];
    expect(out.record).to.deep.equal({ kind: 'json', location: 'line 1 (record 1)', json: demo[0], base: undefined });
  });

  it('without its text (a record not read from a dump), as the document', () => {
    const builder = new JobBuilder();
    builder.add({ kind: 'json', location: 'harvested', json: demo[1], base: 'https://example.org/' }, 'feed');
    const { work } = builder.job(['a digest'], now, false, DEFAULT_GATE_OPTIONS);
    expect(work.items[0]).to.deep.include({ json: demo[1] }).and.not.to.have.property('text');
    const [out] = [...itemsOf(work)];
    expect(out).to.deep.equal({
      record: { kind: 'json', location: 'harvested', json: demo[1], base: 'https://example.org/' },
      source: 'feed',
      before: 'a digest',
    });
  });

  it('checked in a worker from its text: the verdicts of the same records checked in this thread', async () => {
    const workers = new CheckWorkers(1);
    try {
      const records = demo.slice(0, 4).map((json, i) => readLine(json, i + 1));
      const verdicts = async (gate: typeof inThreadGate) => {
        const batch = gate.batch();
        for (const r of records) batch.add(r, 'dump');
        return (await batch.check([undefined, undefined, undefined, undefined], now, true)).verdicts;
      };
      const there = await verdicts(workers);
      expect(there.map((v) => v.kind)).to.deep.equal(['pass', 'pass', 'pass', 'pass']);
      expect(there).to.deep.equal(await verdicts(inThreadGate));
    } finally {
      await workers.close();
    }
  });
});
