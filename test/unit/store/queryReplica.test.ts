/**
 * The embedded store's SPARQL engine (QueryReplica + queryWorker): curators' queries see every
 * acknowledged write and no internal graph, the replica ends equal to the store however writes
 * and its seeding interleave, and a runaway query is stopped while the store keeps serving.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { QueryTimedOut } from '../../../src/sparql/errors.js';
import { df } from '../../../src/rdf/terms.js';
import { docGraph, documentGraphs } from './fixtures.js';

const INTERNAL = 'urn:linkedart-service:hints:';

/** documentGraphs(i) with its hint graph renamed into the service's internal namespace. */
function withInternalHint(
  i: number,
  version = 1,
): Map<string, ReturnType<typeof documentGraphs> extends Map<string, infer Q> ? Q : never> {
  const out: ReturnType<typeof withInternalHint> = new Map();
  for (const [name, quads] of documentGraphs(i, version))
    out.set(name === docGraph(i) ? name : INTERNAL + docGraph(i), quads);
  return out;
}

async function countOf(store: EmbeddedStore, sparql: string): Promise<number> {
  const r = await store.sparqlEngine().query(sparql, {}, 30_000);
  if (r.kind !== 'bindings') throw new Error('expected bindings');
  return Number(r.rows[0].n.v);
}

