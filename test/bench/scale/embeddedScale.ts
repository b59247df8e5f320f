/**
 * The embedded store at one size, for `npm run bench:scale`: each figure beside bare Oxigraph
 * (bareOxigraph.ts, a process of its own) loading the same N-Quads and answering the same query.
 * - load: `linkedart load` of the NDJSON dump, then of the N-Quads dump of the same documents, each
 *   into a fresh data directory (wall clock);
 * - restart (issue 35), timed from the spawn of `linkedart serve` on the N-Quads load's directory:
 *   to /ready; to the first SPARQL answer (a 4-row lookup sent once /ready says SPARQL is ready);
 *   to every query replica seeded; then a second restart, once the first has kept the start-up indexes;
 * - query after a timeout: once every query replica is ready, a query that runs past the time limit
 *   (--query-timeout-s), then the 4-row lookup at once (target ≤ 2 s at 100,000 documents);
 * - GET p50/p99: one client, sequential, each of a sample of documents once (rendered from the
 *   store) and again (from the render cache);
 * - RSS: the server's peak with SPARQL ready and queried; disk: the data directory after close.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { runMeasured } from '../load/measuredChild.js';
import { startChildServer, untilReady, type ChildServer } from '../http/childServer.js';
import type { MemoryPerDocument } from './memoryPerDocument.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BARE = new URL('./bareOxigraph.js', import.meta.url).pathname;
const MEMORY = new URL('./memoryPerDocument.js', import.meta.url).pathname;
const BASE = 'https://example.org/';
/** A lookup of four rows: what a curator asks a hundred times a day. */
export const LOOKUP = 'SELECT ?s ?label WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label } LIMIT 4';
/** A query that runs long at any of these sizes: every pair of labels. */
const RUNAWAY =
  'SELECT (COUNT(*) AS ?n) WHERE { ?a <http://www.w3.org/2000/01/rdf-schema#label> ?x . ?b <http://www.w3.org/2000/01/rdf-schema#label> ?y FILTER (STR(?x) < STR(?y)) }';
const TIMEOUT_S = 2;

export type Row = [string, string, string, string, string];

