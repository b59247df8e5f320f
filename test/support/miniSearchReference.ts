/**
 * Name search as the service did it before its own term index (issue 32's first version): MiniSearch
 * asked with the same options, every match scored and sorted, then narrowed, put in tiers (exact
 * name, every word as typed, through an edit) and counted for facets one object at a time. The
 * ranking test and bench:search compare NameIndex with it: the same hits, in the same order.
 */
import MiniSearch from 'minisearch';
import { wordsOf } from '../../src/search/foldText.js';
import type { SearchFacets, SearchNarrowing } from '../../src/search/searchFacets.js';
import type { SearchableNames } from '../../src/search/searchableNames.js';

const BOOST = { names: 3, identifiers: 2, labels: 1.5, statements: 0.5 };

export class MiniSearchReference {
  private readonly mini = new MiniSearch({
    fields: ['names', 'labels', 'identifiers', 'statements'],
    tokenize: (text) => wordsOf(text),
    processTerm: (term) => term,
  });
  private readonly entries = new Map<string, SearchableNames>();

  constructor(entries: readonly SearchableNames[]) {
    for (const e of entries) {
      this.entries.set(e.id, e);
      if (e.names.length + e.labels.length + e.identifiers.length === 0 && !e.statements?.length) continue;
      this.mini.add({
        id: e.id,
        names: e.names.join('\n'),
        labels: e.labels.join('\n'),
        identifiers: e.identifiers.join('\n'),
        statements: (e.statements ?? []).join('\n'),
      });
    }
  }

  /** MiniSearch alone: every match scored and sorted by score. */
  scoreAll(query: string) {
    return this.mini.search(wordsOf(query).join(' '), {
      combineWith: 'AND',
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      boost: BOOST,
    });
  }

  /** Every hit's id in rank order (exact name, every word as typed, score, id), the identifier that matched, the facets. */
  search(
    query: string,
    narrowing: SearchNarrowing = {},
  ): { ids: string[]; identifiers: Array<string | undefined>; facets: SearchFacets } {
    const words = wordsOf(query);
    const phrase = words.join(' ');
    const results = this.scoreAll(query).filter((r) => within(this.entries.get(r.id as string)!, narrowing));
    const tier = (r: (typeof results)[number]): number => {
      const e = this.entries.get(r.id as string)!;
      if ([...e.names, ...e.labels, ...e.identifiers].some((t) => wordsOf(t).join(' ') === phrase)) return 2;
      const last = words.length - 1;
      return words.every((w, i) => r.terms.includes(w) || (i === last && r.terms.some((t) => t.startsWith(w)))) ? 1 : 0;
    };
    const tiers = new Map(results.map((r) => [r.id as string, tier(r)]));
    results.sort(
      (a, b) =>
        tiers.get(b.id as string)! - tiers.get(a.id as string)! ||
        b.score - a.score ||
        ((a.id as string) < (b.id as string) ? -1 : 1),
    );
    return {
      ids: results.map((r) => r.id as string),
      // The identifier that matched: the first holding a word the query matched in identifiers.
      identifiers: results.map((r) => {
        const matched = Object.entries(r.match)
          .filter(([, fields]) => fields.includes('identifiers'))
          .map(([term]) => term);
        return this.entries.get(r.id as string)!.identifiers.find((t) => wordsOf(t).some((w) => matched.includes(w)));
      }),
      facets: facetsOf(results.map((r) => this.entries.get(r.id as string)!)),
    };
  }
}

function within(entry: SearchableNames, narrowing: SearchNarrowing): boolean {
  if (narrowing.kind !== undefined && entry.type !== narrowing.kind) return false;
  if (narrowing.classification !== undefined && !(entry.classifications ?? []).includes(narrowing.classification))
    return false;
  if (narrowing.from === undefined && narrowing.to === undefined) return true;
  if (entry.year === undefined) return false;
  return entry.year >= (narrowing.from ?? -Infinity) && entry.year <= (narrowing.to ?? Infinity);
}

function facetsOf(entries: readonly SearchableNames[]): SearchFacets {
  const kinds = new Map<string, number>();
  const classifications = new Map<string, number>();
  const centuries = new Map<number, number>();
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const entry of entries) {
    if (entry.type !== undefined) count(kinds, entry.type);
    for (const c of entry.classifications ?? []) count(classifications, c);
    if (entry.year !== undefined) count(centuries, Math.floor(entry.year / 100) * 100);
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 12)
      .map(([value, n]) => ({ value, count: n }));
  return {
    kind: ranked(kinds),
    classification: ranked(classifications),
    date: [...centuries].sort(([a], [b]) => a - b).map(([from, n]) => ({ from, to: from + 99, count: n })),
  };
}
