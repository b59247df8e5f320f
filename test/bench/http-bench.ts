/**
 * `npm run bench:http`: the HTTP dereference under load (autocannon, loopback), against a bare
 * express baseline serving the very same bytes from a Map.
 *
 * The data: the corpus documents the write gate admits plus the demo collection, all under
 * https://linked.art/example/, stored in a fresh data directory (removed at the end). The service
 * runs as a user runs it (`node dist/src/cli/main.js serve ...`, a child process); every request of
 * a run cycles over the pathnames of all stored ids (each connection starting at its own offset).
 * Runs (after an uncounted warm-up of `--warmup` seconds each):
 * - bare express, pre-rendered bytes: 10 connections;
 * - ours, render cache on, warm (every path fetched once first): 10 connections;
 * - ours, render cache off (`--cache-mb 0`): 10 connections;
 * - ours, cache on: 64 connections, `--long` seconds;
 * - ours, cache on, `Accept: text/turtle`: 10 connections (only when the server answers Turtle);
 * - ours, cache on, a browser's Accept (the pages for people, HTML), warm: 10 connections.
 * Targets: warm ours at least 80% of bare express's requests/s; warm HTML at least 80% of warm JSON-LD; cache off at least 1000 requests/s;
 * the 64-connection run without errors or non-2xx answers. The exit code is 0 whatever the result.
 *
 *   npm run bench:http                                   10 s runs, 30 s for 64 connections, 2 s warm-ups
 *   npm run bench:http -- --quick                        3 s each (warm-ups 1 s)
 *   npm run bench:http -- --duration 5 --long 10 --warmup 1
 * (or HTTP_BENCH_DURATION, HTTP_BENCH_LONG, HTTP_BENCH_WARMUP in the environment).
 *
 * The remote store (after all the runs above): the same documents written into a SPARQL 1.1 store
 * through SparqlStore + DocumentService.putAll, then the service run on it (`serve --store sparql`):
 * render cache on (warm) and render cache off, 10 connections each; a second table puts these
 * rows beside the embedded store's and bare express's.
 *   npm run bench:http -- --remote                       a throwaway Virtuoso 7 (test/virtuoso/start.sh,
 *                                                        127.0.0.1:18895, or VIRT_HTTP_PORT / VIRT_SQL_PORT),
 *                                                        stopped by its recorded PID at the end, also on error
 *   npm run bench:http -- --sparql-url URL               a store you run (written to, never cleared or stopped)
 * (or HTTP_BENCH_REMOTE=1, HTTP_BENCH_SPARQL_URL=URL in the environment).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IngestedDocument } from '../../src/ingest/ingestDocument.js';
import { DocumentRejected } from '../../src/linkedart/Problem.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import { CORPUS_DIR, PROJECT_ROOT, readDocuments } from '../support/corpus.js';
import { startChildServer, type ChildServer } from './http/childServer.js';
import type { PreRendered } from './http/bareExpress.js';
import { cpuMark, otherCpus, type CpuMark } from './http/otherCpu.js';
import {
  givenStore,
  processCpuMs,
  processPeakRss,
  remoteOption,
  startVirtuoso,
  type RemoteStore,
} from './remote/virtuoso.js';
import { printTable } from './stats.js';
import { load, type Measured } from './http/cannon.js';

const BASE_URL = 'https://linked.art/example/';
const JSON_LD = 'application/ld+json';
const TURTLE = 'text/turtle';
/** What a browser sends (Firefox, Safari): gets the page for people. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BARE = fileURLToPath(new URL('./http/bareExpress.js', import.meta.url));

// ---- options ------------------------------------------------------------------------------

function option(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[env];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} / ${env} must be a positive number of seconds, not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}
const quick = process.argv.includes('--quick');
const DURATION = option('duration', 'HTTP_BENCH_DURATION', quick ? 3 : 10);
const LONG = option('long', 'HTTP_BENCH_LONG', quick ? 3 : 30);
const WARMUP = option('warmup', 'HTTP_BENCH_WARMUP', quick ? 1 : 2);
const REMOTE = remoteOption('HTTP_BENCH');
/** Ports of the Virtuoso --remote starts: clear of the test suites' (18890) and of bench:load's. */
const VIRTUOSO_PORTS = { httpPort: 18895, sqlPort: 11115 };

