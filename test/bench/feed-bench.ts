/**
 * `npm run bench:feed`: the change feed's costs on the embedded store, each measure beside its
 * reference taken in the same run:
 * - feed pages at 10,000 and 1,000,000 activities (activity graphs and full pages written
 *   straight into a store, as the write path writes them): one client, requests one after another over random
 *   pages (each once: the service keeps no page warm for it) and the collection; target p50 ≤ 5 ms,
 *   flat with the feed's length;
 * - a load of N documents (default 100,000) into a fresh store with and without the feed
 *   (LINKEDART_BENCH_WITHOUT_FEED=1), alternated, two runs each; target ≤ 1.05x; and the store's
 *   growth per activity (data directory bytes, after the store's close);
 * - single PUT latency: PUTs replacing documents of those two stores, served at once, one with
 *   the feed and one without, each document to both in alternating turns; target ≤ 1.1x.
 *   npm run bench:feed                          100000 documents, 1000000 activities
 *   npm run bench:feed -- --docs 20000 --activities 200000
 *   npm run bench:feed -- --pages-only   (or --writes-only)
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { activityGraphOf, activityQuads, feedTime, type Activity } from '../../src/feed/activityGraph.js';
import { sealedPageGraphOf, sealedPageQuads } from '../../src/feed/sealedPage.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { Quad } from '../../src/rdf/terms.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { startChildServer, untilReady, type ChildServer } from './http/childServer.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const TOKEN = 'feed-bench-token-0123456789abcdef';
const progress = (message: string) => process.stderr.write(`[bench:feed] ${message}\n`);
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const DOCS = flag('--docs', 100000);
const ACTIVITIES = flag('--activities', 1000000);
const PUTS = 500;

const rows: string[][] = [];
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function withEnv<T>(name: string, value: string | undefined, work: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}
const withoutFeed = <T>(off: boolean, work: () => Promise<T>) =>
  withEnv('LINKEDART_BENCH_WITHOUT_FEED', off ? '1' : undefined, work);

async function serve(dataDir: string, extra: string[] = []): Promise<ChildServer> {
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
      '--token',
      TOKEN,
      ...extra,
    ],
    600000,
  );
  await untilReady(server);
  return server;
}

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    total += entry.isDirectory()
      ? await directoryBytes(join(dir, entry.name))
      : (await stat(join(dir, entry.name))).size;
  }
  return total;
}

/** A store whose feed holds `n` activities (Updates of n/4 documents, written in batches as loads write them). */
async function syntheticFeed(dataDir: string, n: number): Promise<void> {
  const store = await EmbeddedStore.open({ dataDir });
  const endTime = feedTime(new Date());
  try {
    for (let from = 1; from <= n; from += 10000) {
      const graphs = new Map<string, Quad[]>();
      let page: Activity[] = [];
      for (let seq = from; seq < Math.min(n + 1, from + 10000); seq++) {
        const activity: Activity = {
          seq,
          kind: seq % 7 === 0 ? 'Delete' : 'Update',
          object: `${BASE}generated/${seq % Math.max(1, n / 4)}`,
          type: 'HumanMadeObject',
          endTime,
        };
        graphs.set(activityGraphOf(seq), activityQuads(activity));
        // As the write path does: the activity that fills a page also keeps the page whole.
        page.push(activity);
        if (seq % 100 === 0) {
          graphs.set(sealedPageGraphOf(100, seq / 100), sealedPageQuads(100, seq / 100, page));
          page = [];
        }
      }
      await store.replaceGraphs(graphs);
    }
  } finally {
    await store.close();
  }
}