const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;
const gb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 2 ** 30).toFixed(2)} GB`);
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? (a / b).toFixed(2) : '');
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    total += entry.isDirectory()
      ? await directoryBytes(join(dir, entry.name))
      : (await stat(join(dir, entry.name))).size;
  }
  return total;
}

async function query(server: ChildServer, sparql: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/sparql`, {
    method: 'POST',
    headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
    body: sparql,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/**
 * Until /ready's `sparql` says ready (one replica answers), or with `all`, every replica it keeps
 * is ready (the steady state: a timed-out query then costs only its own replica); how long that took, in ms.
 */
async function untilSparqlReady(server: ChildServer, all = false, limitMs = 30 * 60 * 1000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const body = await fetch(`${server.url}/ready`)
      .then((r) => r.json() as Promise<{ sparql?: { state?: string; replicas?: number; replicasReady?: number } }>)
      .catch(() => undefined);
    const sparql = body?.sparql;
    if (sparql?.state === 'ready' && (!all || sparql.replicasReady === sparql.replicas))
      return performance.now() - started;
    if (performance.now() - started > limitMs)
      throw new Error(`SPARQL not ready after ${limitMs} ms: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function gets(server: ChildServer, paths: readonly string[]): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(server.url + path, { headers: { accept: 'application/ld+json' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** The dumps of one collection: the same documents as N-Quads and as NDJSON, and a path each is served at. */
export interface ScaleDumps {
  readonly nquads: string;
  readonly ndjson: string;
  /** Document `i`'s path on the server. */
  readonly pathOf: (i: number) => string;
  /** Also measure each structure's memory a document (memoryPerDocument.ts: a restart's time more). */
  readonly memoryPerDocument?: boolean;
}

/** Rows of memoryPerDocument.ts's figures, the store's beside bare Oxigraph's peak a document. */
async function memoryRows(at: string, dataDir: string, docs: number, bareRss: number | undefined): Promise<Row[]> {
  const run = await runMeasured(['--expose-gc', MEMORY, dataDir, String(docs)]);
  if (run.code !== 0) throw new Error(`memoryPerDocument failed: ${run.stderr.slice(-1000)}`);
  const { bytes, quads } = JSON.parse(run.stdout.trim().split('\n').pop()!) as MemoryPerDocument;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const perQuad = Object.entries(quads)
    .map(([kind, n]) => `${kind} ${n.toFixed(1)}`)
    .join(', ');
  const quadRow: Row = [`${at}: the store's quads a document, by graph`, perQuad, '', '', 'report'];
  return [
    quadRow,
    ...Object.entries(bytes).map(([name, b], i): Row => [
      `${at}: memory a document: ${name}`,
      kb(b),
      i === 0 && bareRss !== undefined ? `${kb(bareRss / docs)} bare Oxigraph's peak` : '',
      i === 0 && bareRss !== undefined ? ratio(b, bareRss / docs) : '',
      'report',
    ]),
  ];
}

export async function embeddedScaleRows(
  work: string,
  docs: number,
  dumps: ScaleDumps,
  progress: (m: string) => void,
  serveArgs: readonly string[] = [],
): Promise<Row[]> {
  const dump = dumps.nquads;
  const rows: Row[] = [];
  const at = `${docs.toLocaleString('en')} docs`;
  progress(`${at}: bare Oxigraph`);
  const bareRun = await runMeasured([BARE, dump, LOOKUP]);
  if (bareRun.code !== 0) throw new Error(`bare Oxigraph failed: ${bareRun.stderr.slice(-1000)}`);
  const bare = JSON.parse(bareRun.stdout.trim().split('\n').pop()!) as {
    loadMs: number;
    quads: number;
    queryMs: number;
    peakRss?: number;
  };

  progress(`${at}: linkedart load`);
  const dataDir = join(work, `scale-${docs}`);
  const ndjsonDir = join(work, `scale-${docs}-ndjson`);
  const asNdjson = await runMeasured([MAIN, 'load', '--data-dir', ndjsonDir, '--no-progress', dumps.ndjson]);
  if (asNdjson.code !== 0) throw new Error(`NDJSON load failed: ${asNdjson.stderr.slice(-2000)}`);
  await rm(ndjsonDir, { recursive: true, force: true });
  const loaded = await runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', dump]);
  if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);
  rows.push([
    `${at}: load as NDJSON (${bare.quads.toLocaleString('en')} quads)`,
    s1(asNdjson.ms),
    `${s1(bare.loadMs)} bare Oxigraph load`,
    ratio(asNdjson.ms, bare.loadMs),
    'report',
  ]);
  // SLOT (S2, issue 35 "N-Quads load"): S2's own measurement module may replace this pair of loads.
  rows.push([
    `${at}: load as N-Quads`,
    s1(loaded.ms),
    `${s1(asNdjson.ms)} NDJSON of the same documents`,
    ratio(loaded.ms, asNdjson.ms),
    '≤ 1.2x of NDJSON',
  ]);

  if (dumps.memoryPerDocument) rows.push(...(await memoryRows(at, dataDir, docs, bare.peakRss)));

  progress(`${at}: restart`);
  const spawned = performance.now();
  const server = await startChildServer(
    MAIN,
    [
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--base-url',
      BASE,
      '--log-level',
      'silent',
      '--query-timeout-s',
      String(TIMEOUT_S),
      ...serveArgs,
    ],
    30 * 60 * 1000,
  );
  try {
    const { readyMs, first, firstAnswerMs } = await untilFirstAnswer(server, spawned);
    rows.push([
      `${at}: restart to /ready (documents served)`,
      s1(readyMs),
      `${s1(bare.loadMs)} bare Store.load of the same quads`,
      ratio(readyMs, bare.loadMs),
      '≤ 1.0x of bare',
    ]);
    rows.push([
      `${at}: start to the first SPARQL answer`,
      s1(firstAnswerMs),
      `${s1(bare.loadMs + bare.queryMs)} bare load and query`,
      ratio(firstAnswerMs, bare.loadMs + bare.queryMs),
      '≤ 1.2x of bare',
    ]);
    rows.push([
      `${at}: first query after /ready says SPARQL is ready`,
      ms1(first.ms),
      `${ms1(bare.queryMs)} bare Oxigraph`,
      ratio(first.ms, bare.queryMs),
      '≤ 1 s',
    ]);

    await untilSparqlReady(server, true);
    const seededMs = performance.now() - spawned;
    rows.push([
      `${at}: start to every replica seeded`,
      s1(seededMs),
      `${s1(bare.loadMs)} bare Store.load`,
      ratio(seededMs, bare.loadMs),
      '≤ 1.5x of bare',
    ]);
    progress(`${at}: a query past the time limit, then the lookup`);
    const runaway = await query(server, RUNAWAY);
    const stoppedAt = performance.now();
    let after = await query(server, LOOKUP);
    // With one replica (auto on one core, or --query-replicas 1) SPARQL is unavailable (503) until it is
    // seeded again: the row then says how long until the lookup was answered.
    const refused = after.status === 503;
    if (refused) {
      await untilSparqlReady(server);
      after = await query(server, LOOKUP);
    }
    if (after.status !== 200) throw new Error(`the query after the timeout answered ${after.status}`);
    const waited = refused
      ? `503 at once (one replica, seeded again): answered ${s1(performance.now() - stoppedAt)} later`
      : '';
    rows.push([
      `${at}: next query after a timed-out one (${runaway.status} after ${s1(runaway.ms)})`,
      waited || ms1(after.ms),
      `${ms1(bare.queryMs)} bare Oxigraph`,
      refused ? '' : ratio(after.ms, bare.queryMs),
      '≤ 2 s',
    ]);

    progress(`${at}: GETs`);
    const sample = Array.from({ length: 300 }, (_, i) => dumps.pathOf(Math.floor(((i + 0.5) * docs) / 300)));
    const cold = await gets(server, sample);
    const warm = await gets(server, sample);
    rows.push([
      `${at}: GET p50 / p99, each document once (rendered)`,
      `${ms1(cold.p50)} / ${ms1(cold.p99)}`,
      '',
      '',
      'report',
    ]);
    rows.push([`${at}: GET p50 / p99, again (render cache)`, `${ms1(warm.p50)} / ${ms1(warm.p99)}`, '', '', 'report']);
    rows.push([
      `${at}: server RSS (peak, SPARQL ready and queried)`,
      gb(server.peakRss()),
      `${gb(bare.peakRss)} bare Oxigraph`,
      ratio(server.peakRss() ?? NaN, bare.peakRss ?? NaN),
      '≤ 1.5x of bare',
    ]);
  } finally {
    await server.stop(120000);
  }
  rows.push(...(await restartAgain(at, dataDir, bare, serveArgs, progress)));
  const disk = await directoryBytes(dataDir);
  rows.push([
    `${at}: disk (data directory)`,
    gb(disk),
    `${gb((await stat(dump)).size)} the N-Quads dump`,
    ratio(disk, (await stat(dump)).size),
    'report',
  ]);
  return rows;
}

/**
 * A second restart of the same directory: the first start wrote the start-up indexes beside the store
 * (src/keptIndexes), so this one opens the store and reads them, as a service that has run before does.
 */
async function restartAgain(
  at: string,
  dataDir: string,
  bare: { loadMs: number; queryMs: number },
  serveArgs: readonly string[],
  progress: (m: string) => void,
): Promise<Row[]> {
  progress(`${at}: restart again (start-up indexes kept)`);
  const spawned = performance.now();
  const server = await startChildServer(
    MAIN,
    ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'silent', ...serveArgs],
    30 * 60 * 1000,
  );
  try {
    const { readyMs, firstAnswerMs } = await untilFirstAnswer(server, spawned);
    await untilSparqlReady(server, true);
    const seededMs = performance.now() - spawned;
    const label = `${at}: restart again, indexes kept:`;
    return [
      [`${label} to /ready`, s1(readyMs), `${s1(bare.loadMs)} bare`, ratio(readyMs, bare.loadMs), '≤ 1.0x of bare'],
      [
        `${label} to the first SPARQL answer`,
        s1(firstAnswerMs),
        `${s1(bare.loadMs + bare.queryMs)} bare load and query`,
        ratio(firstAnswerMs, bare.loadMs + bare.queryMs),
        '≤ 1.2x of bare',
      ],
      [
        `${label} every replica seeded`,
        s1(seededMs),
        `${s1(bare.loadMs)} bare`,
        ratio(seededMs, bare.loadMs),
        '≤ 1.5x of bare',
      ],
      [`${label} peak RSS`, gb(server.peakRss()), '', '', 'report'],
    ];
  } finally {
    await server.stop(120000);
  }
}

/** From a spawn: to /ready, then to the first SPARQL answer (the lookup, sent once SPARQL is ready). */
async function untilFirstAnswer(
  server: ChildServer,
  spawned: number,
): Promise<{ readyMs: number; first: { ms: number; status: number }; firstAnswerMs: number }> {
  await untilReady(server);
  const readyMs = performance.now() - spawned;
  await untilSparqlReady(server);
  const first = await query(server, LOOKUP);
  if (first.status !== 200) throw new Error(`the first query answered ${first.status}`);
  return { readyMs, first, firstAnswerMs: performance.now() - spawned };
}
