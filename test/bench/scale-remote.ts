/**
 * The remote store at scale (issue 21, item 4): the rows `npm run bench:scale` prints for it, and
 * a runnable entry of its own.
 *
 *   node dist/test/bench/scale-remote.js 100000                 100,000 documents (RSS also at a tenth)
 *   node dist/test/bench/scale-remote.js 10000 --small 2000 --sample 200 [--no-export]
 * (or SCALE_REMOTE_DOCS, SCALE_REMOTE_SMALL, SCALE_REMOTE_SAMPLE in the environment).
 *
 * What it does, each store a throwaway Virtuoso 7 (test/virtuoso/start.sh) in a temporary directory:
 * 1. writes a dump of N generated documents (test/bench/load/dump.ts: the N-Quads `linkedart export` writes);
 * 2. the reference: Virtuoso's own bulk loader on that N-Quads file (`ld_dir` + `rdf_loader_run` +
 *    `checkpoint`, over isql-vt) into a fresh store, before and after ours (the machine's load moves
 *    between runs: both are shown, the better is the reference). It writes the documents' quads,
 *    nothing else, with its transaction log off (durable at the checkpoint, which is counted);
 * 3. ours: `linkedart load --store sparql` of the same file into another fresh store, as dba through
 *    /sparql-auth (the store parses the inserts as N-Quads), its wall time and the process's peak RSS,
 *    also for a smaller dump first (the RSS must not grow with the collection), which is loaded once
 *    more anonymously through /sparql (INSERT DATA text) for the two ways side by side.
 *    Ours writes each document's graph, a copy of its triples into the union graph (the curators'
 *    default graph), its hint and links graphs, its change-feed activity and registry entries, every
 *    request one durable transaction;
 * 4. the service over that store (`serve --store sparql`): GET p50/p99 of a sample of documents cold
 *    (first request after start) and warm (again), against the same documents read straight from
 *    Virtuoso (a CONSTRUCT of the document's graph); one SPARQL query through /sparql against the
 *    same query sent to Virtuoso itself over the union graph; `linkedart export` of the collection.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNION_GRAPH } from '../../src/store/sparql/graphWrites.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startChildServer, untilReady } from './http/childServer.js';
import { gateTemplates, writeDumps, type DumpInfo } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { startVirtuoso, type RemoteStore } from './remote/virtuoso.js';
import { printTable } from './stats.js';
import { docGraph } from './store-bench.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const PEAK_AT_EXIT = new URL('./load/peakAtExit.js', import.meta.url).href;
/** Ports clear of the test suites' (18890) and the other benches' (18895, 18896). */
const OURS_PORTS = { httpPort: 18901, sqlPort: 11121 };
const BULK_PORTS = { httpPort: 18902, sqlPort: 11122 };
const SERVE_PORT = 18903;
const BASE_URL = 'https://example.org/';
/** A query over the whole collection: the documents by class. */
const CLASS_QUERY = 'SELECT ?class (COUNT(?s) AS ?n) WHERE { ?s a ?class } GROUP BY ?class';

/** A table row: measure, ours, reference, ours/reference, target. */
export type ScaleRow = [string, string, string, string, string];

export interface ScaleRemoteOptions {
  /** Documents in the large run. */
  readonly docs: number;
  /** Documents in the small run (RSS at two sizes); 0: none. */
  readonly smallDocs: number;
  /** Documents dereferenced for GET p50/p99. */
  readonly sample: number;
  /** Leave out `linkedart export` (the longest step: some 800 s at 100,000 documents). */
  readonly skipExport?: boolean;
  readonly progress?: (message: string) => void;
}

interface OursLoad {
  seconds: number;
  peakRss: number | undefined;
  summary: string;
}

/**
 * How a load writes: as dba through /sparql-auth, where the store parses the inserts as N-Quads
 * (what the README advises), or anonymously through /sparql, as INSERT DATA text.
 */
