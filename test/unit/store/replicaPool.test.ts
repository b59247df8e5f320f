/**
 * The embedded store's pool of query replicas (ReplicaPool.ts): seeded at warm-up, before any
 * query; a query arriving during the seeding waits for it, or is refused at once with the wait
 * to expect when that is longer than its time limit; a query timing out costs only its replica,
 * the next one is answered by another at once; auto's standby seeded from the first timeout or the
 * first query waiting behind another, and given back once idle (never the replicas kept from the
 * start); lazy (0 replicas kept) starts nothing before a query.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import type { ReplicaPool, StandbyBounds } from '../../../src/store/embedded/ReplicaPool.js';
import { QueryTimedOut, SparqlNotReady } from '../../../src/sparql/errors.js';
import type { SparqlEngine, SparqlStatus } from '../../../src/sparql/SparqlEngine.js';
import type { Quad } from '../../../src/rdf/terms.js';
import { docGraph, documentGraphs } from './fixtures.js';

const DOCS = 1000;
/** Each fixture document comes with a second graph (its "hint", not an internal graph here): graphs curators see. */
const GRAPHS = 2 * DOCS;
const COUNT_GRAPHS = 'SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }';
/** Every statement joined with every other, twice: far longer than any time limit here. */
const HEAVY =
  'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(CONCAT(STR(?a), STR(?e), STR(?i)) = "never") }';

async function count(engine: SparqlEngine, sparql: string, timeoutMs = 30_000): Promise<number> {
  const r = await engine.query(sparql, {}, timeoutMs);
  if (r.kind !== 'bindings') throw new Error('expected bindings');
  return Number(r.rows[0].n.v);
}

