/**
 * `npm run bench:load`: `linkedart load` of a generated dump, every document validated, against a
 * bare Oxigraph `store.load` of the same N-Quads measured in the same run. Target: the N-Quads load
 * takes at most 3x the bare load's time.
 *
 * The dump (in a temporary directory, removed at the end): N documents, the corpus documents the
 * write gate admits and the demo collection under new ids (load/dump.ts), as N-Quads (one graph per
 * document, shape hints as `#@hint` comments) and as NDJSON. Each run is a child process of its own,
 * timed by wall clock, its peak RSS polled from /proc every 200 ms (and, for ours, read at exit):
 * - bare: `new Store()` and `store.load(chunks, { format: N-Quads, no_transaction: true })`, the file
 *   read in 4 MiB chunks handed over as an iterable; the time is that of the load() call alone; run
 *   once before ours and once after, the ratio taken against the faster (a shared machine slows some
 *   runs: this way a slowed baseline cannot flatter ours);
 * - ours: `node dist/src/cli/main.js load --data-dir DIR --no-progress DUMP` as a user runs it (open
 *   the store, validate, write in batches, close), N-Quads into a fresh store,
 *   NDJSON into another fresh store, then the N-Quads again into the first store (all unchanged).
 * The exit code is 0 whatever the result.
 *
 *   npm run bench:load                           100000 documents
 *   npm run bench:load -- 20000                  fewer
 *   npm run bench:load -- 20000 --profile        also a `node --cpu-prof` N-Quads load into a fresh
 *                                                store: top self-time functions per thread
 *   npm run bench:load -- 2000 --keep            keep the temporary directory (dumps, stores, profiles)
 *
 * The remote store (after the runs above): the same N-Quads dump loaded into a SPARQL 1.1 store with
 * `linkedart load --store sparql --sparql-url URL --no-progress DUMP`, the store cleared of the
 * service's graphs first (SparqlStore.clear), then the same dump again (all unchanged); the rows
 * join the table with a store column, their ratio against the same bare Oxigraph load.
 *   npm run bench:load -- 2000 --remote          a throwaway Virtuoso 7 (test/virtuoso/start.sh,
 *                                                127.0.0.1:18896, or VIRT_HTTP_PORT / VIRT_SQL_PORT),
 *                                                stopped by its recorded PID at the end, also on error
 *   npm run bench:load -- 2000 --sparql-url URL  a store you run: the graphs the service wrote there are
 *                                                dropped first (SparqlStore.clear), the store not stopped
 * (or LOAD_BENCH_REMOTE=1, LOAD_BENCH_SPARQL_URL=URL in the environment).
 */
import { readFileSync } from 'node:fs';
import { chunksOf } from './load/fileChunks.js';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { summarizeProfile } from './load/cpuProfile.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured, type ChildRun } from './load/measuredChild.js';
import {
  givenStore,
  processCpuMs,
  processPeakRss,
  remoteOption,
  startVirtuoso,
  type RemoteStore,
} from './remote/virtuoso.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const SELF = fileURLToPath(import.meta.url);
const PEAK_AT_EXIT = new URL('./load/peakAtExit.js', import.meta.url).href;
const TARGET = 3;
/** Ports of the Virtuoso --remote starts: clear of the test suites' (18890) and of bench:http's (18895). */
const VIRTUOSO_PORTS = { httpPort: 18896, sqlPort: 11116 };

const progress = (message: string) => process.stderr.write(`[bench:load] ${message}\n`);
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : (bytes / 1048576).toFixed(0));
const count = (n: number) => n.toLocaleString('en-US');

function peakRssSelf(): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

// ---- the bare baseline (run as `load-bench.js --bare FILE` in a child process) --------------

interface BareReport {
  loadMs: number;
  quads: number;
  peakRss: number | undefined;
}

async function bare(path: string): Promise<BareReport> {
  const { Store } = await import('oxigraph');
  const store = new Store();
  const started = performance.now();
  store.load(chunksOf(path), { format: 'application/n-quads', no_transaction: true });
  const loadMs = performance.now() - started;
  return { loadMs, quads: store.size, peakRss: peakRssSelf() };
}