type Writer = 'n-quads' | 'insert-data';
const writerArgs = (store: RemoteStore, writer: Writer): string[] =>
  writer === 'n-quads'
    ? [
        '--sparql-url',
        store.url,
        '--update-url',
        store.url.replace(/\/sparql$/, '/sparql-auth'),
        '--store-user',
        'dba',
        '--store-password',
        'dba',
      ]
    : ['--sparql-url', store.url];

/** The remote store's rows of the scale table. */
export async function remoteScaleRows(options: ScaleRemoteOptions): Promise<ScaleRow[]> {
  const progress = options.progress ?? ((m: string) => console.error(`[scale-remote] ${m}`));
  const work = await mkdtemp(join(tmpdir(), 'scale-remote-'));
  const rows: ScaleRow[] = [];
  try {
    const templates = gateTemplates().templates;
    const dumpOf = async (docs: number): Promise<{ dir: string; info: DumpInfo }> => {
      const dir = join(work, `dump-${docs}`);
      execFileSync('mkdir', ['-p', dir]);
      progress(`writing a dump of ${docs} documents`);
      return { dir, info: await writeDumps(templates, docs, join(dir, 'dump.nq'), join(dir, 'dump.ndjson')) };
    };

    // RSS at the smaller size first: ours alone, into a fresh store; and the same load written as INSERT DATA.
    let smallRss: number | undefined;
    let smallInsertData: OursLoad | undefined;
    let smallNQuads: OursLoad | undefined;
    if (options.smallDocs > 0) {
      const small = await dumpOf(options.smallDocs);
      smallNQuads = await withVirtuoso(OURS_PORTS, [], progress, (store) =>
        oursLoad(store, join(small.dir, 'dump.nq'), work, progress, 'n-quads'),
      );
      smallRss = smallNQuads.peakRss;
      smallInsertData = await withVirtuoso(OURS_PORTS, [], progress, (store) =>
        oursLoad(store, join(small.dir, 'dump.nq'), work, progress, 'insert-data'),
      );
      await rm(small.dir, { recursive: true, force: true });
    }

    const { dir, info } = await dumpOf(options.docs);
    const nq = join(dir, 'dump.nq');
    const bulkBefore = await withVirtuoso(BULK_PORTS, [dir], progress, (store) => bulkLoad(store, dir, progress));
    const n = options.docs;
    await withVirtuoso(OURS_PORTS, [], progress, async (store) => {
      const ours = await oursLoad(store, nq, work, progress, 'n-quads');
      const bulkAfter = await withVirtuoso(BULK_PORTS, [dir], progress, (bulk) => bulkLoad(bulk, dir, progress));
      const reference = Math.min(bulkBefore, bulkAfter);
      rows.push(
        [
          `remote load, documents/s (${n} docs, ${info.quads} quads; inserts as N-Quads, dba)`,
          rate(n, ours.seconds),
          `${rate(n, reference)} (bulk loader; runs ${rate(n, bulkBefore)}, ${rate(n, bulkAfter)})`,
          ratio(reference / ours.seconds),
          '≥ 0.5x',
        ],
        [`remote load, s (${n} docs)`, ours.seconds.toFixed(1), reference.toFixed(1), '', ''],
      );
      if (smallInsertData && smallNQuads) {
        const m = options.smallDocs;
        rows.push([
          `remote load, documents/s (${m} docs): N-Quads (dba) against INSERT DATA (anonymous)`,
          rate(m, smallNQuads.seconds),
          `${rate(m, smallInsertData.seconds)} (INSERT DATA)`,
          ratio(smallInsertData.seconds / smallNQuads.seconds),
          'report',
        ]);
      }
      if (options.smallDocs > 0) {
        rows.push([
          `remote load, service peak RSS MB (${options.smallDocs} → ${n} docs)`,
          `${mb(smallRss)} → ${mb(ours.peakRss)}`,
          '',
          ratio((ours.peakRss ?? NaN) / (smallRss ?? NaN)),
          'flat (≈ 1x)',
        ]);
      } else {
        rows.push([`remote load, service peak RSS MB (${n} docs)`, mb(ours.peakRss), '', '', 'flat']);
      }
      rows.push(...(await servedRows(store, n, options.sample, progress)));
      if (!options.skipExport) rows.push(await exportRow(store, n, work, progress));
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return rows;
}

/** Starts a fresh Virtuoso, runs `work` on it, stops it (also on failure). */
async function withVirtuoso<T>(
  ports: { httpPort: number; sqlPort: number },
  dirsAllowed: readonly string[],
  progress: (m: string) => void,
  work: (store: RemoteStore) => Promise<T>,
): Promise<T> {
  const store = await startVirtuoso({ ...ports, dirsAllowed }, progress);
  try {
    return await work(store);
  } finally {
    const problem = await store.stop();
    if (problem) progress(problem);
  }
}

/** Virtuoso's bulk loader on the dump's directory; seconds, the checkpoint included. */
// eslint-disable-next-line @typescript-eslint/require-await -- called with await like the other loaders; a throw must reject
async function bulkLoad(store: RemoteStore, dir: string, progress: (m: string) => void): Promise<number> {
  progress(`Virtuoso's bulk loader: ld_dir('${dir}', '*.nq', …) + rdf_loader_run() + checkpoint`);
  const started = performance.now();
  const out = execFileSync(
    'isql-vt',
    [
      `127.0.0.1:${store.sqlPort}`,
      'dba',
      'dba',
      `exec=ld_dir('${dir}', '*.nq', '${BASE_URL}default'); rdf_loader_run(); checkpoint; SELECT ll_file, ll_state, ll_error FROM DB.DBA.load_list;`,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const seconds = (performance.now() - started) / 1000;
  if (!/\bdump\.nq\s+2\s+NULL/.test(out))
    throw new Error(`the bulk loader did not load ${dir}/dump.nq cleanly:\n${out}`);
  return seconds;
}

/** `linkedart load --store sparql` of the dump: wall seconds and the process's peak RSS. */
async function oursLoad(
  store: RemoteStore,
  nq: string,
  work: string,
  progress: (m: string) => void,
  writer: Writer,
): Promise<OursLoad> {
  const args = ['load', '--store', 'sparql', ...writerArgs(store, writer), '--no-progress', nq];
  progress(`ours: linkedart ${args.join(' ')}`);
  const run = await runMeasured(['--import', PEAK_AT_EXIT, MAIN, ...args], join(work, 'peak'));
  const summary = /^(loaded: .*)$/m.exec(run.stderr)?.[1] ?? '';
  if (run.code !== 0 && !/ 0 rejected/.test(summary))
    throw new Error(`linkedart load failed (${run.signal ?? run.code}): ${run.stderr.slice(-2000)}`);
  progress(summary);
  return { seconds: run.ms / 1000, peakRss: run.peakRss, summary };
}

/** GET p50/p99 cold and warm, and one query, through the service; the same read from Virtuoso itself beside. */
async function servedRows(
  store: RemoteStore,
  docs: number,
  sample: number,
  progress: (m: string) => void,
): Promise<ScaleRow[]> {
  const ids = Array.from({ length: Math.min(sample, docs) }, (_, k) =>
    docGraph(Math.floor((k * docs) / Math.min(sample, docs))),
  );
  progress(`serve --store sparql; GET ${ids.length} documents cold, then warm`);
  const server = await startChildServer(MAIN, [
    'serve',
    '--store',
    'sparql',
    '--sparql-url',
    store.url,
    '--base-url',
    BASE_URL,
    '--port',
    String(SERVE_PORT),
    '--log-level',
    'warn',
  ]);
  try {
    await untilReady(server);
    const get = async (id: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${server.url}/${id.slice(BASE_URL.length)}`, {
        headers: { accept: 'application/ld+json' },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${id}: ${response.status}`);
      return performance.now() - started;
    };
    const direct = async (id: string): Promise<number> => {
      const started = performance.now();
      await storeQuery(
        store.url,
        `CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${id}> { ?s ?p ?o } }`,
        'application/n-triples',
      );
      return performance.now() - started;
    };
    const cold: number[] = [];
    for (const id of ids) cold.push(await get(id));
    const warm: number[] = [];
    for (const id of ids) warm.push(await get(id));
    const bare: number[] = [];
    for (const id of ids) bare.push(await direct(id));
    progress('one SPARQL query through /sparql, and straight to Virtuoso');
    const viaService = await timed(() =>
      storeQuery(`${server.url}/sparql`, CLASS_QUERY, 'application/sparql-results+json'),
    );
    const straight = await timed(() =>
      storeQuery(
        store.url,
        CLASS_QUERY.replace(' WHERE', ` FROM <${UNION_GRAPH}> WHERE`),
        'application/sparql-results+json',
      ),
    );
    const p = (xs: number[], q: number) => percentile(xs, q);
    return [
      [
        `remote GET p50 / p99 ms, cold (${ids.length} docs)`,
        `${ms(p(cold, 50))} / ${ms(p(cold, 99))}`,
        `${ms(p(bare, 50))} / ${ms(p(bare, 99))} (CONSTRUCT of the graph)`,
        ratio(p(cold, 50) / p(bare, 50)),
        'report',
      ],
      [
        `remote GET p50 / p99 ms, warm`,
        `${ms(p(warm, 50))} / ${ms(p(warm, 99))}`,
        `${ms(p(bare, 50))} / ${ms(p(bare, 99))}`,
        ratio(p(warm, 50) / p(bare, 50)),
        'report',
      ],
      [
        `remote SPARQL query ms (documents by class)`,
        ms(viaService),
        `${ms(straight)} (Virtuoso, FROM the union graph)`,
        ratio(viaService / straight),
        'report',
      ],
    ];
  } finally {
    await server.stop();
  }
}

/** `linkedart export` of the whole collection from the store, as N-Quads to a file. */
async function exportRow(
  store: RemoteStore,
  docs: number,
  work: string,
  progress: (m: string) => void,
): Promise<ScaleRow> {
  const out = join(work, 'export.nq');
  progress(`linkedart export --store sparql (${docs} documents)`);
  const run = await runMeasured(
    [
      '--import',
      PEAK_AT_EXIT,
      MAIN,
      'export',
      '--store',
      'sparql',
      '--sparql-url',
      store.url,
      '--format',
      'nquads',
      '--out',
      out,
    ],
    join(work, 'peak'),
  );
  if (run.code !== 0)
    throw new Error(`linkedart export failed (${run.signal ?? run.code}): ${run.stderr.slice(-2000)}`);
  const bytes = (await stat(out)).size;
  await rm(out, { force: true });
  return [
    `remote export s (${docs} docs, ${(bytes / 2 ** 20).toFixed(0)} MiB N-Quads; peak RSS ${mb(run.peakRss)} MB)`,
    (run.ms / 1000).toFixed(1),
    '',
    '',
    'report',
  ];
}

async function storeQuery(url: string, sparql: string, accept: string): Promise<string> {
  const body = new URLSearchParams({ query: sparql }).toString();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`query at ${url}: ${response.status} ${text.slice(0, 500)}`);
  return text;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? NaN;
}

const rate = (docs: number, seconds: number) => (docs / seconds).toFixed(0);
const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : '');
const ms = (x: number) => x.toFixed(1);
const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(0));

// ---- runnable entry ------------------------------------------------------------------------

function numberOption(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const text = i >= 0 ? process.argv[i + 1] : process.env[env];
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} (${env}): a whole number, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const first = process.argv[2];
  const docs =
    first !== undefined && /^\d+$/.test(first) ? Number(first) : numberOption('--docs', 'SCALE_REMOTE_DOCS', 10_000);
  const smallDocs = numberOption('--small', 'SCALE_REMOTE_SMALL', Math.floor(docs / 10));
  const sample = numberOption('--sample', 'SCALE_REMOTE_SAMPLE', 200);
  // --no-export: leave out the export (the longest step).
  const rows = await remoteScaleRows({ docs, smallDocs, sample, skipExport: process.argv.includes('--no-export') });
  printTable(
    `The remote store (Virtuoso 7) at ${docs} documents`,
    ['measure', 'ours', 'reference', 'ratio', 'target'],
    rows,
  );
}
