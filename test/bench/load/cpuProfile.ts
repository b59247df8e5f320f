/**
 * Where the time went in a `.cpuprofile` (written by `node --cpu-prof`, one file per thread):
 * self time per function and per file, from the samples and their time deltas.
 *
 *   node dist/test/bench/load/cpuProfile.js FILE.cpuprofile [TOP]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../support/corpus.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  /** Sampled time, ms. */
  readonly totalMs: number;
  readonly functions: SelfTime[];
  readonly files: SelfTime[];
  /**
   * Total (inclusive) time of the project's own functions (src/): self time plus everything they
   * called, a recursive call counted once.
   */
  readonly projectTotals: SelfTime[];
}

const ROOT_URL = pathToFileURL(PROJECT_ROOT).href;

/** A script URL shortened: project files relative to the project, packages by their name. */
function shortFile(url: string): string {
  if (url === '') return '(native / engine)';
  const rel = url.startsWith(ROOT_URL) ? url.slice(ROOT_URL.length) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(rel);
  return pkg ? `${pkg[1]}: ${pkg[2]}` : rel.replace(/^dist\//, '');
}

export function summarizeProfile(path: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // Sample i lasts from its timestamp to the next one's (the last one to endTime).
  let at = profile.startTime;
  const stamps = profile.timeDeltas.map((d) => (at += d));
  for (let i = 0; i < profile.samples.length; i++) {
    const duration = (i + 1 < stamps.length ? stamps[i + 1] : profile.endTime) - stamps[i];
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, duration));
  }
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame: c } = byId.get(id)!;
    const where = shortFile(c.url);
    const name =
      c.url === ''
        ? c.functionName || '(anonymous)'
        : `${c.functionName || '(anonymous)'}  ${where}:${c.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const fileKey = c.url === '' ? c.functionName || '(native)' : where;
    file.set(fileKey, (file.get(fileKey) ?? 0) + us);
    total += us;
  }
  // Inclusive time: walk down from the roots, adding each sample's time to every distinct
  // function on its stack.
  const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
  const parents = new Set(profile.nodes.flatMap((n) => n.children ?? []));
  const inclusive = new Map<string, number>();
  const stack: string[] = [];
  const walk = (id: number): void => {
    const c = byId.get(id)!.callFrame;
    const key = c.url.includes('/dist/src/')
      ? `${c.functionName || '(anonymous)'}  ${shortFile(c.url)}:${c.lineNumber + 1}`
      : undefined;
    const fresh = key !== undefined && !stack.includes(key);
    if (fresh) stack.push(key);
    const own = selfUs.get(id) ?? 0;
    if (own > 0) for (const k of stack) inclusive.set(k, (inclusive.get(k) ?? 0) + own);
    for (const child of children.get(id)!) walk(child);
    if (fresh) stack.pop();
  };
  for (const n of profile.nodes) if (!parents.has(n.id)) walk(n.id);
  const rank = (m: Map<string, number>): SelfTime[] =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: us / 1000, share: total > 0 ? us / total : 0 }));
  return { totalMs: total / 1000, functions: rank(fn), files: rank(file), projectTotals: rank(inclusive) };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const top = Number(process.argv[3] ?? 10);
  const s = summarizeProfile(process.argv[2]);
  console.log(`${process.argv[2]}: ${(s.totalMs / 1000).toFixed(2)} s sampled`);
  for (const [title, rows] of [
    ['functions by self time', s.functions],
    ['files by self time', s.files],
    ['project functions by total time', s.projectTotals],
  ] as const) {
    console.log(`\ntop ${top} ${title}`);
    for (const r of rows.slice(0, top))
      console.log(`${r.ms.toFixed(0).padStart(8)} ms ${(100 * r.share).toFixed(1).padStart(5)}%  ${r.name}`);
  }
}
