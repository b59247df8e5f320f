/**
 * Where a restart's time goes (issue 35): `linkedart serve` started again and again on one data
 * directory (loaded once, its start-up indexes kept), each build in turn (`--against`, alternating)
 * and bare Oxigraph's `Store.load` of the same N-Quads beside them in every round. Timed from the
 * spawn: to /ready, to the first SPARQL answer (the lookup sent as soon as /ready's `sparql` says a
 * replica is ready, whether or not documents are served yet), to every replica seeded; with the
 * server's start-up lines as they came (phases), and the CPU each of its busiest threads had spent
 * when /ready came and at the end (/proc/PID/task).
 *   node restartPhases.js DATA_DIR DUMP.nq [--against OTHER/dist/src/cli/main.js] [--rounds N]
 *     [--phases] [-- extra serve options]
 * Prints one table (and with --phases each start's lines); the exit code is 0 whatever the result.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { runMeasured } from '../load/measuredChild.js';
import { printTable } from '../stats.js';
import { LOOKUP } from './embeddedScale.js';

const OURS = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BARE = new URL('./bareOxigraph.js', import.meta.url).pathname;
/** Far above a restart at the sizes this is run at (20,000 documents: well under a minute). */
const LIMIT_MS = 20 * 60 * 1000;

interface Start {
  readyMs: number;
  firstAnswerMs: number;
  seededMs: number;
  /** CPU ms of the three busiest threads at /ready, and at the end. */
  threadsAtReady: number[];
  threadsAtEnd: number[];
  lines: string[];
}

/** CPU ms of each thread of `pid`, busiest first (utime + stime, clock ticks of 10 ms). */
function threadCpu(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push((Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // The process exited: what was read so far.
  }
  return out.sort((a, b) => b - a);
}

async function json(url: string): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  const response = await fetch(url).catch(() => undefined);
  if (!response) return undefined;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body };
}

async function start(main: string, dataDir: string, extra: readonly string[]): Promise<Start> {
  const spawned = performance.now();
  const args = ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', 'https://example.org/'];
  const child = spawn(process.execPath, [main, ...args, '--log-level', 'silent', ...extra], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let url: string | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    const at = ((performance.now() - spawned) / 1000).toFixed(2);
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(`${at} s  ${line}`);
      url ??= /listening on (http:\/\/[^/\s]+)\//.exec(line)?.[1];
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const result: Partial<Start> = {};
    let asked: Promise<void> | undefined;
    while (result.seededMs === undefined) {
      if (performance.now() - spawned > LIMIT_MS || child.exitCode !== null)
        throw new Error(`serve did not get ready: ${lines.slice(-5).join(' / ')}`);
      await new Promise((r) => setTimeout(r, 25));
      if (!url) continue;
      const ready = await json(`${url}/ready`);
      if (!ready) continue;
      const now = performance.now() - spawned;
      if (ready.status === 200 && result.readyMs === undefined) {
        result.readyMs = now;
        result.threadsAtReady = threadCpu(child.pid!);
      }
      const sparql = ready.body.sparql as { state?: string; replicas?: number; replicasReady?: number } | undefined;
      if (sparql?.state === 'ready' && !asked) {
        const server = url;
        asked = (async () => {
          const response = await fetch(`${server}/sparql`, {
            method: 'POST',
            headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
            body: LOOKUP,
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`the first query answered ${response.status}`);
          result.firstAnswerMs = performance.now() - spawned;
        })();
      }
      if (result.readyMs !== undefined && sparql?.state === 'ready' && sparql.replicasReady === sparql.replicas) {
        await asked;
        result.seededMs = performance.now() - spawned;
        result.threadsAtEnd = threadCpu(child.pid!);
      }
    }
    return { ...(result as Start), lines };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const args = dashes < 0 ? argv : argv.slice(0, dashes);
const extra = dashes < 0 ? [] : argv.slice(dashes + 1);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const [dataDir, dump] = args;
if (!dataDir || !dump || dump.startsWith('--'))
  throw new Error(
    'usage: restartPhases.js DATA_DIR DUMP.nq [--against MAIN_JS] [--rounds N] [--phases] [-- serve options]',
  );
const builds: Array<[string, string]> = [['this build', OURS]];
const against = option('--against');
if (against) builds.push(['against', against]);
const rounds = Number(option('--rounds') ?? 1);

const s = (ms: number) => (ms / 1000).toFixed(1);
const cpu = (ms: number[]) => ms.slice(0, 3).map(s).join(' / ');
const rows: string[][] = [];
for (let round = 1; round <= rounds; round++) {
  const load = loadavg()[0].toFixed(1);
  const bareRun = await runMeasured([BARE, dump, LOOKUP]);
  if (bareRun.code !== 0) throw new Error(`bare Oxigraph failed: ${bareRun.stderr.slice(-1000)}`);
  const bare = (JSON.parse(bareRun.stdout.trim().split('\n').pop()!) as { loadMs: number }).loadMs;
  rows.push([`bare #${round}`, s(bare), '', '', '', '', load]);
  for (const [name, main] of round % 2 === 1 ? builds : [...builds].reverse()) {
    const startLoad = loadavg()[0].toFixed(1);
    const t = await start(main, dataDir, extra);
    const ratios = [t.readyMs, t.firstAnswerMs, t.seededMs].map((ms) => (ms / bare).toFixed(2)).join(' · ');
    rows.push([
      `${name} #${round}`,
      s(t.readyMs),
      s(t.firstAnswerMs),
      s(t.seededMs),
      ratios,
      `${cpu(t.threadsAtReady)} → ${cpu(t.threadsAtEnd)}`,
      startLoad,
    ]);
    if (args.includes('--phases')) console.log(`\n${name} #${round}:\n${t.lines.join('\n')}`);
  }
}
printTable(
  `restart of ${dataDir}${extra.length ? ` (${extra.join(' ')})` : ''}: seconds from the spawn; bare: Store.load of ${dump}`,
  [
    'build',
    '/ready',
    'first SPARQL answer',
    'every replica seeded',
    'ratios to bare',
    'CPU s of the 3 busiest threads: at /ready → end',
    'load avg',
  ],
  rows,
);
