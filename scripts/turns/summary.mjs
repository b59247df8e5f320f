// Per thread of a profiled run (run.mjs): the event-loop delays during the bulk (from the load's first
// sample on the main thread to the close), each counted by the CPU the thread spent inside it (busy
// samples x 0.5 ms): how many held 10, 20, 30, 50 ms or more, and the largest. Thread 0 answers HTTP;
// thread 1 is the store worker when the store is embedded.
import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const profs = readdirSync(`${dir}/prof`).sort();
const lagFiles = readdirSync(`${dir}/lag`);
const load = (f) => JSON.parse(readFileSync(f, 'utf8'));
const main = load(`${dir}/prof/${profs.find((f) => /\.0\.\d+\.cpuprofile$/.test(f))}`);
const byIdM = new Map(main.nodes.map((n) => [n.id, n]));
const parM = new Map();
for (const n of main.nodes) for (const c of n.children ?? []) parM.set(c, n.id);
let tm = main.startTime;
const timesM = main.timeDeltas.map((d) => (tm += d));
let from = Infinity;
outer: for (let i = 0; i < main.samples.length; i++)
  for (let x = main.samples[i]; x !== undefined; x = parM.get(x))
    if (/LoadPass/.test(byIdM.get(x).callFrame.url)) {
      from = timesM[i];
      break outer;
    }
let to = Infinity;
outer2: for (let i = 0; i < main.samples.length; i++)
  if (timesM[i] > from)
    for (let x = main.samples[i]; x !== undefined; x = parM.get(x))
      if (/StartIndexes|stopOnSignals/.test(byIdM.get(x).callFrame.url + byIdM.get(x).callFrame.functionName)) {
        to = timesM[i];
        break outer2;
      }
console.log(`bulk window ${((to - from) / 1e6).toFixed(1)} s`);
for (const pf of profs) {
  const tid = /\.(\d+)\.\d+\.cpuprofile$/.exec(pf)[1];
  const lf = lagFiles.find((f) => f.endsWith(`-${tid}.json`));
  if (!lf) continue;
  const p = load(`${dir}/prof/${pf}`);
  const { lags } = load(`${dir}/lag/${lf}`);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  let t = p.startTime;
  const times = p.timeDeltas.map((d) => (t += d));
  const interval = (times.at(-1) - p.startTime) / times.length; // µs, about
  const cpu = [];
  let j = 0;
  for (const [a, b] of lags.filter(([a, b]) => a >= from && b <= to)) {
    while (j < times.length && times[j] < a) j++;
    let n = 0;
    for (let i = j; i < times.length && times[i] <= b; i++)
      if (byId.get(p.samples[i]).callFrame.functionName !== '(idle)') n++;
    cpu.push((n * 500) / 1000);
  }
  cpu.sort((x, y) => y - x);
  const c = (m) => cpu.filter((x) => x >= m).length;
  const isMain = tid === '0';
  console.log(
    `thread ${tid}${isMain ? ' (main)' : ''}: lag windows ${cpu.length}; CPU in window ≥10 ms: ${c(10)}, ≥20: ${c(20)}, ≥30: ${c(30)}, ≥50: ${c(50)}; top ${cpu
      .slice(0, 6)
      .map((x) => x.toFixed(0))
      .join(' ')}`,
  );
}
