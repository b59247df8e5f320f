/**
 * `npm run bench:history`: what keeping every version costs (src/history, docs/history.md), each
 * measured with and without (--keep-versions all / 0) in the same run, interleaved (A B B A):
 * - a `linkedart load` of a generated N-Quads dump into a fresh store (default 20,000 documents;
 *   the size: `npm run bench:history -- 100000`), wall time of the child process;
 * - one PUT that replaces a document (in process, over loopback HTTP), µs per PUT: wall time (p50), and
 *   the process's CPU time over blocks of PUTs to one side (p50 of the blocks), which a shared machine's
 *   load moves far less than the wall time (both servers and their store workers run in this process);
 * - the TimeMap of a document with 1,000 versions (p50 of GETs): the first after a write (read from the
 *   store) and asked again (its records kept until the next write);
 * - a past version's GET against the live document's GET (p50 of each): the first of each version (read
 *   and rendered) and again (kept rendered);
 * - bytes per version: a kept version's graphs and record as text, and the quads the store grew by per PUT
 *   with history less without;
 * - a store of R documents × 5 versions (five loads of the documents, each changed) against the same
 *   documents with no history (--keep-versions 0): its bytes on disk after compaction (the growth per
 *   version) and the time to open it again (restart), A B B A. Default R 2,000; the size:
 *   `npm run bench:history -- 20000 100000`. Each load and each open runs in a child process of its
 *   own, and its peak RSS is reported (the largest of the runs).
 * The machine may be shared: the load average is printed with the ratios; progress goes to stderr.
 */
import { Agent, request } from 'node:http';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { printTable, summarize } from './stats.js';
import { BASE, ID, TOKEN, putDocument, smallDocument } from './history/historyPut.js';
import { versionGraphOf, versionHintGraphOf } from '../../src/history/versionGraphs.js';
import type { Quad } from '../../src/rdf/terms.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { runMeasured, type ChildRun } from './load/measuredChild.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const OPEN_STORE = new URL('./history/openStoreChild.js', import.meta.url).pathname;
const PEAK_AT_EXIT = new URL('./load/peakAtExit.js', import.meta.url).href;
const DOCS = Number(process.argv[2] ?? 20_000);
const RESTART_DOCS = Number(process.argv[3] ?? 2_000);
const RESTART_VERSIONS = 5;
const VERSIONS = 1_000;
const PUT_ROUNDS = Number(process.env.HISTORY_BENCH_PUTS ?? 200);
/** PUTs a block measured by CPU time, and blocks a side (each side's PUTs also make versions). */
const CPU_BLOCK = 20;
const CPU_BLOCKS = 10;
/** PUTs the store's growth a version is measured over: what brings the document to VERSIONS, at least 100 (HISTORY_BENCH_PUTS=1000 made more already). */
const GROWTH_PUTS = Math.max(100, VERSIONS - PUT_ROUNDS - CPU_BLOCKS * CPU_BLOCK);
/** The versions the document has when its TimeMap is asked (VERSIONS, or more when the PUTs before made more). */
const KEPT_VERSIONS = PUT_ROUNDS + CPU_BLOCKS * CPU_BLOCK + GROWTH_PUTS;
/** `HISTORY_BENCH_ONLY=put`: the PUT rows alone (no load, TimeMap, past version nor restart), to measure a change to the write quickly. */
const PUT_ONLY = process.env.HISTORY_BENCH_ONLY === 'put';

/** The largest peak RSS (bytes) of the measured children, per kind of run. */
const peaks: Record<string, number> = {};

/** `node args` measured (wall, peak RSS); fails when the child does. */
async function measured(kind: string, work: string, args: readonly string[]): Promise<ChildRun> {
  const run = await runMeasured(['--import', PEAK_AT_EXIT, ...args], join(work, 'peak'));
  if (run.code !== 0) throw new Error(`${kind} exited ${run.code}: ${run.stderr.slice(-2000)}`);
  peaks[kind] = Math.max(peaks[kind] ?? 0, run.peakRss ?? 0);
  return run;
}

