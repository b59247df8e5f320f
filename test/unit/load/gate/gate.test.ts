/**
 * The gate of a load's batches (src/load/gate): checkBatch's verdicts, and the same verdicts
 * and stored documents whether a batch is checked in this thread or in a check worker (the
 * records travel interned, the graphs come back so).
 */
import { expect } from 'chai';
import type { DocumentRecord } from '../../../../src/load/gate/checkBatch.js';
import { checkBatch } from '../../../../src/load/gate/checkBatch.js';
import { CheckWorkers } from '../../../../src/load/gate/CheckWorkers.js';
import { inThreadGate, type Gate, type GateResult } from '../../../../src/load/gate/Gate.js';
import type { Change } from '../../../../src/feed/ChangeFeed.js';
import { DocumentService } from '../../../../src/service/DocumentService.js';
import { digestOf } from '../../../../src/service/storedDocument.js';
import { admitDocument } from '../../../../src/validate/admitDocument.js';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { DEMO_DIR, readDocuments } from '../../../support/corpus.js';
import { MemoryStore } from '../../../support/memoryStore.js';

const CONTEXT = 'https://linked.art/ns/v1/linked-art.json';
const demo = readDocuments(DEMO_DIR).map((d) => d.json);
const BAD = {
  '@context': CONTEXT,
  id: 'http://localhost:8080/object/nameless',
  type: 'HumanMadeObject',
  _label: 'Nameless',
  identified_by: [{ type: 'Name' }],
};

/** A graph record of a document, as an N-Quads dump with its hints gives it. */
function graphRecord(json: Record<string, unknown>, location: string): DocumentRecord {
  const doc = admitDocument(json);
  // Blank node labels of a reader's own, as a dump read back has them.
  const label = <T extends Quad['subject'] | Quad['object']>(t: T): T =>
    t.termType === 'BlankNode' ? (df.blankNode(`r_${t.value}`) as T) : t;
  const quads = doc.quads.map((q) => df.quad(label(q.subject), q.predicate, label(q.object), q.graph));
  return { kind: 'graph', location, id: doc.id, quads, hints: doc.hintQuads };
}

describe('load gate: a batch checked', () => {
  // good JSON, a bad one, a graph, one stored the same, one stored otherwise.
  const records: DocumentRecord[] = [
    { kind: 'json', location: 'line 1', json: demo[0] },
    { kind: 'json', location: 'line 2', json: BAD },
    graphRecord(demo[1], 'graph 3'),
    { kind: 'json', location: 'line 4', json: demo[2] },
    graphRecord(demo[3], 'graph 5'),
  ];
  const before = [undefined, undefined, undefined, digestOf(admitDocument(demo[2])), 'another digest'];
  const now = new Date('2026-11-21T12:00:00Z');

  it('says of each record, in order: passed (new or replacing), unchanged, or rejected with its problems', () => {
    const kept: string[] = [];
    const verdicts = checkBatch(
      records.map((record, i) => ({ record, source: 'dump', before: before[i] })),
      now,
      (g) => kept.push(g),
    );
    expect(verdicts.map((v) => v.kind)).to.deep.equal(['pass', 'rejected', 'pass', 'unchanged', 'pass']);
    expect(verdicts.map((v) => v.kind === 'pass' && v.replaced)).to.deep.equal([false, false, false, false, true]);
    const rejected = verdicts[1];
    expect(rejected.kind === 'rejected' && rejected.id).to.equal(BAD.id);
    expect(
      rejected.kind === 'rejected' &&
        rejected.problems.filter((p) => p.severity === 'Violation').map((p) => [p.path, p.rule, p.value]),
    ).to.deep.equal([['identified_by[0]', 'NameContent', '{"type":"Name"}']]);
    // Each document that passed: its graph, then its hint graph.
    const passed = [demo[0], demo[1], demo[3]].map((d) => d['id'] as string);
    expect(kept).to.deep.equal(
      passed.flatMap((id) => [id, `urn:linkedart-service:hints:${id}`, `urn:linkedart-service:links:${id}`]),
    );
  });

  it('without a place to keep graphs (a dry run): the same verdicts', () => {
    const items = records.map((record, i) => ({ record, source: 'dump', before: before[i] }));
    expect(checkBatch(items, now)).to.deep.equal(checkBatch(items, now, () => undefined));
  });

  describe('in this thread and in check workers alike', () => {
    const workers = new CheckWorkers(2);
    after(() => workers.close());

    async function through(gate: Gate): Promise<{ result: GateResult; documents: unknown[] }> {
      const batch = gate.batch();
      for (const r of records) batch.add(r, 'dump');
      const result = await batch.check(before, now, true);
      const service = new DocumentService(new MemoryStore());
      const changes = result.verdicts.flatMap((v): Change[] =>
        v.kind === 'pass' ? [{ kind: 'Create', id: v.id, type: v.type }] : [],
      );
      const ids = changes.map((c) => c.id);
      await service.writeChecked(result.graphs, changes, now);
      const documents = await Promise.all(
        ids.map(async (id) => {
          const stored = await service.read(id);
          return {
            document: (await service.get(id))?.document,
            lastModified: stored?.lastModified?.toISOString(),
            version: await service.version(id),
          };
        }),
      );
      return { result, documents };
    }

    it('the same verdicts, and the graphs stored give the same documents, stamps and digests', async () => {
      const here = await through(inThreadGate);
      const there = await through(workers);
      expect(there.result.verdicts).to.deep.equal(here.result.verdicts);
      expect('codes' in there.result.graphs, 'interned').to.equal(true);
      expect(there.documents).to.deep.equal(here.documents);
      expect(here.documents.map((d) => (d as { lastModified: string }).lastModified)).to.deep.equal(
        Array(3).fill(now.toISOString()),
      );
    });

    it('batches sent together are each answered with their own verdicts', async () => {
      const batches = [0, 1, 2, 3].map((n) => {
        const batch = workers.batch();
        batch.add({ kind: 'json', location: `line ${n}`, json: demo[n] }, `dump ${n}`);
        return batch.check([undefined], now, false);
      });
      const answers = await Promise.all(batches);
      expect(answers.map((a) => a.verdicts.map((v) => v.kind === 'pass' && v.id))).to.deep.equal(
        [0, 1, 2, 3].map((n) => [demo[n]['id']]),
      );
    });

    it('once closed, a batch is refused with an error, not left waiting', async () => {
      const closing = new CheckWorkers(1);
      await closing.close();
      const batch = closing.batch();
      batch.add(records[0], 'dump');
      await batch.check([undefined], now, true).then(
        () => expect.fail('checked after close'),
        (error: Error) => expect(error.message).to.match(/closed/),
      );
    });
  });
});
