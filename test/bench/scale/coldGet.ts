/**
 * Cold GET (issue 35): the served JSON-LD of documents each read once, with the render cache off
 * (`--cache-mb 0`), so every request reads the document's graphs from the store and renders them.
 * Several connections at once (autocannon), each over its own share of the distinct paths; the
 * figures are requests a second and the server's CPU a request (all its threads, from /proc).
 * Target: ≥ 2,000 req/s, ≤ 0.5 ms CPU a request.
 *
 * Standalone, on the richer collection (richCollection.ts) of DOCS documents (default 20,000):
 *   node dist/test/bench/scale/coldGet.js [DOCS] [--against OTHER/dist/src/cli/main.js] [--rounds N]
 *     [--count N] [--data-dir DIR] [--warmup N]
 * `--data-dir`: the store is kept there (loaded once, when DIR is missing or empty, else used as it is), so
 * that the next run measures at once instead of generating and loading the collection again.
 * `--warmup`: requests answered before the measured ones, not counted (default 50; other documents than
 * the measured ones while the store has them). A just-started server compiles its hot code on V8's
 * background threads over the first few thousand: 3,000 measures the steady state.
 *
 * Bare express answering the same bytes from memory beside (http/bareExpress.ts); with `--against`,
 * another build instead, serving the same data directory in turn (A, B, A, B...): a paired
 * comparison on a busy machine.
 */
import autocannon from 'autocannon';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { richCollection, writeRichDumps } from './richCollection.js';
import { runMeasured } from '../load/measuredChild.js';
import { cpuMark, mainThreadMs, otherCpus } from '../http/otherCpu.js';
import { startChildServer, untilSettled, type ChildServer } from '../http/childServer.js';
import type { PreRendered } from '../http/bareExpress.js';
import type { Row } from './embeddedScale.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BARE_EXPRESS = new URL('../http/bareExpress.js', import.meta.url).pathname;
const BASE = 'https://example.org/';
const ACCEPT = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

export interface ColdGetFigures {
  readonly requests: number;
  readonly perSecond: number;
  /** The server's CPU (user + system, every thread) a request, ms. */
  readonly cpuMs: number;
  /** Of which its main thread's (the HTTP, the render); the rest is the store worker's and V8's own threads'. */
  readonly mainThreadMs: number;
  readonly p50: number;
  readonly p99: number;
  /** CPUs' worth of time other processes took meanwhile. */
  readonly others: number;
}

/** Each path once, `connections` at a time, against a server of `main` on `dataDir` (render cache off). */
export async function coldGet(
  main: string,
  dataDir: string,
  paths: readonly string[],
  connections = 4,
  warmup = DEFAULT_WARMUP,
): Promise<ColdGetFigures> {
  const server = await startChildServer(
    main,
    [
      'serve',
      ...['--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'silent'],
      ...['--cache-mb', '0', '--query-replicas', '0'],
    ],
    600000,
  );
  try {
    await untilSettled(server);
    return await timedGets(server, paths, connections, warmup);
  } finally {
    await server.stop();
  }
}

/**
 * The same paths answered by a bare express app from memory (http/bareExpress.ts) with the bytes
 * `main` serves for them: the framework's ceiling on this machine.
 */
export async function bareGet(
  main: string,
  dataDir: string,
  work: string,
  paths: readonly string[],
  connections = 4,
  warmup = DEFAULT_WARMUP,
): Promise<ColdGetFigures> {
  const responses: PreRendered[] = [];
  const server = await startChildServer(
    main,
    ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'silent'],
    600000,
  );
  try {
    await untilSettled(server);
    for (const path of paths) {
      const response = await fetch(server.url + path, { headers: { accept: ACCEPT } });
      const body = Buffer.from(await response.arrayBuffer());
      responses.push({ path, contentType: response.headers.get('content-type') ?? '', body: body.toString('base64') });
    }
  } finally {
    await server.stop();
  }
  const file = join(work, 'cold-get-responses.json');
  await writeFile(file, JSON.stringify(responses));
  const bare = await startChildServer(BARE_EXPRESS, [file]);
  try {
    return await timedGets(bare, paths, connections, warmup);
  } finally {
    await bare.stop();
    await rm(file, { force: true });
  }
}

/** Requests before the measured ones by default: the code paths compiled once, the reverse-link index read. */
export const DEFAULT_WARMUP = 50;

/**
 * Each path once, `connections` at a time (the first `warmup` to warm up, not counted). A server just
 * started compiles its hot code on V8's background threads for the first few thousand cold GETs (about
 * 0.2 ms of CPU a request over the first 5,000, profiled): a longer warm-up measures the steady state.
 */