const note = (line: string): void => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);

/** Seconds of one `linkedart load` of `dump` into `dataDir` (a fresh store unless given one). */
async function loadSeconds(work: string, dump: string, keep: string, into?: string): Promise<number> {
  const dataDir = into ?? (await mkdtemp(join(work, `store-${keep}-`)));
  const run = await measured(`load --keep-versions ${keep}`, work, [
    MAIN,
    'load',
    '--data-dir',
    dataDir,
    '--no-progress',
    '--keep-versions',
    keep,
    dump,
  ]);
  note(`load --keep-versions ${keep} ${dump}: ${(run.ms / 1000).toFixed(1)} s`);
  if (!into) await rm(dataDir, { recursive: true, force: true });
  return run.ms / 1000;
}

const put = (app: TestApp, label: string): Promise<void> => putDocument(app, smallDocument(label));

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e3;
}

/** One connection kept open, as a client would: fetch's own cost on a 150 KB TimeMap was most of what it measured. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

async function getMs(app: TestApp, url: string): Promise<number> {
  return (
    (await timed(
      () =>
        new Promise<void>((resolve, reject) => {
          const target = app.origin + new URL(url).pathname + new URL(url).search;
          request(target, { agent }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`GET ${url}: ${response.statusCode}`));
            response
              .on('data', () => undefined)
              .on('end', resolve)
              .on('error', reject);
          })
            .on('error', reject)
            .end();
        }),
    )) / 1000
  );
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'linkedart-history-bench-'));
  const rows: string[][] = [];
  try {
    // The load, A B B A.
    if (!PUT_ONLY) rows.push(...(await loadRows(work)));

    // One PUT, interleaved in rounds; then 1,000 versions, the TimeMap, past against live; bytes per version.
    const apps = {
      all: await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: 'all' }),
      '0': await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: '0' }),
    };
    try {
      const puts: Record<string, number[]> = { all: [], '0': [] };
      for (let n = 0; n < PUT_ROUNDS; n++)
        for (const keep of n % 2 === 0 ? (['all', '0'] as const) : (['0', 'all'] as const))
          puts[keep].push(await timed(() => put(apps[keep], `put ${n}`)));
      const [withPut, withoutPut] = [summarize(puts.all.slice(10)).median, summarize(puts['0'].slice(10)).median];
      rows.push([
        'PUT replacing a document (µs, p50)',
        withPut.toFixed(0),
        withoutPut.toFixed(0),
        (withPut / withoutPut).toFixed(3),
      ]);
      const cpu: Record<string, number[]> = { all: [], '0': [] };
      for (let n = 0; n < CPU_BLOCKS; n++)
        for (const keep of n % 2 === 0 ? (['all', '0'] as const) : (['0', 'all'] as const)) {
          const start = process.cpuUsage();
          for (let i = 0; i < CPU_BLOCK; i++) await put(apps[keep], `cpu ${n} ${i}`);
          const used = process.cpuUsage(start);
          cpu[keep].push((used.user + used.system) / CPU_BLOCK);
        }
      const [withCpu, withoutCpu] = [summarize(cpu.all).median, summarize(cpu['0']).median];
      rows.push([
        `PUT replacing a document (CPU µs of the process, p50 of blocks of ${CPU_BLOCK})`,
        withCpu.toFixed(0),
        withoutCpu.toFixed(0),
        (withCpu / withoutCpu).toFixed(3),
      ]);

      if (!PUT_ONLY) rows.push(...(await versionRows(apps)));
    } finally {
      for (const app of Object.values(apps)) await app.close();
    }
    if (!PUT_ONLY) rows.push(...(await restartRows(work)));
  } finally {
    agent.destroy();
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    `History (keep all vs 0), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    ['measure', 'with', 'without', 'ratio'],
    rows,
  );
}

/** With a thousand versions: the store's growth a version, the TimeMap, a past version's GET against the live one. */
async function versionRows(apps: Record<'all' | '0', TestApp>): Promise<string[][]> {
  const rows: string[][] = [];
  const before = { all: await apps.all.store.size(), '0': await apps['0'].store.size() };
  // Up to VERSIONS in all (the PUTs above made versions too), and never fewer than GROWTH_PUTS to measure growth over.
  for (let n = 0; n < GROWTH_PUTS; n++) for (const keep of ['all', '0'] as const) await put(apps[keep], `version ${n}`);
  const quads = (await apps.all.store.size()) - before.all - ((await apps['0'].store.size()) - before['0']);
  const timeMap = `${BASE}_timemap/bench/object/1`;
  // The first TimeMap after a write reads the records from the store (a write keeps the version count at 1,000: its own replaces one).
  const cold: number[] = [];
  for (let i = 0; i < 20; i++) {
    cold.push(await getMs(apps.all, timeMap));
    if (i < 19) await put(apps.all, `timemap ${i}`);
  }
  const tm: number[] = [];
  for (let i = 0; i < 100; i++) tm.push(await getMs(apps.all, timeMap));
  rows.push([
    `TimeMap of ${KEPT_VERSIONS} versions, first after a write (ms, p50)`,
    summarize(cold).median.toFixed(2),
    '',
    '',
  ]);
  rows.push([
    `TimeMap of ${KEPT_VERSIONS} versions, again (ms, p50)`,
    summarize(tm.slice(5)).median.toFixed(2),
    '',
    'target ≤ 5 ms',
  ]);
  const past: number[] = [];
  const again: number[] = [];
  const live: number[] = [];
  for (let i = 0; i < 200; i++) {
    const version = `${BASE}_version/${1 + (i % 500)}/bench/object/1`;
    past.push(await getMs(apps.all, version));
    live.push(await getMs(apps.all, ID));
    again.push(await getMs(apps.all, version));
  }
  const [pastP50, againP50, liveP50] = [past, again, live].map((l) => summarize(l.slice(5)).median);
  rows.push([
    'past version GET, first of each vs live GET (ms, p50)',
    pastP50.toFixed(2),
    liveP50.toFixed(2),
    (pastP50 / liveP50).toFixed(3),
  ]);
  rows.push([
    'past version GET, again vs live GET (ms, p50)',
    againP50.toFixed(2),
    liveP50.toFixed(2),
    (againP50 / liveP50).toFixed(3) + ' (target ≤ 1.2)',
  ]);
  const bytes = await bytesPerVersion(apps.all, 500);
  rows.push(['bytes per kept version (its graphs and record, as text)', bytes.toFixed(0), '', '']);
  rows.push([`store growth per version (quads, over ${GROWTH_PUTS} PUTs)`, (quads / GROWTH_PUTS).toFixed(1), '', '']);
  return rows;
}