/** Sequential GETs of `paths` (each once, after `warm` untimed ones): p50 and p99 in ms. */
async function timedGets(server: ChildServer, paths: readonly string[]): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(server.url + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

async function benchPages(work: string): Promise<void> {
  for (const n of [10000, ACTIVITIES]) {
    progress(`feed pages: writing ${n} activities`);
    const dataDir = join(work, `feed-${n}`);
    await syntheticFeed(dataDir, n);
    const server = await serve(dataDir);
    try {
      const pages = Math.floor(n / 100) + 1;
      // Random full pages, each once (the service's own cache of full pages never helps), after 50 untimed.
      const picks = Array.from(
        { length: 2050 },
        () => `/activity-stream/page/${1 + Math.floor(Math.random() * (pages - 1))}`,
      );
      await timedGets(server, picks.slice(0, 50));
      const page = await timedGets(server, picks.slice(50));
      const collection = await timedGets(
        server,
        Array.from({ length: 1000 }, () => '/activity-stream'),
      );
      rows.push([
        `feed page p50 / p99 (${n} activities, random pages)`,
        `${f2(page.p50)} / ${f2(page.p99)} ms`,
        '',
        '',
        '≤ 5 ms, flat',
      ]);
      rows.push([
        `feed collection p50 / p99 (${n} activities)`,
        `${f2(collection.p50)} / ${f2(collection.p99)} ms`,
        '',
        '',
        '≤ 5 ms',
      ]);
    } finally {
      await server.stop();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function loadTimed(
  dump: string,
  dataDir: string,
  off: boolean,
): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const run = await withoutFeed(off, () => runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', dump]));
  if (run.code !== 0) throw new Error(`load failed: ${run.stderr.slice(-2000)}`);
  return { ms: run.ms, cpuMs: run.cpuMs ?? NaN, bytes: await directoryBytes(dataDir) };
}

/**
 * Single PUTs against two live servers at once, one with the feed (over the store loaded with it)
 * and one without (over the store loaded without): each document is PUT to both, in turns whose
 * order alternates, so both see the same moment of a busy machine. p50 of each, per round.
 */
async function putLatencies(
  fedDir: string,
  plainDir: string,
  documents: readonly Record<string, unknown>[],
  rounds: number,
): Promise<{ on: number[]; off: number[] }> {
  const fed = await serve(fedDir);
  const plain = await withoutFeed(true, () => serve(plainDir));
  const put = async (server: ChildServer, doc: Record<string, unknown>, label: string): Promise<number> => {
    const started = performance.now();
    const response = await fetch(server.url + new URL(doc.id as string).pathname, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify({ ...doc, _label: label }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`PUT ${String(doc.id)} answered ${response.status}`);
    return performance.now() - started;
  };
  try {
    const p50s = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const times = { on: [] as number[], off: [] as number[] };
      for (const [i, doc] of documents.entries()) {
        const label = `Renamed in round ${round}, ${i}`;
        const order: Array<'on' | 'off'> = (i + round) % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
        for (const which of order) {
          const ms = await put(which === 'on' ? fed : plain, doc, label);
          if (i >= 20) times[which].push(ms);
        }
      }
      for (const which of ['on', 'off'] as const)
        p50s[which].push(
          quantile(
            times[which].sort((a, b) => a - b),
            0.5,
          ),
        );
    }
    return p50s;
  } finally {
    await Promise.all([fed.stop(), plain.stop()]);
  }
}

async function benchWrites(work: string): Promise<void> {
  const templates = gateTemplates().templates;
  const nq = join(work, 'dump.nq');
  const ndjson = join(work, 'dump.ndjson');
  progress(`writing a dump of ${DOCS} documents`);
  await writeDumps(templates, DOCS, nq, ndjson);
  // Alternated (without, with, with, without), so neither side gets the machine's better minutes.
  progress(`loading ${DOCS} documents four times: without the feed, with it, with it, without it`);
  const plain = [await loadTimed(nq, join(work, 'plain'), true)];
  const fed = [await loadTimed(nq, join(work, 'fed'), false)];
  fed.push(await loadTimed(nq, join(work, 'fed2'), false));
  plain.push(await loadTimed(nq, join(work, 'plain2'), true));
  await rm(join(work, 'fed2'), { recursive: true, force: true });
  await rm(join(work, 'plain2'), { recursive: true, force: true });
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const fedMs = mean(fed.map((r) => r.ms));
  const plainMs = mean(plain.map((r) => r.ms));
  rows.push([
    `load ${DOCS} documents (N-Quads, fresh store; mean of 2 runs each)`,
    `${f1(fedMs / 1000)} s`,
    `${f1(plainMs / 1000)} s without the feed`,
    f2(fedMs / plainMs),
    '≤ 1.05',
  ]);
  // CPU time of every thread: what the feed costs, whatever else the machine is doing meanwhile.
  const fedCpu = mean(fed.map((r) => r.cpuMs));
  const plainCpu = mean(plain.map((r) => r.cpuMs));
  rows.push([
    `  the same loads' CPU time (user + system, all threads)`,
    `${f1(fedCpu / 1000)} s`,
    `${f1(plainCpu / 1000)} s without the feed`,
    f2(fedCpu / plainCpu),
    '≤ 1.05',
  ]);
  rows.push([
    `store growth per activity (data directory after load)`,
    `${f1((fed[0].bytes - plain[0].bytes) / DOCS)} bytes`,
    `${f1(plain[0].bytes / DOCS)} bytes per document without`,
    '',
    'report',
  ]);

  progress(`single PUTs, each to a server with the feed and one without, in turns`);
  const documents = (await readFile(ndjson, 'utf8'))
    .split('\n', PUTS)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const latency = await putLatencies(join(work, 'fed'), join(work, 'plain'), documents, 3);
  rows.push([
    `single PUT p50 (replacing, ${PUTS} a round in turns, mean of 3 rounds)`,
    `${f2(mean(latency.on))} ms`,
    `${f2(mean(latency.off))} ms without the feed`,
    f2(mean(latency.on) / mean(latency.off)),
    '≤ 1.1',
  ]);
}

const work = await mkdtemp(join(tmpdir(), 'linkedart-feed-bench-'));
try {
  if (!args.includes('--writes-only')) await benchPages(work);
  if (!args.includes('--pages-only')) await benchWrites(work);
} finally {
  await rm(work, { recursive: true, force: true });
}
printTable('bench:feed (embedded store)', ['measure', 'ours', 'reference (same run)', 'ratio', 'target'], rows);
