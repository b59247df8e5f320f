/**
 * `node dist/test/bench/history/putThreads.js <other build's dist> [blocks] [PUTs a block]`: the
 * PUTs of putAgainst.ts (four apps in one process: this build and another, with every version
 * kept and with none, blocks in a turning order), with the CPU each PUT cost split by thread, as
 * Linux counts it (/proc/self/task, in 10 ms ticks, so many blocks): the request thread, the
 * app's own threads (its store worker), and the threads the apps share (V8's garbage collection
 * helpers, libuv's pool). Process CPU alone (putAgainst) cannot say which thread a history's extra
 * cost is on, and on a busy machine the shared threads' noise hides the store worker's share.
 * `HISTORY_PUT_DOC=demo`: the demo's painting instead of a document of three quads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import type { TestApp } from '../../integration/support/testApp.js';
import { printTable } from '../stats.js';
import { BASE, ID, TOKEN, putDocument, smallDocument } from './historyPut.js';

const OTHER = process.argv[2];
const BLOCKS = Number(process.argv[3] ?? 100);
const BLOCK = Number(process.argv[4] ?? 10);
const TICK_US = 10_000;
const demo = JSON.parse(readFileSync(`${PROJECT_ROOT}data/demo/object-harbour-at-dusk.json`, 'utf8')) as object;
const documentNamed = (label: string): string =>
  process.env.HISTORY_PUT_DOC === 'demo' ? JSON.stringify({ ...demo, id: ID, _label: label }) : smallDocument(label);

type Start = typeof import('../../integration/support/testApp.js').startTestApp;
type Spent = { main: number; own: number; shared: number };

const threads = (): Set<string> => new Set(readdirSync('/proc/self/task'));

/** CPU (µs) of each thread of this process so far. */
function cpuByThread(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of threads()) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * TICK_US);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

async function main(): Promise<void> {
  if (!OTHER) throw new Error('usage: putThreads.js <other build dist directory> [blocks] [PUTs a block]');
  const builds: Record<string, string> = { this: `${PROJECT_ROOT}dist`, other: resolve(OTHER) };
  const apps = new Map<string, TestApp>();
  const own = new Map<string, Set<string>>();
  for (const [build, dist] of Object.entries(builds)) {
    const { startTestApp } = (await import(`${dist}/test/integration/support/testApp.js`)) as { startTestApp: Start };
    for (const keep of ['all', '0']) {
      const before = threads();
      apps.set(`${build} ${keep}`, await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: keep }));
      own.set(`${build} ${keep}`, new Set([...threads()].filter((t) => !before.has(t))));
    }
  }
  const names = [...apps.keys()];
  const anyApps = new Set([...own.values()].flatMap((set) => [...set]));
  const mainThread = String(process.pid);
  const spent = new Map<string, Spent>(names.map((n) => [n, { main: 0, own: 0, shared: 0 }]));
  try {
    for (const name of names)
      for (let i = 0; i < 50; i++) await putDocument(apps.get(name)!, documentNamed(`warm ${i}`));
    for (let b = 0; b < BLOCKS; b++) {
      const order = names.map((_, i) => names[(i + b) % names.length]);
      if (b % 2 === 1) order.reverse();
      for (const name of order) {
        const before = cpuByThread();
        for (let i = 0; i < BLOCK; i++) await putDocument(apps.get(name)!, documentNamed(`block ${b} ${i}`));
        const into = spent.get(name)!;
        for (const [tid, cpu] of cpuByThread()) {
          const used = cpu - (before.get(tid) ?? cpu);
          if (tid === mainThread) into.main += used;
          else if (own.get(name)!.has(tid)) into.own += used;
          else if (!anyApps.has(tid)) into.shared += used;
        }
      }
    }
    const puts = BLOCKS * BLOCK;
    const total = (s: Spent) => s.main + s.own + s.shared;
    const rows = names.map((n) => {
      const s = spent.get(n)!;
      return [n, ...[s.main, s.own, s.shared, total(s)].map((v) => (v / puts).toFixed(0))];
    });
    for (const build of Object.keys(builds)) {
      const [a, z] = [spent.get(`${build} all`)!, spent.get(`${build} 0`)!];
      rows.push([
        `${build}: with / without`,
        ...[a.main / z.main, a.own / z.own, a.shared / z.shared, total(a) / total(z)].map((r) => r.toFixed(3)),
      ]);
    }
    printTable(
      `CPU a PUT by thread, with and without history, this build and ${OTHER} (${process.env.HISTORY_PUT_DOC ?? 'small'} document, ${BLOCKS} blocks of ${BLOCK} PUTs an app), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      ['app', 'request thread (µs)', 'store worker (µs)', 'shared threads (µs)', 'all (µs)'],
      rows,
    );
  } finally {
    for (const app of apps.values()) await app.close();
  }
}

await main();