// ---- ours -----------------------------------------------------------------------------------

interface Summary {
  created: number;
  replaced: number;
  unchanged: number;
  rejected: number;
  warnings: number;
  passSeconds: number;
}

/** The summary line of `linkedart load`'s report (on stderr). */
function parseSummary(stderr: string): Summary | undefined {
  const m =
    /^loaded: (\d+) new, (\d+) replaced, (\d+) unchanged, (\d+) rejected, (\d+) warnings.* in ([\d.]+) s /m.exec(
      stderr,
    );
  if (!m) return undefined;
  const [created, replaced, unchanged, rejected, warnings, passSeconds] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { created, replaced, unchanged, rejected, warnings, passSeconds };
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const f of await readdir(dir)) total += (await stat(join(dir, f))).size;
  return total;
}

interface OursRun {
  name: string;
  run: ChildRun;
  summary: Summary | undefined;
  dataDirBytes: number;
}

async function ours(
  name: string,
  work: string,
  dataDir: string,
  dump: string,
  nodeFlags: readonly string[] = [],
): Promise<OursRun> {
  await noteBusy(name);
  progress(`${name}: linkedart load --data-dir ${dataDir} --no-progress ${dump}`);
  const run = await runMeasured(
    [...nodeFlags, '--import', PEAK_AT_EXIT, MAIN, 'load', '--data-dir', dataDir, '--no-progress', dump],
    join(work, 'peak'),
  );
  return { name, run, summary: parseSummary(run.stderr), dataDirBytes: await dirBytes(dataDir).catch(() => 0) };
}

interface RemoteRun extends OursRun {
  storeCpuMs: number;
}

/** `linkedart load` into the remote store; the store's own CPU time (when we started it) beside ours. */
async function oursRemote(name: string, work: string, remote: RemoteStore, dump: string): Promise<RemoteRun> {
  await noteBusy(`${name}, ${remote.label}`);
  progress(`${name}: linkedart load --store sparql --sparql-url ${remote.url} --no-progress ${dump}`);
  const store0 = processCpuMs(remote.pid);
  const run = await runMeasured(
    ['--import', PEAK_AT_EXIT, MAIN, 'load', '--store', 'sparql', '--sparql-url', remote.url, '--no-progress', dump],
    join(work, 'peak'),
  );
  return {
    name,
    run,
    summary: parseSummary(run.stderr),
    dataDirBytes: NaN,
    storeCpuMs: processCpuMs(remote.pid) - store0,
  };
}

/** How many CPUs' worth of time the machine spent busy over `ms` (nothing of ours running). */
async function busyCores(ms = 1000): Promise<number> {
  const sum = () =>
    cpus().reduce(
      (acc, { times: t }) => {
        const busy = t.user + t.nice + t.sys + t.irq;
        return { busy: acc.busy + busy, total: acc.total + busy + t.idle };
      },
      { busy: 0, total: 0 },
    );
  const a = sum();
  await new Promise((r) => setTimeout(r, ms));
  const b = sum();
  return b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * cpus().length : 0;
}

/** Runs that started while other work kept the machine busy (it takes CPU from the run). */
const busyBefore: string[] = [];

async function noteBusy(name: string): Promise<void> {
  const busy = await busyCores();
  if (busy > 0.25) busyBefore.push(`${name}: ${busy.toFixed(2)} CPUs`);
}

// ---- the bench ------------------------------------------------------------------------------