// ---- helpers ------------------------------------------------------------------------------

const progress = (message: string) => process.stderr.write(`[bench:http] ${message}\n`);
const mb = (bytes: number) => (bytes / 1048576).toFixed(0) + ' MB';
const num = (v: number, digits: number) => v.toFixed(digits);

interface Fetched {
  status: number;
  contentType: string;
  headerNames: string[];
  body: Buffer;
}

async function fetchOnce(url: string, accept: string): Promise<Fetched> {
  const response = await fetch(url, { headers: { accept } });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    headerNames: [...response.headers.keys()],
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Fetch every path once (in order, one at a time): the warm-up pass that fills the render cache. */
async function fetchAll(base: string, paths: readonly string[], accept: string): Promise<Map<string, Fetched>> {
  const out = new Map<string, Fetched>();
  for (const path of paths) out.set(path, await fetchOnce(base + path, accept));
  return out;
}

/** Status codes (and media types of the 200s) of a pass, e.g. `200 text/turtle x184`. */
function passSummary(fetched: Map<string, Fetched>): string {
  const counts = new Map<string, number>();
  for (const f of fetched.values()) {
    const key = f.status === 200 ? `200 ${f.contentType.split(';')[0]}` : String(f.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} x${n}`).join(', ');
}

interface Run {
  name: string;
  connections: number;
  measured?: Measured;
  note?: string;
  /** CPUs' worth of time the server process, and the remote store's process (when we know it), took during the run. */
  cpu?: { server: number; store: number | undefined };
}

const problems: string[] = [];
const memory: Array<[string, string]> = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Runs during or just before which other processes took more than a quarter of a CPU. */
const contended: string[] = [];

/** CPUs' worth of `ms` of CPU time between two marks. */
function cpusOf(ms: number, a: CpuMark, b: CpuMark): number {
  const wallMs = (b.machineTotalMs - a.machineTotalMs) / cpus().length;
  return wallMs > 0 ? ms / wallMs : 0;
}

/** `storePid`: the remote store's process, part of what is measured, so not counted as other work. */
async function measure(
  name: string,
  server: ChildServer,
  paths: readonly string[],
  accept: string,
  connections: number,
  duration: number,
  storePid?: number,
): Promise<Run> {
  // Other work on the machine (a build, tests) takes CPU from the bench or the server: look for it.
  const idle0 = cpuMark(server.child.pid);
  const idleStore0 = processCpuMs(storePid);
  await sleep(1000);
  const idle1 = cpuMark(server.child.pid);
  const before = Math.max(0, otherCpus(idle0, idle1) - cpusOf(processCpuMs(storePid) - idleStore0, idle0, idle1));
  if (WARMUP > 0) {
    progress(`${name}: warm-up ${WARMUP} s, ${connections} connections`);
    await load(server.url, paths, accept, connections, WARMUP);
  }
  progress(`${name}: ${duration} s, ${connections} connections`);
  const run0 = cpuMark(server.child.pid);
  const store0 = processCpuMs(storePid);
  const measured = await load(server.url, paths, accept, connections, duration);
  const run1 = cpuMark(server.child.pid);
  const storeCpus = storePid === undefined ? undefined : cpusOf(processCpuMs(storePid) - store0, run0, run1);
  const during = Math.max(0, otherCpus(run0, run1) - (storeCpus ?? 0));
  if (before > 0.25 || during > 0.25)
    contended.push(`${name}: ${before.toFixed(2)} CPUs just before, ${during.toFixed(2)} during`);
  const { result } = measured;
  const run: Run = {
    name,
    connections,
    measured,
    cpu: { server: cpusOf(run1.serverMs - run0.serverMs, run0, run1), store: storeCpus },
  };
  if (result.errors > 0 || result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, s]) => `${code}: ${s.count ?? 0}`)
      .join(', ');
    problems.push(
      `${name}: ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx; status codes ${codes}`,
    );
  }
  return run;
}

/** After a server's runs: its peak RSS, anything it wrote on stderr, a crash, how it stopped. */
async function finish(label: string, server: ChildServer): Promise<void> {
  const peak = server.peakRss();
  if (peak !== undefined) memory.push([label, mb(peak)]);
  const crash = server.unexpectedExit();
  if (crash) problems.push(`${label}: ${crash}`);
  const said = server.stderrAfterStart();
  const stopped = await server.stop();
  if (!crash && stopped !== 'exited with code 0') problems.push(`${label}: on SIGTERM ${stopped}`);
  // `ready` (after listening) and the SIGTERM notice are the service's normal lines.
  const unexpected = said.filter((l) => l.trim() !== 'ready' && !/^SIGTERM: /.test(l));
  if (unexpected.length > 0)
    problems.push(
      `${label} wrote on stderr during the bench (last ${unexpected.length} lines):\n    ${unexpected.join('\n    ')}`,
    );
}

const serveArgs = (dataDir: string, extra: string[] = []) => [
  'serve',
  '--port',
  '0',
  '--data-dir',
  dataDir,
  '--base-url',
  BASE_URL,
  '--log-level',
  'silent',
  ...extra,
];
/** The same service on the remote store. */
const remoteServeArgs = (sparqlUrl: string, extra: string[] = []) => [
  'serve',
  '--port',
  '0',
  '--store',
  'sparql',
  '--sparql-url',
  sparqlUrl,
  '--base-url',
  BASE_URL,
  '--log-level',
  'silent',
  ...extra,
];

// ---- the bench ----------------------------------------------------------------------------

const work = await mkdtemp(join(tmpdir(), 'http-bench-'));
const dataDir = join(work, 'data');
const responsesFile = join(work, 'responses.json');
let current: ChildServer | undefined;
let remote: RemoteStore | undefined;

try {
  const m0 = cpuMark(undefined);
  await sleep(1000);
  console.log(
    `\nMachine: ${cpus().length} CPUs, ${otherCpus(m0, cpuMark(undefined)).toFixed(2)} of them busy in the second before the bench`,
  );

  // 1. The data directory: admitted corpus documents plus the demo collection.
  progress(`preparing ${dataDir}`);
  const admitted: IngestedDocument[] = [];
  const rejected: string[] = [];
  const corpus = readDocuments(CORPUS_DIR);
  for (const d of corpus) {
    try {
      admitted.push(admitDocument(d.json, d.file));
    } catch (e) {
      if (e instanceof DocumentRejected) rejected.push(d.file);
      else throw e;
    }
  }
  const demo = demoDocuments(BASE_URL);
  const store = await EmbeddedStore.open({ dataDir });
  await new DocumentService(store).putAll([...admitted, ...demo]);
  await store.close();
  const ids = [...new Set([...admitted, ...demo].map((d) => d.id))];
  const outside = ids.filter((id) => !id.startsWith(BASE_URL));
  if (outside.length > 0) problems.push(`ids not under ${BASE_URL} (not reachable, left out): ${outside.join(', ')}`);
  const paths = ids.filter((id) => id.startsWith(BASE_URL)).map((id) => new URL(id).pathname);
  console.log(
    `\nData: ${corpus.length} corpus documents, ${admitted.length} admitted, ${rejected.length} rejected (${rejected.join(', ')}); ` +
      `${demo.length} demo documents; ${paths.length} paths under ${BASE_URL}`,
  );

  // 2-3. The service once: the exact bytes and Content-Type of every path, and what it does with Turtle.
  progress('fetching every path from the service (cache on)');
  current = await startChildServer(MAIN, serveArgs(dataDir));
  const rendered = await fetchAll(current.url, paths, JSON_LD);
  const turtleProbe = await fetchAll(current.url, paths, TURTLE);
  await finish('service, fetch passes only', current);
  current = undefined;
  const failed = [...rendered].filter(([, f]) => f.status !== 200);
  if (failed.length > 0)
    problems.push(
      `JSON-LD pass: ${failed.length} paths did not answer 200: ${failed
        .slice(0, 10)
        .map(([p, f]) => `${p} ${f.status}`)
        .join(', ')}`,
    );
  const okPaths = paths.filter((p) => rendered.get(p)!.status === 200);
  const totalBytes = okPaths.reduce((n, p) => n + rendered.get(p)!.body.length, 0);
  console.log(
    `JSON-LD pass: ${passSummary(rendered)}; ${(totalBytes / okPaths.length / 1024).toFixed(1)} KiB a document on average; Content-Type ${[...new Set(okPaths.map((p) => rendered.get(p)!.contentType))].join(' | ')}`,
  );
  const turtleOk = [...turtleProbe.values()].filter((f) => f.status === 200 && f.contentType.startsWith(TURTLE)).length;
  console.log(`Turtle pass:  ${passSummary(turtleProbe)}`);
  const pre: PreRendered[] = okPaths.map((path) => {
    const f = rendered.get(path)!;
    return { path, contentType: f.contentType, body: f.body.toString('base64') };
  });
  await writeFile(responsesFile, JSON.stringify(pre));

  // 4-5. Bare express with the same bytes.
  current = await startChildServer(BARE, [responsesFile]);
  const bareHeaders = (await fetchOnce(current.url + okPaths[0], JSON_LD)).headerNames;
  const bare = await measure('bare express (pre-rendered)', current, okPaths, JSON_LD, 10, DURATION);
  await finish('bare express', current);
  current = undefined;

  // Ours, cache on: warm pass (every path cached, bytes checked against the first pass), then the runs.
  current = await startChildServer(MAIN, serveArgs(dataDir));
  progress('ours: warm pass over every path');
  const again = await fetchAll(current.url, okPaths, JSON_LD);
  const differ = okPaths.filter(
    (p) =>
      !again.get(p)!.body.equals(rendered.get(p)!.body) || again.get(p)!.contentType !== rendered.get(p)!.contentType,
  );
  if (differ.length > 0)
    problems.push(
      `a restarted server answered ${differ.length} paths with other bytes or Content-Type than the first: ${differ.slice(0, 5).join(', ')}`,
    );
  const warm = await measure('ours, cache on (warm)', current, okPaths, JSON_LD, 10, DURATION);
  const many = await measure('ours, cache on', current, okPaths, JSON_LD, 64, LONG);
  let turtle: Run;
  if (turtleOk === okPaths.length && okPaths.length > 0) {
    await fetchAll(current.url, okPaths, TURTLE);
    turtle = await measure('ours, Turtle, cache on', current, okPaths, TURTLE, 10, DURATION);
  } else {
    turtle = {
      name: 'ours, Turtle, cache on',
      connections: 10,
      note: `not run: Turtle pass ${passSummary(turtleProbe)}`,
    };
  }
  // The pages for people: every page rendered once (warm), then the run.
  const pages = await fetchAll(current.url, okPaths, BROWSER);
  const pagesOk = [...pages.values()].filter((f) => f.status === 200 && f.contentType.startsWith('text/html')).length;
  if (pagesOk !== okPaths.length) problems.push(`HTML pass: ${passSummary(pages)}`);
  const html = await measure('ours, HTML (browser Accept), cache on (warm)', current, okPaths, BROWSER, 10, DURATION);
  await finish('ours, cache on', current);
  current = undefined;

  // Ours, cache off.
  current = await startChildServer(MAIN, serveArgs(dataDir, ['--cache-mb', '0']));
  const cold = await measure('ours, cache off (--cache-mb 0)', current, okPaths, JSON_LD, 10, DURATION);
  await finish('ours, cache off', current);
  current = undefined;

  // Ours, cache on, with the access log on (a JSON line per request, to standard output = /dev/null here).
  current = await startChildServer(MAIN, serveArgs(dataDir, ['--log-level', 'info']));
  await fetchAll(current.url, okPaths, JSON_LD);
  const logged = await measure('ours, cache on, access log on', current, okPaths, JSON_LD, 10, DURATION);
  await finish('ours, access log on', current);
  current = undefined;

  // The remote store: the same documents, the same service on it, warm and cache off.
  let remoteWarm: Run | undefined;
  let remoteCold: Run | undefined;
  if (REMOTE) {
    try {
      remote = REMOTE.url === undefined ? await startVirtuoso(VIRTUOSO_PORTS, progress) : givenStore(REMOTE.url);
      progress(`writing the documents into ${remote.url}`);
      const t0 = performance.now();
      const sparql = await SparqlStore.open({ queryUrl: remote.url });
      try {
        await new DocumentService(sparql).putAll([...admitted, ...demo]);
      } finally {
        await sparql.close();
      }
      console.log(
        `\nRemote store: ${remote.label} at ${remote.url}; the ${admitted.length + demo.length} documents written in ${((performance.now() - t0) / 1000).toFixed(1)} s (SparqlStore, DocumentService.putAll)`,
      );

      current = await startChildServer(MAIN, remoteServeArgs(remote.url));
      progress('ours on the remote store: warm pass over every path');
      const fromRemote = await fetchAll(current.url, okPaths, JSON_LD);
      // The service promises the same document whatever the store: check it, byte for byte.
      const differs = okPaths.filter(
        (p) =>
          !fromRemote.get(p)!.body.equals(rendered.get(p)!.body) ||
          fromRemote.get(p)!.contentType !== rendered.get(p)!.contentType,
      );
      if (differs.length > 0)
        problems.push(
          `on the remote store, ${differs.length} paths answered other bytes or Content-Type than on the embedded store: ${differs.slice(0, 5).join(', ')}`,
        );
      else
        console.log(
          `Remote store, warm pass: ${passSummary(fromRemote)}; every body and Content-Type identical to the embedded store's`,
        );
      remoteWarm = await measure(
        'ours, remote store, cache on (warm)',
        current,
        okPaths,
        JSON_LD,
        10,
        DURATION,
        remote.pid,
      );
      await finish('ours, remote store, cache on', current);
      current = undefined;

      current = await startChildServer(MAIN, remoteServeArgs(remote.url, ['--cache-mb', '0']));
      remoteCold = await measure(
        'ours, remote store, cache off (--cache-mb 0)',
        current,
        okPaths,
        JSON_LD,
        10,
        DURATION,
        remote.pid,
      );
      await finish('ours, remote store, cache off', current);
      current = undefined;
    } catch (e) {
      problems.push(`remote store runs stopped: ${(e as Error).stack ?? String(e)}`);
    }
  }

  // 6. The table, in the order of the brief.
  const order = [bare, warm, cold, many, turtle, html, logged];
  printTable(
    `HTTP dereference, loopback, ${okPaths.length} paths cycled, Accept ${JSON_LD} unless said (warm-up ${WARMUP} s before each run, not counted)`,
    ['run', 'connections', 'duration s', 'requests/s (mean)', 'latency p50 ms', 'p99 ms', 'errors', 'non-2xx', 'MB/s'],
    order.map(({ name, connections, measured, note }) =>
      measured
        ? [
            name,
            String(connections),
            num(measured.result.duration, 1),
            num(measured.result.requests.average, 0),
            num(measured.p50, 2),
            num(measured.p99, 2),
            String(measured.result.errors),
            String(measured.result.non2xx),
            num(measured.result.throughput.average / 1048576, 1),
          ]
        : [`${name} (${note})`, String(connections), '-', '-', '-', '-', '-', '-', '-'],
    ),
  );
  console.log(
    "\n(MB = 2^20 bytes; requests/s and MB/s are autocannon's means of its per-second samples; latencies are of every response)",
  );
  const perResponse = (r: Run) =>
    r.measured && r.measured.result.requests.total > 0
      ? (r.measured.result.throughput.total / r.measured.result.requests.total).toFixed(0)
      : '-';
  console.log(
    `Bytes a response (status line, headers, body): bare express ${perResponse(bare)}, ours ${perResponse(warm)}; ` +
      `ours sends these headers the baseline does not: ${(rendered.get(okPaths[0])?.headerNames ?? []).filter((h) => !bareHeaders.includes(h)).join(', ')}`,
  );

  console.log('\nTargets:');
  const rate = (r: Run) => r.measured?.result.requests.average ?? 0;
  const ratio = rate(bare) > 0 ? rate(warm) / rate(bare) : 0;
  console.log(
    `- warm ours / bare express: ${(ratio * 100).toFixed(1)}% (${num(rate(warm), 0)} / ${num(rate(bare), 0)} req/s; target at least 80%): ${ratio >= 0.8 ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `- cache off: ${num(rate(cold), 0)} req/s (target at least 1000): ${rate(cold) >= 1000 ? 'met' : 'NOT MET'}`,
  );
  const m = many.measured;
  const clean = m !== undefined && m.result.errors === 0 && m.result.non2xx === 0;
  console.log(
    `- 64 connections, ${LONG} s: ${m ? `${m.result.errors} errors, ${m.result.non2xx} non-2xx, p99 ${num(m.p99, 2)} ms` : 'no result'} (target 0 and 0): ${clean ? 'met' : 'NOT MET'}`,
  );
  if (!turtle.measured) console.log(`- Turtle: NOT MEASURED, ${turtle.note}`);
  const htmlRatio = rate(warm) > 0 ? rate(html) / rate(warm) : 0;
  console.log(
    `- warm HTML / warm JSON-LD: ${(htmlRatio * 100).toFixed(1)}% (${num(rate(html), 0)} / ${num(rate(warm), 0)} req/s; target at least 80%): ${htmlRatio >= 0.8 ? 'met' : 'NOT MET'}`,
  );

  if (REMOTE) {
    // Both stores side by side: the rows of each mode adjacent, bare express first.
    const storeOf = (r: Run | undefined, store: string) => ({ run: r, store });
    const remoteLabel = remote?.label ?? 'remote (not started)';
    const side = [
      storeOf(bare, '- (bytes in a Map)'),
      storeOf(warm, 'embedded (Oxigraph)'),
      storeOf(remoteWarm, remoteLabel),
      storeOf(cold, 'embedded (Oxigraph)'),
      storeOf(remoteCold, remoteLabel),
    ];
    const names = [
      'bare express (pre-rendered)',
      'ours, render cache on (warm)',
      'ours, render cache on (warm)',
      'ours, render cache off',
      'ours, render cache off',
    ];
    const cpu = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(2));
    printTable(
      `Embedded vs remote store: 10 connections, ${DURATION} s runs, ${okPaths.length} paths cycled, Accept ${JSON_LD} (CPUs: each process's CPU time / wall time; the machine has ${cpus().length})`,
      ['run', 'store', 'req/s', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'service CPUs', 'store CPUs'],
      side.map(({ run, store }, i) => {
        const m = run?.measured;
        if (!m) return [names[i], store, 'not run', '-', '-', '-', '-', '-'];
        return [
          names[i],
          store,
          num(m.result.requests.average, 0),
          num(m.p50, 2),
          num(m.p99, 2),
          `${m.result.errors} / ${m.result.non2xx}`,
          i === 0 ? '-' : cpu(run.cpu?.server),
          cpu(run.cpu?.store),
        ];
      }),
    );
    console.log(
      '(store CPUs: the Virtuoso process we started; "-" for the embedded store, whose worker thread is inside the service process, or a store you run)',
    );
    const r = (x: Run | undefined) => x?.measured?.result.requests.average ?? 0;
    if (r(remoteWarm) > 0) {
      console.log(
        `Remote / embedded requests/s: warm ${((100 * r(remoteWarm)) / r(warm)).toFixed(1)}%, cache off ${((100 * r(remoteCold)) / r(cold)).toFixed(1)}%` +
          " (on the remote store a cached representation is served after a read of the store's write generation, one query shared by the requests that arrive together)",
      );
    }
  }
  if (contended.length > 0) {
    console.log(
      `\nWARNING: other processes took CPU (the bench and the server share ${cpus().length} CPUs: these runs may read low):`,
    );
    for (const c of contended) console.log(`- ${c}`);
  } else {
    console.log('\nNo other process took a noticeable share of the CPUs during the runs.');
  }
  if (remote?.pid !== undefined) {
    const peak = processPeakRss(remote.pid);
    if (peak !== undefined) memory.push(['Virtuoso (remote store)', mb(peak)]);
  }
  if (memory.length > 0)
    printTable(
      'Peak RSS of each server process (VmHWM, read before SIGTERM)',
      ['process', 'peak RSS'],
      memory.map(([a, b]) => [a, b]),
    );
} catch (e) {
  problems.push(`bench stopped: ${(e as Error).stack ?? String(e)}`);
} finally {
  if (current) problems.push(`${current.url}: ${await current.stop()}`);
  const stopProblem = await remote?.stop();
  if (stopProblem) problems.push(stopProblem);
  await rm(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.log('\nProblems seen:');
  for (const p of problems) console.log(`- ${p}`);
} else {
  console.log('\nNo errors, non-2xx answers, crashes or stderr output from any server.');
}