/** A `linkedart load` of DOCS generated documents into a fresh store, with and without versions, A B B A. */
async function loadRows(work: string): Promise<string[][]> {
  const rows: string[][] = [];
  const dump = join(work, 'dump.nq');
  await writeDumps(gateTemplates().templates, DOCS, dump, join(work, 'dump.ndjson'));
  const load: Record<string, number[]> = { all: [], '0': [] };
  for (const keep of ['0', 'all', 'all', '0']) load[keep].push(await loadSeconds(work, dump, keep));
  const [withLoad, withoutLoad] = [Math.min(...load.all), Math.min(...load['0'])];
  rows.push([
    `load ${DOCS} documents (s, best of 2)`,
    withLoad.toFixed(2),
    withoutLoad.toFixed(2),
    (withLoad / withoutLoad).toFixed(3),
  ]);
  rows.push([
    `load ${DOCS} documents: peak RSS of the loading process (MB)`,
    (peaks['load --keep-versions all'] / 1e6).toFixed(0),
    (peaks['load --keep-versions 0'] / 1e6).toFixed(0),
    (peaks['load --keep-versions all'] / peaks['load --keep-versions 0']).toFixed(3),
  ]);
  return rows;
}

/**
 * A store of RESTART_DOCS documents written RESTART_VERSIONS times (a load each, every document
 * changed), with every version kept and with none: bytes on disk after compaction, and the time
 * to open it again (A B B A).
 */
