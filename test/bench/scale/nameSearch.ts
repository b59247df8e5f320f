/**
 * Name search for `npm run bench:scale` (issue 35): the issue's two queries, one word in 58% of the
 * documents ("harbour") and two words in 34% ("harbour view"), a first page of 20 with its facets,
 * asked of a NameIndex of that many generated documents in process (search/indexBench.ts, which
 * also checks each page against the order before), wall and CPU p50/p99, MiniSearch alone beside.
 * Target: p50 ≤ 20 ms, p99 ≤ 50 ms for one word; two words p50 ≤ 20 ms.
 */
import { benchIndex } from '../search/indexBench.js';
import type { Row } from './embeddedScale.js';

const ISSUE_QUERIES: ReadonlyMap<string, string> = new Map([
  ['one word, in 58% ("harbour")', 'p50 ≤ 20 ms, p99 ≤ 50 ms'],
  ['two words, in 34% ("harbour view")', 'p50 ≤ 20 ms'],
]);

const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;

export function nameSearchRows(docs: number, progress: (m: string) => void): Row[] {
  const at = `${docs.toLocaleString('en')} docs`;
  return benchIndex(docs, progress)
    .filter((r) => ISSUE_QUERIES.has(r.kind))
    .map((r): Row => [
      `${at}: name search, ${r.kind}, ${r.hits.toLocaleString('en')} hits (p50 / p99; CPU p50 / p99)`,
      `${ms1(r.p50)} / ${ms1(r.p99)}; CPU ${ms1(r.cpuP50)} / ${ms1(r.cpuP99)}`,
      `${ms1(r.refP50)} / ${ms1(r.refP99)} MiniSearch scoring every match`,
      (r.p50 / r.refP50).toFixed(2),
      ISSUE_QUERIES.get(r.kind)!,
    ]);
}
