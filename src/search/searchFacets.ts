/**
 * Facets of a search: beside the hits, how many of them are of each kind, each classification
 * and each century (of their production, creation or birth), so a person can narrow the search
 * to one; and the narrowing itself (SearchNarrowing), applied to the hits before they are counted.
 */
import type { SearchableNames } from './searchableNames.js';

/** What a search is narrowed to: a kind (Linked Art class), a classification's label, a range of years. */
export interface SearchNarrowing {
  readonly kind?: string;
  readonly classification?: string;
  /** The first year (inclusive). */
  readonly from?: number;
  /** The last year (inclusive). */
  readonly to?: number;
}

/** One value of a facet and how many hits have it. */
export interface FacetCount {
  readonly value: string;
  readonly count: number;
}

/** A century of years, as a facet shows it: from and to, inclusive. */
export interface YearRangeCount {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

export interface SearchFacets {
  readonly kind: readonly FacetCount[];
  readonly classification: readonly FacetCount[];
  readonly date: readonly YearRangeCount[];
}

/** At most this many values a facet shows (the most frequent). */
const MOST_VALUES = 12;

/** Whether a document is within the narrowing. */
export function withinNarrowing(entry: SearchableNames, narrowing: SearchNarrowing): boolean {
  if (narrowing.kind !== undefined && entry.type !== narrowing.kind) return false;
  if (narrowing.classification !== undefined && !(entry.classifications ?? []).includes(narrowing.classification))
    return false;
  if (narrowing.from === undefined && narrowing.to === undefined) return true;
  if (entry.year === undefined) return false;
  return entry.year >= (narrowing.from ?? -Infinity) && entry.year <= (narrowing.to ?? Infinity);
}

/** The facets of these hits: the most frequent values first, then in code-point order; centuries in order. */
export function facetsOf(entries: Iterable<SearchableNames>): SearchFacets {
  const kinds = new Map<string, number>();
  const classifications = new Map<string, number>();
  const centuries = new Map<number, number>();
  for (const entry of entries) {
    if (entry.type !== undefined) count(kinds, entry.type);
    for (const c of entry.classifications ?? []) count(classifications, c);
    if (entry.year !== undefined) count(centuries, Math.floor(entry.year / 100) * 100);
  }
  return {
    kind: ranked(kinds),
    classification: ranked(classifications),
    date: [...centuries].sort(([a], [b]) => a - b).map(([from, n]) => ({ from, to: from + 99, count: n })),
  };
}

function count<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function ranked(map: Map<string, number>): FacetCount[] {
  return [...map]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MOST_VALUES)
    .map(([value, n]) => ({ value, count: n }));
}
