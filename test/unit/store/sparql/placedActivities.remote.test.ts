/**
 * The change feed's activities numbered by Virtuoso in the write's own request
 * (placedActivities.ts, SparqlStore.replaceGraphsPlacing): a write whose given number another
 * process took takes the next free one, with its documents, and says which; writers of different
 * documents at once all succeed, numbered 1…n without a gap or a repeat; a write whose number is
 * further behind than the claim looks stores nothing (a WriteConflict); and a write made from a
 * document's absence stores nothing once another process created it (the guard's check, in the request).
 */
import { expect } from 'chai';
import { df, toPlainQuad, type Quad } from '../../../../src/rdf/terms.js';
import { ACTIVITY_GRAPH_PREFIX } from '../../../../src/store/internalGraphs.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';
import { StoreRequestFailed } from '../../../../src/store/sparql/errors.js';
import { guardOf, isClaimLost, TAKE_TURN } from '../../../../src/store/sparql/writeTurn.js';
import { WriteConflict } from '../../../../src/store/WriteConflict.js';
import { openTestStore, REMOTE_STORE_URL } from '../../../support/testStore.js';

const ACTIVITY = 'urn:linkedart-service:activity';
const doc = (n: number) => `https://placed.example.org/object/${n}`;
const activity = (n: number) => `${ACTIVITY_GRAPH_PREFIX}${n}`;

function documentGraph(id: string, label: string): [string, Quad[]] {
  const subject = df.namedNode(id);
  return [id, [df.quad(subject, df.namedNode('https://placed.example.org/p/label'), df.literal(label), subject)]];
}

/** An activity graph as the change feed writes it: one quad, its subject the graph. */
function activityGraph(n: number, what: string): [string, Quad[]] {
  const graph = df.namedNode(activity(n));
  return [activity(n), [df.quad(graph, df.namedNode(ACTIVITY), df.literal(what), graph)]];
}

describe('Activities placed by Virtuoso in the write', function () {
  this.timeout(120000);
  let store: SparqlStore;
  let other: SparqlStore;
  before(async function () {
    if (!REMOTE_STORE_URL) this.skip();
    store = (await openTestStore('placed-activities')) as SparqlStore;
    other = (await openTestStore('placed-activities')) as SparqlStore;
  });
  beforeEach(async () => {
    await store.clear();
  });
  after(async () => {
    await store?.close();
    await other?.close();
  });

  /** What each activity graph 1…n says, in order ('' for none). */
  async function feed(n: number): Promise<string[]> {
    const quads = await store.readGraphs(Array.from({ length: n }, (_, i) => activity(i + 1)));
    return Array.from(
      { length: n },
      (_, i) =>
        quads.find((q) => q.graph.value === activity(i + 1) && q.predicate.value === ACTIVITY)?.object.value ?? '',
    );
  }

  const write = (on: SparqlStore, id: number, given: number, what: string) =>
    on.replaceGraphsPlacing(
      new Map([documentGraph(doc(id), what), activityGraph(given, what)]),
      new Set([activity(given)]),
    );

  it('a write whose given number was taken takes the next free one, with its document, and says which', async () => {
    expect(await write(store, 1, 1, 'first')).to.deep.equal(new Map([[1, 1]]));
    expect(await write(other, 2, 2, 'other process')).to.deep.equal(new Map([[2, 2]]));
    // This process still knew a feed of one activity.
    expect(await write(store, 3, 2, 'third')).to.deep.equal(new Map([[2, 3]]));
    expect(await feed(4)).to.deep.equal(['first', 'other process', 'third', '']);
    expect((await store.readGraphs([doc(3)])).map((q) => q.object.value)).to.deep.equal(['third']);
  });

  it('an activity in the four-triple form written before takes its number: the next write takes the one after', async () => {
    // The claim looks for an activity's own quads (placedActivities.ts TAKEN): the old form has no activity quad.
    const graph = df.namedNode(activity(1));
    const as = (name: string) => df.namedNode(`https://www.w3.org/ns/activitystreams#${name}`);
    const old = [
      df.quad(graph, df.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), as('Create'), graph),
      df.quad(graph, as('object'), df.namedNode(doc(9)), graph),
    ];
    await store.replaceGraphs(new Map([[activity(1), old]]), new Set([activity(1)]));
    expect(await write(store, 1, 1, 'after the old form')).to.deep.equal(new Map([[1, 2]]));
    expect(await feed(3)).to.deep.equal(['', 'after the old form', '']);
  });

  it("reads the numbers from Virtuoso's answer to the write: no query after it (placedAnswer.ts)", async () => {
    expect(await write(store, 1, 1, 'first')).to.deep.equal(new Map([[1, 1]]));
    const query = store.http.query.bind(store.http);
    const asked: string[] = [];
    store.http.query = (sparql, accept, options) => {
      asked.push(sparql);
      return query(sparql, accept, options);
    };
    try {
      // A document and two activities already stored (absent: none read first); the given numbers 1–2 were taken by one.
      const places = await store.replaceGraphsPlacing(
        new Map([documentGraph(doc(2), 'second'), activityGraph(1, 'second'), activityGraph(2, 'third')]),
        new Set([doc(2), activity(1), activity(2)]),
      );
      expect(places).to.deep.equal(
        new Map([
          [1, 2],
          [2, 3],
        ]),
      );
    } finally {
      store.http.query = query;
    }
    expect(asked).to.deep.equal([]);
    expect(await feed(4)).to.deep.equal(['first', 'second', 'third', '']);
  });

  it('writes of different documents at once from two connections, all from the same given number: all stored, 1…n once each', async () => {
    const writes = Array.from({ length: 8 }, (_, i) => write(i % 2 ? other : store, i + 1, 1, `write ${i + 1}`));
    const places = await Promise.all(writes);
    const numbers = places.map((p) => p.get(1)).sort((a, b) => a! - b!);
    expect(numbers).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
    const said = await feed(9);
    expect(said.slice(0, 8).sort()).to.deep.equal(Array.from({ length: 8 }, (_, i) => `write ${i + 1}`).sort());
    expect(said[8]).to.equal('');
    for (const [i, p] of places.entries()) expect(said[p.get(1)! - 1]).to.equal(`write ${i + 1}`);
  });

  it('a write whose given number is further behind than the claim looks stores nothing: a WriteConflict', async () => {
    const graphs = new Map(Array.from({ length: 70 }, (_, i) => activityGraph(i + 1, `earlier ${i + 1}`)));
    await store.replaceGraphs(graphs, new Set(graphs.keys()));
    let failure: unknown;
    try {
      await write(store, 1, 1, 'late');
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(WriteConflict);
    expect(await store.readGraphs([doc(1)])).to.deep.equal([]);
    expect((await feed(71)).slice(69)).to.deep.equal(['earlier 70', '']);
  });

  for (const placing of [false, true])
    it(`a write made from a document's absence stores nothing once another process created it (${placing ? 'placed' : 'numbered'})`, async () => {
      // Read before: not stored. Then another process creates it, as activity 1.
      const run = [documentGraph(doc(1), 'second create'), activityGraph(2, 'second create')].map(
        ([name, quads]) => [name, quads.map(toPlainQuad)] as const,
      );
      const guard = guardOf(run, new Map(), new Set([activity(2)]), undefined, placing)!;
      await write(other, 1, 1, 'first create');
      let failure: unknown;
      try {
        await store.update([TAKE_TURN, guard.claim, guard.check].join(' ;\n'));
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(StoreRequestFailed);
      expect(isClaimLost((failure as StoreRequestFailed).body)).to.equal(true);
      expect(await feed(2)).to.deep.equal(['first create', '']);
    });
});
