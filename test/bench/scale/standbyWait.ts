/**
 * How long a short query waits behind a heavy one with `auto`'s standby (issue 35): seeded once it
 * has waited QUEUE_WAIT_MS (this build) against seeded only after the heavy query's timeout (the
 * rule before, the queue bound set out of reach), the two alternating in one run on one store of
 * DOCS fixture documents. Prints one row a run and the ratio of the medians.
 *
 *   node dist/test/bench/scale/standbyWait.js [DOCS=2000] [ROUNDS=2] [HEAVY_LIMIT_MS=20000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { QUEUE_WAIT_MS, STANDBY_IDLE_MS, type ReplicaPool } from '../../../src/store/embedded/ReplicaPool.js';
import type { Quad } from '../../../src/rdf/terms.js';
import { documentGraphs } from '../../unit/store/fixtures.js';

const [DOCS, ROUNDS, HEAVY_LIMIT_MS] = [2000, 2, 20_000].map((d, i) => Number(process.argv[2 + i] ?? d));
/** Every statement joined with every other, twice: runs until its time limit. */
const HEAVY =
  'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(CONCAT(STR(?a), STR(?e), STR(?i)) = "never") }';
const SHORT = 'SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }';
const MODES = { 'queue bound (this build)': QUEUE_WAIT_MS, 'after a timeout only (before)': 2 ** 31 - 1 };

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function fill(dir: string): Promise<void> {
  const store = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined });
  for (let i = 0; i < DOCS; i += 500) {
    const graphs = new Map<string, Quad[]>();
    for (let j = i; j < Math.min(DOCS, i + 500); j++) for (const [g, q] of documentGraphs(j)) graphs.set(g, q);
    await store.replaceGraphs(graphs);
  }
  await store.close();
}

/** The short query's wait (ms) asked while the heavy one runs on the one replica kept. */
async function shortWait(dir: string, queueWaitMs: number): Promise<number> {
  const store = await EmbeddedStore.open({
    dataDir: dir,
    onWarning: () => undefined,
    queryReplicas: 1,
    standbyBounds: { queueWaitMs, idleMs: STANDBY_IDLE_MS },
  });
  try {
    const engine = store.sparqlEngine() as ReplicaPool;
    engine.keepStandby(2);
    engine.warmUp();
    while (engine.status().state !== 'ready') await pause(20);
    const heavy = engine.query(HEAVY, {}, HEAVY_LIMIT_MS).catch((e: Error) => e);
    while (!engine.status().replicas[0].busy) await pause(2);
    const asked = performance.now();
    await engine.query(SHORT, {}, HEAVY_LIMIT_MS);
    const waited = performance.now() - asked;
    await store.close();
    await heavy;
    return waited;
  } finally {
    await store.close();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = await mkdtemp(join(tmpdir(), 'standby-wait-'));
try {
  await fill(dir);
  const waits = new Map<string, number[]>(Object.keys(MODES).map((m) => [m, []]));
  console.log(`${DOCS} documents, heavy query's limit ${HEAVY_LIMIT_MS} ms`);
  console.log('| round | standby seeded | short query answered after (ms) | load (1 min) |\n|---|---|---|---|');
  for (let round = 1; round <= ROUNDS; round++)
    for (const [mode, queueWaitMs] of Object.entries(MODES)) {
      const ms = await shortWait(dir, queueWaitMs);
      waits.get(mode)!.push(ms);
      console.log(`| ${round} | ${mode} | ${Math.round(ms)} | ${loadavg()[0].toFixed(1)} |`);
    }
  const [ours, before] = [...waits.values()].map(median);
  console.log(`median ${Math.round(ours)} against ${Math.round(before)} ms: ${(ours / before).toFixed(3)}x`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