/** Polls the engine's status (every few ms) until `done` holds; its status then. */
async function until(
  engine: SparqlEngine,
  done: (s: SparqlStatus) => boolean,
  what: string,
  ms = 60_000,
): Promise<SparqlStatus> {
  const end = Date.now() + ms;
  for (;;) {
    const s = engine.status();
    if (done(s)) return s;
    if (Date.now() > end) throw new Error(`not ${what} after ${ms} ms: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('ReplicaPool: query replicas seeded at start, and a timeout costs one query', function () {
  this.timeout(120_000);
  let dir: string;
  let store: EmbeddedStore;
  /** What the store logged (onWarning): the standby's lines among them. */
  let said: string[];

  /** A store of DOCS documents; seed messages of 16 KB, so a seeding is a few hundred steps to watch. */
  async function openWith(queryReplicas: number, standbyBounds?: StandbyBounds): Promise<EmbeddedStore> {
    said = [];
    store = await EmbeddedStore.open({
      dataDir: dir,
      onWarning: (m) => said.push(m),
      queryReplicas,
      seedChunkChars: 16 * 1024,
      ...(standbyBounds ? { standbyBounds } : {}),
    });
    return store;
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'replica-pool-'));
    const s = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined });
    for (let i = 0; i < DOCS; i += 500) {
      const graphs = new Map<string, Quad[]>();
      for (let j = i; j < i + 500; j++) for (const [g, q] of documentGraphs(j)) graphs.set(g, q);
      await s.replaceGraphs(graphs);
    }
    await s.close();
  });
  afterEach(async () => {
    await store.close();
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('seeds at warm-up, before any query: once ready, a query is answered by that replica, with no seeding of its own', async () => {
    const engine = (await openWith(1)).sparqlEngine();
    expect(engine.status().state, 'before warm-up, nothing is started').to.equal('lazy');
    engine.warmUp();
    const ready = await until(engine, (s) => s.state === 'ready', 'ready');
    const replica = ready.replicas[0];
    expect(replica).to.include({ seededGraphs: GRAPHS, totalGraphs: GRAPHS, starts: 1, busy: false });
    expect(replica.quads).to.be.greaterThan(DOCS * 20);
    expect(replica.seedMs).to.be.a('number').and.greaterThan(0);
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    expect(engine.status().replicas[0]).to.include({ starts: 1, answered: 1 });
  });

  it('has a query arriving during the seeding wait for it when the wait fits its time limit', async () => {
    const engine = (await openWith(1)).sparqlEngine();
    engine.warmUp();
    const asked = engine.status();
    expect(asked.state).to.equal('seeding');
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    expect(engine.status().replicas[0]).to.include({ starts: 1, answered: 1 });
  });

  it('refuses at once a query that would wait longer than its time limit, saying how long to wait', async () => {
    const engine = (await openWith(1)).sparqlEngine();
    engine.warmUp();
    const seeding = await until(engine, (s) => s.expectedWaitMs !== null && s.expectedWaitMs > 0, 'seeding');
    expect(seeding.state).to.equal('seeding');
    expect(seeding.expectedWaitMs).to.be.a('number').and.greaterThan(0);
    const refused = await engine.query(COUNT_GRAPHS, {}, 1).then(
      () => null,
      (e: Error) => e,
    );
    // "At once" as an order of events: refused while the seeding still runs (a query that waited
    // for it would be refused after it, and by its time limit: QueryTimedOut, not SparqlNotReady).
    expect(engine.status().replicas[0], 'still seeding when refused').to.include({ state: 'seeding', starts: 1 });
    expect(refused).to.be.instanceOf(SparqlNotReady);
    expect((refused as SparqlNotReady).retryAfterS).to.be.at.least(1);
    expect((refused as SparqlNotReady).message).to.match(/still being filled.*--query-timeout-s/);
    // Once ready, the same query with the same limit is answered.
    await until(engine, (s) => s.state === 'ready', 'ready');
    expect(await count(engine, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } LIMIT 1', 10_000)).to.be.greaterThan(0);
  });

  it('answers the query after a timed-out one on the other replica at once, while the stopped one is seeded again', async () => {
    const engine = (await openWith(2)).sparqlEngine();
    engine.warmUp();
    await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready');
    const timedOut = await engine.query(HEAVY, {}, 300).then(
      () => null,
      (e: Error) => e,
    );
    expect(timedOut).to.be.instanceOf(QueryTimedOut);
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    const after = engine.status();
    // The replica that ran the heavy query was stopped and is being seeded again; the other answered.
    // "At once" is the order of events: the answer came while that seeding still ran (starts: 2,
    // state: seeding), so it did not wait for it.
    const [first, second] = after.replicas;
    expect(after.timeouts).to.equal(1);
    expect(first).to.include({ state: 'seeding', starts: 2 });
    expect(second).to.include({ state: 'ready', starts: 1, answered: 1 });
    expect(after.state).to.equal('ready');
    // Both run queries at once.
    await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready again');
    const both = await Promise.all([count(engine, COUNT_GRAPHS), count(engine, COUNT_GRAPHS)]);
    expect(both).to.deep.equal([GRAPHS, GRAPHS]);
  });

  it('with one replica, seeds it again at once after a timeout; a query meanwhile gets the wait to expect', async () => {
    const engine = (await openWith(1)).sparqlEngine();
    engine.warmUp();
    await until(engine, (s) => s.state === 'ready', 'ready');
    expect(
      await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      ),
    ).to.be.instanceOf(QueryTimedOut);
    const reseeding = await until(
      engine,
      (s) => s.replicas[0].starts === 2 && s.replicas[0].seededGraphs > 0,
      'seeding again',
    );
    expect(reseeding.expectedWaitMs, 'expected from the last seeding').to.be.a('number');
    expect(reseeding.state).to.equal('seeding');
    const refused = await engine.query(COUNT_GRAPHS, {}, 1).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused).to.be.instanceOf(SparqlNotReady);
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS); // a query that can wait, waits
  });

  it("auto's standby: one replica until a query times out, then two (the stopped one seeded again first)", async () => {
    const engine = (await openWith(1)).sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    await until(engine, (s) => s.state === 'ready', 'ready');
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    expect(engine.status().replicas, 'no standby before a timeout').to.have.length(1);
    expect(
      await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      ),
    ).to.be.instanceOf(QueryTimedOut);
    const grown = engine.status();
    expect(grown.replicas).to.have.length(2);
    expect(grown.replicas[0]).to.include({ starts: 2 });
    expect(grown.replicas[1]).to.include({ starts: 0 });
    const both = await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready');
    expect(both.replicas.map((r) => r.starts)).to.deep.equal([2, 1]);
    // From now on a timed-out query leaves the other replica to answer at once.
    expect(
      await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      ),
    ).to.be.instanceOf(QueryTimedOut);
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    const after = engine.status();
    expect(after.replicas).to.have.length(2);
    expect(after.replicas.some((r) => r.state === 'seeding')).to.equal(true);
  });

  it("auto's standby: a query waiting behind a running one past the bound seeds it, and the standby answers it while the first still runs", async () => {
    const engine = (await openWith(1, { queueWaitMs: 200, idleMs: 600_000 })).sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    await until(engine, (s) => s.state === 'ready', 'ready');
    // The heavy query's limit is far longer than the standby's seeding: only a standby seeded
    // because the second query waited can answer it before the heavy one ends.
    const heavy = engine.query(HEAVY, {}, 40_000).then(
      () => null,
      (e: Error) => e,
    );
    await until(engine, (s) => s.replicas[0].busy, 'running the heavy query');
    const asked = performance.now();
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    const waited = performance.now() - asked;
    const answered = engine.status();
    expect(answered.timeouts, 'no timeout: the standby came from the wait').to.equal(0);
    expect(answered.replicas).to.have.length(2);
    expect(answered.replicas[0], 'the heavy query still runs').to.include({ busy: true, starts: 1 });
    expect(answered.replicas[1]).to.include({ state: 'ready', starts: 1, answered: 1 });
    expect(waited, 'seeded after the bound, not at once').to.be.at.least(200);
    expect(said.filter((m) => /a standby seeded \(a query waited \d+\.\d s behind another\)/.test(m))).to.have.length(
      1,
    );
    // Two more at once: one waits for the standby (the heavy query holds the other), both answered.
    expect(await Promise.all([count(engine, COUNT_GRAPHS), count(engine, COUNT_GRAPHS)])).to.deep.equal([
      GRAPHS,
      GRAPHS,
    ]);
    expect(engine.status().replicas).to.have.length(2);
    await store.close();
    expect(await heavy).to.be.instanceOf(Error);
  });

  it('a queue bound beyond what a timer holds (2^31 ms) is kept, not fired at once', async () => {
    const engine = (await openWith(1, { queueWaitMs: 2 ** 31 + 1000, idleMs: 600_000 })).sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    await until(engine, (s) => s.state === 'ready', 'ready');
    void engine.query(HEAVY, {}, 60_000).catch(() => undefined);
    await until(engine, (s) => s.replicas[0].busy, 'running the heavy query');
    const waiting = count(engine, COUNT_GRAPHS).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    expect(engine.status().replicas, 'no standby from a bound out of reach').to.have.length(1);
    await store.close();
    await waiting;
  });

  it('a wait for a seeding (at start) is not a wait behind another query: it seeds no standby', async () => {
    // One query, so nothing runs before it: all its wait is the seeding, which outlasts so short a bound.
    const queueWaitMs = 50;
    const engine = (await openWith(1, { queueWaitMs, idleMs: 600_000 })).sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    const asked = performance.now();
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    expect(performance.now() - asked, 'the seeding outlasted the bound').to.be.greaterThan(queueWaitMs);
    expect(engine.status().replicas).to.have.length(1);
  });

  it("auto's standby idle past the bound is given back; the replica kept from the start never is; queries go on", async () => {
    const idleMs = 1500;
    const engine = (await openWith(1, { queueWaitMs: 60_000, idleMs })).sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    await until(engine, (s) => s.state === 'ready', 'ready');
    expect(
      await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      ),
    ).to.be.instanceOf(QueryTimedOut);
    await until(engine, (s) => s.replicas.length === 2 && s.replicas.every((r) => r.state === 'ready'), 'both ready');
    // Given back once idle: the pool lists the kept replica only, still ready, never restarted.
    const back = await until(engine, (s) => s.replicas.length === 1, 'standby given back', 30_000);
    expect(back.replicas[0]).to.include({ state: 'ready', starts: 2 });
    expect(back.startsGivenBack, "the standby's start still counted (a metric's total)").to.equal(1);
    expect(
      said.filter((m) => /^query replica 2 given back: a standby that answered nothing for \d+ s; 1 kept$/.test(m)),
    ).to.have.length(1);
    // Well past the bound again: the kept replica stays, and answers.
    await new Promise((r) => setTimeout(r, 2 * idleMs));
    expect(engine.status().replicas).to.have.length(1);
    expect(engine.status().replicas[0]).to.include({ state: 'ready', starts: 2 });
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    // The next timeout seeds a standby again (a new worker), and it answers.
    expect(
      await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      ),
    ).to.be.instanceOf(QueryTimedOut);
    expect(engine.status().replicas).to.have.length(2);
    await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready again');
    expect(await Promise.all([count(engine, COUNT_GRAPHS), count(engine, COUNT_GRAPHS)])).to.deep.equal([
      GRAPHS,
      GRAPHS,
    ]);
  });

  it('--query-replicas 2 keeps both however long they are idle, and never seeds a third', async () => {
    const idleMs = 300;
    const engine = (await openWith(2, { queueWaitMs: 1, idleMs })).sparqlEngine();
    engine.warmUp();
    await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready');
    expect(await Promise.all([count(engine, COUNT_GRAPHS), count(engine, COUNT_GRAPHS)])).to.deep.equal([
      GRAPHS,
      GRAPHS,
    ]);
    await new Promise((r) => setTimeout(r, 5 * idleMs));
    const after = engine.status();
    expect(after.replicas).to.have.length(2);
    expect(after.replicas.map((r) => [r.state, r.starts])).to.deep.equal([
      ['ready', 1],
      ['ready', 1],
    ]);
    expect(said.filter((m) => /standby|given back/.test(m))).to.deep.equal([]);
  });

  it('lazy (0 replicas kept): nothing is seeded before the first query, which waits for it', async () => {
    const engine = (await openWith(0)).sparqlEngine();
    engine.warmUp();
    // A replica's start is synchronous (its state turns 'seeding' at once): nothing started now is
    // nothing started by warmUp. A round trip to the store worker then lets anything warmUp might
    // have deferred (a microtask, a timer of 0, a message) run before the status is read again.
    expect(engine.status().replicas[0]).to.include({ state: 'stopped', starts: 0 });
    await store.size();
    await new Promise((r) => setImmediate(r));
    const idle = engine.status();
    expect(idle.state).to.equal('lazy');
    expect(idle.replicas).to.have.length(1);
    expect(idle.replicas[0]).to.include({ state: 'stopped', starts: 0 });
    expect(await count(engine, COUNT_GRAPHS)).to.equal(GRAPHS);
    expect(engine.status().replicas[0]).to.include({ state: 'ready', starts: 1 });
  });

  it('sees a write made while the replicas are seeded', async () => {
    const engine = (await openWith(2)).sparqlEngine();
    engine.warmUp();
    await store.replaceGraphs(
      new Map([
        [docGraph(DOCS), documentGraphs(DOCS).get(docGraph(DOCS))!],
        [docGraph(3), []],
      ]),
    );
    await until(engine, (s) => s.replicas.every((r) => r.state === 'ready'), 'both ready');
    expect(await Promise.all([count(engine, COUNT_GRAPHS), count(engine, COUNT_GRAPHS)])).to.deep.equal([
      GRAPHS,
      GRAPHS,
    ]);
    expect(engine.status().replicas.map((r) => r.answered)).to.deep.equal([1, 1]);
  });
});