async function timedGets(
  server: ChildServer,
  paths: readonly string[],
  connections: number,
  warmup = DEFAULT_WARMUP,
): Promise<ColdGetFigures> {
  const first = Math.min(warmup, DEFAULT_WARMUP);
  for (const path of paths.slice(0, first))
    await (await fetch(server.url + path, { headers: { accept: ACCEPT } })).text();
  if (warmup > first) await cannon(server, paths.slice(first, warmup), connections);
  const measured = paths.slice(warmup);
  const times: number[] = [];
  let failures = 0;
  const before = cpuMark(server.child.pid);
  const mainBefore = mainThreadMs(server.child.pid);
  const started = performance.now();
  await cannon(server, measured, connections, (status, responseTime) => {
    if (status !== 200) failures++;
    times.push(responseTime);
  });
  const wallMs = performance.now() - started;
  const after = cpuMark(server.child.pid);
  const mainAfter = mainThreadMs(server.child.pid);
  if (failures > 0) throw new Error(`${failures} of ${times.length} GETs did not answer 200`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN;
  return {
    requests: times.length,
    perSecond: times.length / (wallMs / 1000),
    cpuMs: (after.serverMs - before.serverMs) / times.length,
    mainThreadMs: (mainAfter - mainBefore) / times.length,
    p50: at(0.5),
    p99: at(0.99),
    others: otherCpus(before, after),
  };
}

/** Each path once, `connections` at a time, each connection over its own share of them. */
async function cannon(
  server: ChildServer,
  paths: readonly string[],
  connections: number,
  answered?: (status: number, responseTime: number) => void,
): Promise<void> {
  const step = Math.ceil(paths.length / connections);
  let client = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        amount: paths.length,
        headers: { accept: ACCEPT },
        requests: [{ method: 'GET', path: paths[0] }],
        setupClient: (c) => {
          const own = paths.slice(client * step, ++client * step);
          c.setRequests(own.map((path) => ({ method: 'GET', path })));
        },
      },
      (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
    );
    if (answered) instance.on('response', (_client, status, _bytes, responseTime) => answered(status, responseTime));
  });
}

/** `count` of the documents' paths (`pathOf(i)`, i < docs), in an order unrelated to the store's. */
export function shuffledPaths(docs: number, count: number, pathOf: (i: number) => string): string[] {
  const paths = Array.from({ length: docs }, (_, i) => pathOf(i));
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths.slice(0, count);
}

const figuresText = (f: ColdGetFigures) =>
  `${f.perSecond.toFixed(0)} req/s, ${f.cpuMs.toFixed(2)} ms CPU (main thread ${f.mainThreadMs.toFixed(2)}), p50 ${f.p50.toFixed(1)} / p99 ${f.p99.toFixed(1)} ms`;

/**
 * Rows for the table: cold GET of `count` distinct documents of the store in `dataDir` (loaded
 * with `docs` documents) by `main`, bare express over the same bytes beside; with `against`,
 * another build in turn (`rounds` each), its ratio beside.
 */
export async function coldGetRows(
  dataDir: string,
  docs: number,
  pathOf: (i: number) => string,
  progress: (m: string) => void,
  {
    count = 10000,
    against,
    rounds = 1,
    main = MAIN,
    warmup = DEFAULT_WARMUP,
  }: { count?: number; against?: string; rounds?: number; main?: string; warmup?: number } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  // Distinct documents for the warm-up too (none read twice), as many as the store has.
  const paths = shuffledPaths(docs, Math.min(docs, count + warmup), pathOf);
  const conditions = (f: ColdGetFigures) => `load ${loadavg()[0].toFixed(1)}, others ${f.others.toFixed(2)} CPUs`;
  for (let round = 1; round <= rounds; round++) {
    progress(`cold GET, round ${round}`);
    const ours = await coldGet(main, dataDir, paths, 4, warmup);
    const title = `${docs.toLocaleString('en')} docs: cold GET, ${ours.requests.toLocaleString('en')} distinct documents, cache off`;
    if (against) {
      const other = await coldGet(against, dataDir, paths, 4, warmup);
      rows.push([
        `${title} (${conditions(ours)})`,
        figuresText(ours),
        `${figuresText(other)}, the other build`,
        (ours.cpuMs / other.cpuMs).toFixed(2),
        '≥ 2,000 req/s, ≤ 0.5 ms CPU',
      ]);
    } else {
      const bare = await bareGet(main, dataDir, dirname(dataDir), paths, 4, warmup);
      rows.push([
        `${title} (${conditions(ours)})`,
        figuresText(ours),
        `${figuresText(bare)}, bare express, the same bytes`,
        (ours.perSecond / bare.perSecond).toFixed(2),
        '≥ 2,000 req/s, ≤ 0.5 ms CPU',
      ]);
    }
  }
  return rows;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const docs = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 20000);
  const progress = (m: string) => process.stderr.write(`[coldGet] ${m}\n`);
  const work = await mkdtemp(join(tmpdir(), 'linkedart-cold-get-'));
  try {
    const kept = option('--data-dir');
    const dataDir = kept ?? join(work, 'data');
    if (kept !== undefined && existsSync(kept) && readdirSync(kept).length > 0)
      progress(`the store in ${kept} as it is`);
    else {
      progress(`writing ${docs} documents`);
      await writeRichDumps(docs, join(work, 'dump.nq'), join(work, 'dump.ndjson'));
      progress('loading');
      const loaded = await runMeasured([
        MAIN,
        'load',
        '--data-dir',
        dataDir,
        '--no-progress',
        join(work, 'dump.ndjson'),
      ]);
      if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);
    }
    const collection = richCollection(docs);
    const rows = await coldGetRows(dataDir, docs, (i) => new URL(collection.idOf(i)).pathname, progress, {
      against: option('--against'),
      rounds: Number(option('--rounds') ?? 1),
      count: Number(option('--count') ?? 10000),
      warmup: Number(option('--warmup') ?? DEFAULT_WARMUP),
    });
    for (const row of rows) console.log(row.join(' | '));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
