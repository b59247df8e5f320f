/**
 * The write guard on a real Virtuoso (writeTurn.ts): a request whose activity number another
 * process took first stores nothing of its documents and is a WriteConflict; a request that
 * holds its claim stores everything, however large the document (the data go as INSERT DATA,
 * which Virtuoso does not compile into SQL, so a large document passes none of its SQL limits).
 */
import { expect } from 'chai';
import { df, type Quad } from '../../../../src/rdf/terms.js';
import { ACTIVITY_GRAPH_PREFIX } from '../../../../src/store/internalGraphs.js';
import { SparqlStore } from '../../../../src/store/sparql/SparqlStore.js';
import { WriteConflict } from '../../../../src/store/WriteConflict.js';
import { TAKE_TURN } from '../../../../src/store/sparql/writeTurn.js';
import { openTestStore, REMOTE_STORE_URL } from '../../../support/testStore.js';

const DOC = 'https://guard.example.org/object/1';
const p = (v: string) => df.namedNode(`https://guard.example.org/p/${v}`);
const activity = (n: number) => `${ACTIVITY_GRAPH_PREFIX}${n}`;
/** The write turn's quad (writeTurn.ts). */
const TURN_QUAD =
  'GRAPH <urn:linkedart-service:write-turn> { <urn:linkedart-service:store> <urn:linkedart-service:writeTurn> "held" }';

/** A document's graph whose label says which version it is, and `names` long values beside. */
function documentGraph(version: string, names = 0): Quad[] {
  const subject = df.namedNode(DOC);
  return [
    df.quad(subject, p('label'), df.literal(version), subject),
    ...Array.from({ length: names }, (_, i) =>
      df.quad(subject, p('name'), df.literal(`${version} name ${i} ${'x'.repeat(1500)}`), subject),
    ),
  ];
}

function activityGraph(n: number, what: string): Quad[] {
  const graph = df.namedNode(activity(n));
  return [df.quad(graph, p('says'), df.literal(what), graph)];
}

describe('The write guard on Virtuoso', function () {
  this.timeout(120000);
  let store: SparqlStore;
  before(async function () {
    if (!REMOTE_STORE_URL) this.skip();
    store = (await openTestStore('write-guard')) as SparqlStore;
  });
  after(async () => {
    await store?.close();
  });

  const labels = async (): Promise<string[]> =>
    (await store.readGraphs([DOC])).filter((q) => q.predicate.equals(p('label'))).map((q) => q.object.value);

  it('a write whose activity number was taken stores nothing of its document: a WriteConflict', async () => {
    await store.replaceGraphs(
      new Map([
        [DOC, documentGraph('first')],
        [activity(1), activityGraph(1, 'first')],
      ]),
      new Set([activity(1)]),
    );
    // Another process takes number 2 first.
    await store.replaceGraphs(new Map([[activity(2), activityGraph(2, 'other process')]]), new Set([activity(2)]));
    let failure: unknown;
    try {
      await store.replaceGraphs(
        new Map([
          [DOC, documentGraph('second')],
          [activity(2), activityGraph(2, 'second')],
        ]),
        new Set([activity(2)]),
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(WriteConflict);
    expect(await labels()).to.deep.equal(['first']);
    const two = await store.readGraphs([activity(2)]);
    expect(two.filter((q) => q.predicate.equals(p('says'))).map((q) => q.object.value)).to.deep.equal([
      'other process',
    ]);
  });

  it('a write that holds its claim stores a large document whole (465 values of 1.5 KB), created and replaced', async () => {
    for (const [n, version] of [
      [3, 'large'],
      [4, 'larger'],
    ] as const) {
      await store.replaceGraphs(
        new Map([
          [DOC, documentGraph(version, 465)],
          [activity(n), activityGraph(n, version)],
        ]),
        new Set([activity(n)]),
      );
      expect(await labels()).to.deep.equal([version]);
      expect((await store.readGraphs([DOC])).length).to.equal(466);
    }
  });

  /** Whether the turn's quad is in the store. */
  const turnHeld = async (): Promise<boolean> => {
    const result = await store.query(`ASK { ${TURN_QUAD} }`);
    return result.kind === 'boolean' && result.value;
  };

  it("the turn's quad stays in the store between writes: the next write's DELETE locks a row that is there", async () => {
    await store.replaceGraphs(new Map([[activity(5), activityGraph(5, 'fifth')]]), new Set([activity(5)]));
    expect(await turnHeld()).to.equal(true);
  });

  for (const [state, prepare] of [
    ['there', () => Promise.resolve()],
    ['absent (a new store, or lost on a crash)', () => store.update(`DELETE DATA { ${TURN_QUAD} }`)],
  ] as const)
    it(`a request taking the turn waits for one that holds it, the quad ${state}`, async () => {
      await prepare();
      const holding = `${TAKE_TURN} ;\nINSERT { GRAPH <urn:linkedart-test:turn> { <urn:linkedart-test:turn> <urn:linkedart-test:waited> ?d } } WHERE { BIND (bif:delay(1.5) AS ?d) }`;
      // The first request is given a head start to take the turn; on a busy machine it may not have
      // taken it yet when the second is sent (the second then goes first, proving nothing): a longer
      // head start is tried then. Without the turn the second, which holds nothing, ends first every time.
      const tries: string[][] = [];
      for (const headStart of [300, 1000, 3000]) {
        const ended: string[] = [];
        const first = store.update(holding).then(() => ended.push('first'));
        await new Promise((resolve) => setTimeout(resolve, headStart));
        const sent = Date.now();
        let waited = 0;
        const second = store.update(TAKE_TURN).then(() => {
          waited = Date.now() - sent;
          ended.push('second');
        });
        await Promise.all([first, second]);
        tries.push(ended);
        if (ended[0] !== 'first') continue;
        expect(ended).to.deep.equal(['first', 'second']);
        expect(headStart + waited, 'the second ended after the first’s 1.5 s hold').to.be.at.least(1400);
        break;
      }
      expect(tries[tries.length - 1], JSON.stringify(tries)).to.deep.equal(['first', 'second']);
      expect(await turnHeld()).to.equal(true);
    });
});