describe("QueryReplica: curators' SPARQL on the embedded store", function () {
  this.timeout(60_000);
  let dir: string;
  let store: EmbeddedStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'replica-'));
    store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sees entity graphs only: the union default graph and GRAPH ?g hold no internal graph', async () => {
    for (let i = 0; i < 5; i++) await store.replaceGraphs(withInternalHint(i));
    const r = await store.sparqlEngine().query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }', {}, 30_000);
    const graphs = r.kind === 'bindings' ? r.rows.map((row) => row.g.v).sort() : [];
    expect(graphs).to.deep.equal([0, 1, 2, 3, 4].map(docGraph).sort());
    const entityQuads = [...documentGraphs(0).get(docGraph(0))!].length * 5;
    expect(await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')).to.equal(entityQuads);
    expect(await store.size()).to.be.greaterThan(entityQuads);
  });

  it('has a default graph that is a set: a triple stated by several documents is matched once', async () => {
    // Every document states the same Type's type and label (as references do in Linked Art).
    const aat = df.namedNode('http://vocab.getty.edu/aat/300033618');
    for (let i = 0; i < 4; i++) {
      const graphs = withInternalHint(i);
      graphs
        .get(docGraph(i))!
        .push(
          df.quad(aat, df.namedNode('http://www.w3.org/2000/01/rdf-schema#label'), df.literal('paintings')),
          df.quad(
            aat,
            df.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'),
            df.namedNode('http://www.cidoc-crm.org/cidoc-crm/E55_Type'),
          ),
        );
      await store.replaceGraphs(graphs);
    }
    const shared = 'SELECT (COUNT(*) AS ?n) WHERE { <http://vocab.getty.edu/aat/300033618> ?p ?o }';
    const perGraph = await countOf(
      store,
      'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { <http://vocab.getty.edu/aat/300033618> ?p ?o } }',
    );
    const once = await countOf(store, shared);
    expect(once).to.equal(2);
    expect(perGraph).to.equal(8);
    // Replacing or removing one document keeps what the others still state, and drops what only it stated.
    await store.replaceGraphs(new Map([[docGraph(0), []]]));
    expect(await countOf(store, shared)).to.equal(2);
    await store.replaceGraphs(withInternalHint(1, 2)); // a new version without the Type
    expect(await countOf(store, shared)).to.equal(2);
    await store.replaceGraphs(
      new Map([
        [docGraph(1), []],
        [docGraph(2), []],
        [docGraph(3), []],
      ]),
    );
    expect(await countOf(store, shared)).to.equal(0);
    expect(await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')).to.equal(0);
  });

  it('sees every write acknowledged before the query, at once', async () => {
    await store.replaceGraphs(withInternalHint(0));
    await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }'); // the replica is up
    for (let v = 2; v < 40; v++) {
      await store.replaceGraphs(withInternalHint(0, v));
      const r = await store
        .sparqlEngine()
        .query(`SELECT ?l WHERE { <${docGraph(0)}> <http://www.w3.org/2000/01/rdf-schema#label> ?l }`, {}, 30_000);
      expect(r.kind === 'bindings' && r.rows.map((row) => row.l.v)).to.deep.equal([`Object 0 v${v}`]);
    }
    await store.update(`INSERT DATA { GRAPH <${docGraph(0)}> { <${docGraph(0)}> <http://example.org/added> "yes" } }`);
    expect(await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s <http://example.org/added> "yes" }')).to.equal(1);
  });

  // Small chunks: the store worker waits for the replica to load them (CHUNKS_AHEAD) while writes land.
  // One chunk for the whole store: gathered across the worker's yields, graphs written meanwhile are dumped again.
  for (const [what, seedChunkChars] of [
    ['chunks of 4 MB', undefined],
    ['chunks of 2,000 characters', 2000],
    ['one chunk', 1e9],
  ] as const) {
    it(`ends equal to the store when writes land while it is being seeded (${what})`, async () => {
      if (seedChunkChars !== undefined) {
        await store.close();
        store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined, seedChunkChars });
      }
      const batch = (from: number, to: number, version: number) => {
        const graphs = new Map<string, ReturnType<typeof documentGraphs> extends Map<string, infer Q> ? Q : never>();
        for (let i = from; i < to; i++) for (const [g, q] of withInternalHint(i, version)) graphs.set(g, q);
        return graphs;
      };
      for (let i = 0; i < 3000; i += 500) await store.replaceGraphs(batch(i, i + 500, 1));
      const first = store.sparqlEngine().query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', {}, 30_000); // starts the seeding
      // The writes land once the store worker has begun dumping (the replica knows how many graphs come).
      while (
        !store
          .sparqlEngine()
          .status()
          .replicas.some((r) => r.totalGraphs > 0)
      )
        await new Promise((r) => setTimeout(r, 1));
      // Replace documents (new versions, and some removed) while the seeding runs.
      const writes: Promise<void>[] = [];
      for (let i = 0; i < 3000; i += 250) writes.push(store.replaceGraphs(batch(i, i + 10, 2)));
      writes.push(
        store.replaceGraphs(
          new Map([
            [docGraph(7), []],
            [INTERNAL + docGraph(7), []],
          ]),
        ),
      );
      await Promise.all([first, ...writes]);
      const fromStore = await store.query(
        `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(!STRSTARTS(STR(?g), "${INTERNAL}")) }`,
      );
      const expected = fromStore.kind === 'bindings' ? Number(fromStore.rows[0].n.v) : -1;
      expect(await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')).to.equal(expected);
      expect(
        await countOf(
          store,
          'SELECT (COUNT(*) AS ?n) WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l FILTER(STRENDS(?l, " v2")) }',
        ),
      ).to.equal(119); // 12 x 10 new versions, one of them (7) then removed
      expect(await countOf(store, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${docGraph(7)}> { ?s ?p ?o } }`)).to.equal(0);
    });
  }

  it('stops a runaway query at its time limit while the store keeps answering, then answers the next query', async () => {
    for (let i = 0; i < 60; i++) await store.replaceGraphs(withInternalHint(i));
    const engine = store.sparqlEngine();
    await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    let heavyRunning = true;
    const heavy = engine
      .query('SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }', {}, 2000)
      .then(
        () => 'finished',
        (e: Error) => e,
      )
      .finally(() => {
        heavyRunning = false;
      });
    // The query is on its replica (not merely queued) before the reads and writes begin.
    while (!engine.status().replicas.some((r) => r.busy)) await new Promise((r) => setTimeout(r, 5)); // a poll on the status, not a wait for time to pass
    // Meanwhile, reads and writes of documents go on: each one's end is recorded against the
    // query's. A read or write queued behind the runaway query would end only after it was stopped,
    // so "while it ran" is an order of events, not a time: no machine's load makes it pass or fail.
    const whileItRan: boolean[] = [];
    while (heavyRunning) {
      await store.readGraphs([docGraph(whileItRan.length % 60)]);
      await store.replaceGraphs(withInternalHint(100 + whileItRan.length));
      whileItRan.push(heavyRunning);
    }
    expect(await heavy).to.be.instanceOf(QueryTimedOut);
    expect(whileItRan.filter(Boolean).length, 'reads and writes done while the runaway query ran').to.be.greaterThan(
      10,
    );
    // A new replica answers, with the writes done meanwhile.
    expect(await countOf(store, 'SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }')).to.equal(
      60 + whileItRan.length,
    );
  });

  it('refuses requests after close, and close ends a query in flight', async () => {
    await store.replaceGraphs(withInternalHint(0));
    const engine = store.sparqlEngine();
    const inFlight = engine
      .query('SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }', {}, 60_000)
      .then(
        () => 'finished',
        (e: Error) => e.message,
      );
    // In flight: handed to its replica once that is seeded (the status says so), not just asked.
    while (!engine.status().replicas.some((r) => r.busy)) await new Promise((r) => setTimeout(r, 5)); // a poll on the status, not a wait for time to pass
    await store.close();
    expect(await inFlight).to.match(/shutting down/);
    const after = await store
      .sparqlEngine()
      .query('ASK {}', {}, 1000)
      .then(
        () => 'answered',
        (e: Error) => e.message,
      );
    expect(after).to.match(/closed/);
  });

  it('runs on the dataset the protocol names', async () => {
    for (let i = 0; i < 3; i++) await store.replaceGraphs(withInternalHint(i));
    const one = await store
      .sparqlEngine()
      .query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', { defaultGraphs: [docGraph(1)] }, 30_000);
    const all = await countOf(store, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    expect(one.kind === 'bindings' && Number(one.rows[0].n.v)).to.equal(all / 3);
    const named = await store
      .sparqlEngine()
      .query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }', { namedGraphs: [docGraph(2)] }, 30_000);
    expect(named.kind === 'bindings' && named.rows.map((r) => r.g.v)).to.deep.equal([docGraph(2)]);
  });
});
