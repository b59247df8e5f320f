/**
 * Where a `linkedart serve`'s memory goes as it starts (issue 35), seen from outside: the process's
 * resident memory sampled every 100 ms from /proc, split into each WebAssembly memory (the store's
 * Oxigraph, each query replica's: a mapping of its own, several GB reserved, /proc/PID/smaps) and
 * the rest (the JS heaps of every thread, Node itself), with the milestones `/ready` and its
 * `sparql` state report: documents served, each replica seeded, then settled (idle, after the
 * threads' idle collection). Several builds can be run in turn on the same data directory
 * (`--against`), each start alternating with the others', so that each figure has its pair.
 *   node memoryTimeline.js DATA_DIR [--against OTHER/dist/src/cli/main.js] [--rounds N]
 *     [--settle-s S] [-- extra serve options]
 * Prints one table; the exit code is 0 whatever the result.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { startChildServer, type ChildServer } from '../http/childServer.js';
import { printTable } from '../stats.js';

const OURS = `${PROJECT_ROOT}dist/src/cli/main.js`;
/** V8 reserves a WebAssembly memory's whole range and its guard region at once: 8 GiB or more. */
const WASM_RESERVATION = 8 * 2 ** 30;

interface Sample {
  readonly ms: number;
  readonly rss: number;
  /** Resident bytes of each WebAssembly memory, in the order of their addresses. */
  readonly wasm: number[];
}

/** The process's resident memory and each WebAssembly memory's resident part. */
function sample(pid: number, since: number): Sample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN) * 1024;
    const wasm: number[] = [];
    // A WebAssembly memory: a read-write mapping (the pages in use) right before the inaccessible rest
    // of its reservation, together 8 GiB or more.
    let previous = { end: -1, size: 0, writable: false, resident: 0 };
    let current = previous;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
      if (range) {
        const [start, end] = [parseInt(range[1], 16), parseInt(range[2], 16)];
        previous = current;
        current = { end, size: end - start, writable: range[3].startsWith('rw'), resident: 0 };
        if (
          range[3] === '---p' &&
          previous.writable &&
          previous.end === start &&
          previous.size + current.size >= WASM_RESERVATION
        )
          wasm.push(previous.resident);
        continue;
      }
      const resident = /^Rss:\s+(\d+) kB/.exec(line);
      if (resident) current.resident = Number(resident[1]) * 1024;
    }
    return { ms: performance.now() - since, rss, wasm };
  } catch {
    return undefined;
  }
}

interface SparqlState {
  state?: string;
  replicas?: number;
  replicasReady?: number;
}

async function readyState(url: string): Promise<{ status: number; sparql?: SparqlState } | undefined> {
  const response = await fetch(`${url}/ready`).catch(() => undefined);
  if (!response) return undefined;
  const body = (await response.json().catch(() => ({}))) as { sparql?: SparqlState };
  return { status: response.status, sparql: body.sparql };
}

interface Milestone {
  readonly name: string;
  readonly at: Sample;
}

interface Timeline {
  readonly milestones: Milestone[];
  readonly peak: Sample;
  readonly settled: Sample;
}

async function timeline(main: string, dataDir: string, extra: readonly string[], settleMs: number): Promise<Timeline> {
  const since = performance.now();
  const server: ChildServer = await startChildServer(
    main,
    [
      'serve',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--base-url',
      'https://example.org/',
      '--log-level',
      'silent',
      ...extra,
    ],
    30 * 60 * 1000,
  );
  const pid = server.child.pid!;
  const milestones: Milestone[] = [];
  let peak: Sample = { ms: 0, rss: 0, wasm: [] };
  let last: Sample = peak;
  const take = () => {
    const s = sample(pid, since);
    if (s) {
      last = s;
      if (s.rss > peak.rss) peak = s;
    }
    return last;
  };
  const sampler = setInterval(take, 100);
  try {
    let ready = false;
    let replicasReady = 0;
    for (;;) {
      const state = await readyState(server.url);
      if (state?.status === 200 && !ready) {
        ready = true;
        milestones.push({ name: 'documents served (/ready)', at: take() });
      }
      const sparql = state?.sparql;
      if (ready && sparql && (sparql.replicasReady ?? 0) > replicasReady) {
        replicasReady = sparql.replicasReady ?? 0;
        milestones.push({ name: `replica ${replicasReady} of ${sparql.replicas} seeded`, at: take() });
      }
      if (ready && sparql?.state === 'ready' && replicasReady === sparql.replicas) break;
      if (ready && sparql?.state === 'lazy') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, settleMs));
    const settled = take();
    return { milestones, peak, settled };
  } finally {
    clearInterval(sampler);
    await server.stop(120000);
  }
}

const gb = (b: number) => `${(b / 2 ** 30).toFixed(2)}`;
const describe = (s: Sample) =>
  `${gb(s.rss)} GB at ${(s.ms / 1000).toFixed(1)} s (wasm ${s.wasm.map(gb).join(' + ') || '-'}, rest ${gb(s.rss - s.wasm.reduce((a, b) => a + b, 0))})`;

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const args = dashes < 0 ? argv : argv.slice(0, dashes);
const extra = dashes < 0 ? [] : argv.slice(dashes + 1);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const dataDir = args[0];
if (!dataDir || dataDir.startsWith('--'))
  throw new Error(
    'usage: memoryTimeline.js DATA_DIR [--against MAIN_JS] [--rounds N] [--settle-s S] [-- serve options]',
  );
const builds: Array<[string, string]> = [['this build', OURS]];
const against = option('--against');
if (against) builds.push(['against', against]);
const rounds = Number(option('--rounds') ?? 1);
const settleMs = Number(option('--settle-s') ?? 15) * 1000;

const rows: string[][] = [];
for (let round = 1; round <= rounds; round++) {
  for (const [name, main] of round % 2 === 1 ? builds : [...builds].reverse()) {
    const load = loadavg()[0].toFixed(1);
    const t = await timeline(main, dataDir, extra, settleMs);
    for (const m of t.milestones) rows.push([`${name} #${round}`, m.name, describe(m.at), load]);
    rows.push([`${name} #${round}`, 'peak', describe(t.peak), load]);
    rows.push([`${name} #${round}`, `settled (+${settleMs / 1000} s)`, describe(t.settled), loadavg()[0].toFixed(1)]);
  }
}
printTable(
  `serve's memory as it starts (${dataDir}${extra.length ? `, ${extra.join(' ')}` : ''})`,
  ['build', 'milestone', 'RSS (each WebAssembly memory resident, the rest)', 'load avg'],
  rows,
);