/** `remoteUrl`: undefined, no remote runs; `{ url: undefined }`, start a Virtuoso; else that store. */
async function bench(
  docs: number,
  profile: boolean,
  keep: boolean,
  remoteUrl?: { url: string | undefined },
): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'load-bench-'));
  const problems: string[] = [];
  let remote: RemoteStore | undefined;
  try {
    console.log(
      `\nMachine: ${cpus().length} CPUs, ${(await busyCores()).toFixed(2)} of them busy in the second before the bench`,
    );

    // 1. The dump.
    const t = gateTemplates();
    const nq = join(work, 'dump.nq');
    const ndjson = join(work, 'dump.ndjson');
    progress(`writing ${docs} documents to ${nq} and ${ndjson}`);
    const dump = await writeDumps(t.templates, docs, nq, ndjson);
    console.log(
      `\nDump: ${count(docs)} documents from ${t.templates.length} templates (${t.corpusAdmitted} corpus documents the gate admits` +
        ` (${t.corpusRejected.length} refused), ${t.demoAdmitted} demo documents${t.demoRejected.length ? ` (${t.demoRejected.length} refused)` : ''}),` +
        ` ${count(dump.quads)} quads + ${count(dump.hintLines)} #@hint lines; N-Quads ${mb(dump.nquadsBytes)} MB, NDJSON ${mb(dump.ndjsonBytes)} MB;` +
        ` written in ${dump.seconds.toFixed(1)} s`,
    );

    // 2. Bare Oxigraph: once before ours and once after (below). On a shared machine one run may be
    // slowed by a neighbour; the ratio is taken against the faster of the two, which can only make
    // ours look worse.
    const bareLoad = async (when: string): Promise<{ run: ChildRun; report: BareReport | undefined }> => {
      progress(`bare (${when}): new Store(); store.load(4 MiB chunks, { format: N-Quads, no_transaction: true })`);
      await noteBusy(`bare (${when})`);
      const run = await runMeasured([SELF, '--bare', nq]);
      let report: BareReport | undefined;
      try {
        report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as BareReport;
      } catch {
        problems.push(
          `bare load (${when}) failed (exit ${run.signal ?? run.code}): ${run.stderr.trim().split('\n').slice(-5).join(' / ')}`,
        );
      }
      if (report && report.quads !== dump.quads)
        problems.push(`bare load (${when}): the store holds ${report.quads} quads, the dump ${dump.quads}`);
      return { run, report };
    };
    const bareRuns = [await bareLoad('before ours')];

    // 3. Ours.
    const dirNq = join(work, 'data-nq');
    const dirNd = join(work, 'data-ndjson');
    const runs = [
      await ours('ours: N-Quads, fresh store', work, dirNq, nq),
      await ours('ours: NDJSON, fresh store', work, dirNd, ndjson),
      await ours('ours: N-Quads again, loaded store (all unchanged)', work, dirNq, nq),
    ];
    if (!keep) await rm(dirNd, { recursive: true, force: true });
    bareRuns.push(await bareLoad('after ours'));
    const measured = bareRuns.filter((b) => b.report !== undefined);
    const fastest =
      measured.length === 0 ? undefined : measured.reduce((a, b) => (b.report!.loadMs < a.report!.loadMs ? b : a));
    const bareRun = fastest?.run ?? bareRuns[0].run;
    const bareReport = fastest?.report;

    // 3b. The remote store: the same N-Quads, cleared store first, then again (all unchanged).
    const remoteRuns: RemoteRun[] = [];
    let remoteQuads: number | undefined;
    let remotePeakRss: number | undefined;
    if (remoteUrl) {
      try {
        remote =
          remoteUrl.url === undefined ? await startVirtuoso(VIRTUOSO_PORTS, progress) : givenStore(remoteUrl.url);
        const clearing = await SparqlStore.open({ queryUrl: remote.url });
        try {
          await clearing.clear();
        } finally {
          await clearing.close();
        }
        remoteRuns.push(await oursRemote('ours: N-Quads, fresh store', work, remote, nq));
        remoteRuns.push(await oursRemote('ours: N-Quads again, loaded store (all unchanged)', work, remote, nq));
        const counting = await SparqlStore.open({ queryUrl: remote.url });
        try {
          remoteQuads = await counting.size();
        } finally {
          await counting.close();
        }
        remotePeakRss = processPeakRss(remote.pid);
      } catch (error) {
        problems.push(`remote store runs stopped: ${(error as Error).stack ?? String(error)}`);
      }
      // Stopped now (again in `finally` should this not be reached): nothing after this needs it.
      const stopProblem = await remote?.stop();
      if (stopProblem) problems.push(stopProblem);
    }
    const all = [...runs.map((r) => ({ r, remote: false })), ...remoteRuns.map((r) => ({ r, remote: true }))];

    // 4. The table.
    const bareSeconds = bareReport ? bareReport.loadMs / 1000 : NaN;
    const ratio = (seconds: number) =>
      Number.isFinite(bareSeconds) ? `${(seconds / bareSeconds).toFixed(2)}x` : 'n/a';
    const rows: string[][] = [];
    if (bareReport) {
      rows.push([
        'bare Oxigraph store.load (no_transaction)',
        count(docs),
        count(bareReport.quads),
        bareSeconds.toFixed(2),
        count(Math.round(docs / bareSeconds)),
        mb(Math.max(bareReport.peakRss ?? 0, bareRun.peakRss ?? 0)),
        '1.00x',
      ]);
    } else {
      rows.push(['bare Oxigraph store.load (no_transaction)', count(docs), 'failed', '', '', mb(bareRun.peakRss), '']);
    }
    const remoteLabel = remote?.label ?? 'remote (not started)';
    const stores: string[] = ['in memory (Oxigraph)'];
    for (const { r, remote: isRemote } of all) {
      const seconds = r.run.ms / 1000;
      const s = r.summary;
      const seen = s ? s.created + s.replaced + s.unchanged + s.rejected : docs;
      rows.push([
        r.name,
        count(seen),
        count(dump.quads),
        seconds.toFixed(2),
        count(Math.round(seen / seconds)),
        mb(r.run.peakRss),
        ratio(seconds),
      ]);
      stores.push(isRemote ? remoteLabel : 'embedded (Oxigraph)');
      const where = isRemote ? ` (${remoteLabel})` : '';
      if (!s)
        problems.push(
          `${r.name}${where}: exit ${r.run.signal ?? r.run.code}, no summary line; stderr ends: ${r.run.stderr.trim().split('\n').slice(-5).join(' / ')}`,
        );
      else if (s.rejected > 0) problems.push(`${r.name}${where}: ${s.rejected} documents rejected`);
    }
    // The store column only with --remote: without it the table is as it always was.
    const withStore = (row: string[], store: string) => (remoteUrl ? [row[0], store, ...row.slice(1)] : row);
    printTable(
      `Load: ${count(docs)} generated documents, validated (seconds: whole process for ours, the load() call for bare; ratio = seconds / bare)`,
      withStore(['run', 'documents', 'quads', 'seconds', 'documents/s', 'peak RSS MB', 'ratio to bare'], 'store'),
      rows.map((row, i) => withStore(row, stores[i] ?? '')),
    );
    const first = runs[0];
    const firstRatio = first.run.ms / 1000 / bareSeconds;
    console.log(
      `\ntarget ≤ ${TARGET}x bare: ${Number.isFinite(firstRatio) && first.summary ? (firstRatio <= TARGET ? 'met' : 'NOT met') : 'not measured'} (${ratio(first.run.ms / 1000)}, N-Quads into a fresh store)`,
    );

    printTable(
      'Where our time goes (loader pass: read, validate, write, as the report counts it; the rest: start-up, store open, close)',
      [
        'run',
        'process s',
        'loader pass s',
        'rest s',
        'exit',
        'new / replaced / unchanged / rejected',
        'warnings',
        'data dir MB',
      ],
      all.map(({ r, remote: isRemote }) => {
        const s = r.summary;
        return [
          isRemote ? `${r.name}, ${remoteLabel}` : r.name,
          (r.run.ms / 1000).toFixed(2),
          s ? s.passSeconds.toFixed(1) : '?',
          s ? (r.run.ms / 1000 - s.passSeconds).toFixed(1) : '?',
          String(r.run.signal ?? r.run.code),
          s ? `${count(s.created)} / ${count(s.replaced)} / ${count(s.unchanged)} / ${count(s.rejected)}` : '?',
          s ? count(s.warnings) : '?',
          isRemote ? 'n/a (remote)' : mb(r.dataDirBytes),
        ];
      }),
    );
    if (bareReport) {
      const both = bareRuns
        .map(
          (b, i) =>
            `${i === 0 ? 'before' : 'after'} ours ${b.report ? (b.report.loadMs / 1000).toFixed(2) + ' s' : 'failed'}`,
        )
        .join(', ');
      console.log(
        `\nbare: load() ${bareSeconds.toFixed(2)} s of a ${(bareRun.ms / 1000).toFixed(2)} s process (node start-up, WASM instantiation); the faster of two runs (${both})`,
      );
    }
    if (remote && remoteRuns.length > 0) {
      // The remote store's own work is outside our process: its CPU time tells whether it or we are the bottleneck.
      const cpu =
        remote.pid === undefined
          ? 'its CPU time unknown (a store you run)'
          : remoteRuns
              .map(
                (r) =>
                  `${r.name}: Virtuoso ${(r.storeCpuMs / 1000).toFixed(1)} CPU s in ${(r.run.ms / 1000).toFixed(1)} s`,
              )
              .join('; ') + `; its peak RSS ${mb(remotePeakRss)} MB`;
      console.log(
        `remote: ${remote.url}, cleared of the service's graphs before the first load; ${remoteQuads === undefined ? 'quads not counted' : `${count(remoteQuads)} quads in the service's graphs after (documents and their hint graphs)`}; ${cpu}`,
      );
    }

    // 5. The profile.
    if (profile) {
      const profDir = join(work, 'profile');
      const dirProf = join(work, 'data-profile');
      const r = await ours('profiled: N-Quads, fresh store', work, dirProf, nq, [
        '--cpu-prof',
        '--cpu-prof-dir',
        profDir,
      ]);
      console.log(
        `\nCPU profile of \`node --cpu-prof ${MAIN} load\` of the N-Quads into a fresh store: ${(r.run.ms / 1000).toFixed(2)} s (unprofiled ${(first.run.ms / 1000).toFixed(2)} s)`,
      );
      for (const file of (await readdir(profDir)).filter((f) => f.endsWith('.cpuprofile')).sort()) {
        // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile; thread 0 is the main thread.
        const thread = file.split('.').at(-3) === '0' ? 'main thread' : `worker thread ${file.split('.').at(-3)}`;
        const s = summarizeProfile(join(profDir, file));
        printTable(
          `${thread}: ${(s.totalMs / 1000).toFixed(2)} s sampled; top 10 functions by self time`,
          ['self ms', 'share', 'function  file:line'],
          s.functions.slice(0, 10).map((f) => [f.ms.toFixed(0), `${(100 * f.share).toFixed(1)}%`, f.name]),
        );
        printTable(
          `${thread}: top 10 files by self time`,
          ['self ms', 'share', 'file'],
          s.files.slice(0, 10).map((f) => [f.ms.toFixed(0), `${(100 * f.share).toFixed(1)}%`, f.name]),
        );
        printTable(
          `${thread}: top 15 of our functions by total time (self + callees)`,
          ['total ms', 'share', 'function  file:line'],
          s.projectTotals.slice(0, 15).map((f) => [f.ms.toFixed(0), `${(100 * f.share).toFixed(1)}%`, f.name]),
        );
      }
    }
  } finally {
    const stopProblem = await remote?.stop();
    if (stopProblem) problems.push(stopProblem);
    if (keep) console.log(`\nKept ${work} (dumps, data directories${profile ? ', CPU profiles' : ''})`);
    else await rm(work, { recursive: true, force: true });
  }
  if (busyBefore.length > 0)
    console.log(
      `\nOther work kept the machine busy in the second before: ${busyBefore.join('; ')} (the numbers are less reliable)`,
    );
  if (problems.length > 0) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  if (process.argv[2] === '--bare') {
    process.stdout.write(JSON.stringify(await bare(process.argv[3])) + '\n');
  } else {
    const args = process.argv.slice(2);
    const docs = Number(args.find((a) => /^\d+$/.test(a)) ?? 100000);
    try {
      await bench(docs, args.includes('--profile'), args.includes('--keep'), remoteOption('LOAD_BENCH'));
    } catch (error) {
      console.error(`bench:load failed: ${(error as Error).stack ?? String(error)}`);
    }
    process.exitCode = 0;
  }
}