async function restartRows(work: string): Promise<string[][]> {
  const base = join(work, 'restart.ndjson');
  await writeDumps(gateTemplates().templates, RESTART_DOCS, join(work, 'restart.nq'), base);
  const lines = (await readFile(base, 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const dirs = { all: await mkdtemp(join(work, 'restart-all-')), '0': await mkdtemp(join(work, 'restart-0-')) };
  for (let v = 1; v <= RESTART_VERSIONS; v++) {
    const dump = join(work, `restart-${v}.ndjson`);
    const changed = lines.map((line) => JSON.stringify({ ...(JSON.parse(line) as object), _label: `version ${v}` }));
    await writeFile(dump, changed.join('\n') + '\n');
    for (const keep of ['all', '0'] as const) await loadSeconds(work, dump, keep, dirs[keep]);
  }
  const bytes: Record<string, number> = {};
  for (const keep of ['all', '0'] as const) {
    const store = await EmbeddedStore.open({ dataDir: dirs[keep] });
    await store.compact();
    await store.close();
    bytes[keep] = await directoryBytes(dirs[keep]);
  }
  const open: Record<string, number[]> = { all: [], '0': [] };
  for (const keep of ['all', '0', '0', 'all'] as const) {
    const run = await measured(`open ${keep}`, work, [OPEN_STORE, dirs[keep]]);
    open[keep].push((JSON.parse(run.stdout) as { seconds: number }).seconds);
    note(`open --keep-versions ${keep}: ${open[keep].at(-1)?.toFixed(2)} s`);
  }
  const [withOpen, withoutOpen] = [Math.min(...open.all), Math.min(...open['0'])];
  const pastVersions = RESTART_DOCS * (RESTART_VERSIONS - 1);
  return [
    [
      `store of ${RESTART_DOCS} documents × ${RESTART_VERSIONS} versions, compacted (MB)`,
      (bytes.all / 1e6).toFixed(1),
      (bytes['0'] / 1e6).toFixed(1),
      (bytes.all / bytes['0']).toFixed(3),
    ],
    ['store growth per past version, on disk (bytes)', ((bytes.all - bytes['0']) / pastVersions).toFixed(0), '', ''],
    [
      `restart: open that store (s, best of 2)`,
      withOpen.toFixed(2),
      withoutOpen.toFixed(2),
      (withOpen / withoutOpen).toFixed(3),
    ],
    [
      'restart: peak RSS of the process opening it (MB)',
      (peaks['open all'] / 1e6).toFixed(0),
      (peaks['open 0'] / 1e6).toFixed(0),
      (peaks['open all'] / peaks['open 0']).toFixed(3),
    ],
  ];
}

/** The bytes of the files under `dir`. */
async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

/** The bytes one kept version adds, as N-Quads-like text: its entity and hint graphs, and its record (the history graph's share). */
async function bytesPerVersion(app: TestApp, n: number): Promise<number> {
  const text = (quads: readonly Quad[]) =>
    quads.reduce(
      (sum, q) =>
        sum + q.subject.value.length + q.predicate.value.length + q.object.value.length + q.graph.value.length + 12,
      0,
    );
  // Its record is in its hint graph; the head (one record a document) is not counted per version.
  return text(await app.store.readGraphs([versionGraphOf(ID, n), versionHintGraphOf(ID, n)]));
}

await main();
