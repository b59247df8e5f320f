/**
 * Name search in process, as issue 32 and 35 measure it: a NameIndex of `docs` generated documents
 * (generatedNames.ts) asked for the first page (20 hits, with the facets of all hits) of one word,
 * two words, a prefix, a typo and a narrowed query, p50 and p99 each; beside it, in the same run,
 * the reference: MiniSearch alone asked the same query with the same options (every match scored
 * and sorted, no tiers, no facets). Each of our pages and its facets are checked against what the
 * service gave before (MiniSearchReference) so speed is not bought with other results.
 */
import { wordsOf } from '../../../src/search/foldText.js';
import { NameIndex } from '../../../src/search/NameIndex.js';
import type { SearchNarrowing } from '../../../src/search/searchFacets.js';
import type { SearchableNames } from '../../../src/search/searchableNames.js';
import { generatedNames } from '../../support/generatedNames.js';
import { MiniSearchReference } from '../../support/miniSearchReference.js';

const PAGE = 20;
const ROUNDS = 5;
const SAMPLE = 40;

interface Query {
  readonly q: string;
  readonly narrowing?: SearchNarrowing;
}

export interface IndexBenchRow {
  readonly docs: number;
  readonly kind: string;
  readonly example: string;
  readonly p50: number;
  readonly p99: number;
  readonly cpuP50: number;
  readonly cpuP99: number;
  readonly refP50: number;
  readonly refP99: number;
  readonly hits: number;
}

/** One edit a person makes: a letter dropped from the middle of the word. */
const typo = (w: string) => w.slice(0, 2) + w.slice(3);

function queriesOf(entries: readonly SearchableNames[]): Map<string, Query[]> {
  const sample = entries.filter((_, i) => i % Math.max(1, Math.floor(entries.length / SAMPLE)) === 0).slice(0, SAMPLE);
  const longest = (e: SearchableNames) => [...wordsOf(e.names[0])].sort((a, b) => b.length - a.length)[0];
  const nameWords = (e: SearchableNames) => wordsOf(e.names[0]).filter((w) => w.length >= 3);
  return new Map<string, Query[]>([
    ['one word, in 58% ("harbour")', [{ q: 'harbour' }]],
    ['one word, from names', sample.map((e) => ({ q: longest(e) }))],
    ['two words, in 34% ("harbour view")', [{ q: 'harbour view' }]],
    [
      'two words reversed, from names',
      sample.filter((e) => nameWords(e).length > 1).map((e) => ({ q: nameWords(e).reverse().slice(0, 2).join(' ') })),
    ],
    ['prefix ("harb", 4 letters of a name)', [{ q: 'harb' }, ...sample.map((e) => ({ q: longest(e).slice(0, 4) }))]],
    [
      'typo ("harbor", a letter dropped)',
      [{ q: 'harbor' }, ...sample.filter((e) => longest(e).length >= 6).map((e) => ({ q: typo(longest(e)) }))],
    ],
    [
      'narrowed ("harbour", objects of 1800-1899)',
      [{ q: 'harbour', narrowing: { kind: 'HumanMadeObject', from: 1800, to: 1899 } }],
    ],
  ]);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

interface Timing {
  readonly p50: number;
  readonly p99: number;
  /** The same, in CPU time of this process (on a shared machine, wall time also waits for the others). */
  readonly cpuP50: number;
  readonly cpuP99: number;
  readonly hits: number;
}

function timed(queries: readonly Query[], run: (q: Query) => number): Timing {
  const wall: number[] = [];
  const cpu: number[] = [];
  let hits = 0;
  for (let round = 0; round <= ROUNDS; round++)
    for (const q of queries) {
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      const n = run(q);
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(startedCpu);
      // The first round warms up.
      if (round === 0) continue;
      wall.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
      hits += n;
    }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(wall, 0.5),
    p99: percentile(wall, 0.99),
    cpuP50: percentile(cpu, 0.5),
    cpuP99: percentile(cpu, 0.99),
    hits: Math.round(hits / wall.length),
  };
}

export function benchIndex(docs: number, progress: (message: string) => void): IndexBenchRow[] {
  const entries = generatedNames(docs);
  progress(`${docs}: building the index`);
  const index = new NameIndex();
  for (const e of entries) index.replace(e);
  const reference = new MiniSearchReference(entries);
  const rows: IndexBenchRow[] = [];
  for (const [kind, queries] of queriesOf(entries)) {
    progress(`${docs}: ${kind}`);
    for (const query of queries) {
      const ours = index.search(query.q, 0, PAGE, query.narrowing);
      const expected = reference.search(query.q, query.narrowing);
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      if (
        !same(
          ours.hits.map((h) => h.id),
          expected.ids.slice(0, PAGE),
        ) ||
        !same(ours.facets, expected.facets)
      )
        throw new Error(`${JSON.stringify(query)}: the page differs from the order before`);
    }
    const ours = timed(queries, (q) => index.search(q.q, 0, PAGE, q.narrowing).total);
    const alone = timed(queries, (q) => reference.scoreAll(q.q).length);
    rows.push({
      docs,
      kind,
      example: queries[0].q,
      p50: ours.p50,
      p99: ours.p99,
      cpuP50: ours.cpuP50,
      cpuP99: ours.cpuP99,
      refP50: alone.p50,
      refP99: alone.p99,
      hits: ours.hits,
    });
  }
  return rows;
}
