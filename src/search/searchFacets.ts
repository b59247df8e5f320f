/**
 * Facets of a search: beside the hits, how many of them are of each kind, each classification
 * and each century (of their production, creation or birth), so a person can narrow the search
 * to one; and the narrowing itself (SearchNarrowing), applied to the hits before they are counted
 * (both by FacetColumns).
 */

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

/** Facet values with their counts, as a facet shows them: the most frequent first, then in code-point order. */
export function rankedCounts(counts: Iterable<[string, number]>): FacetCount[] {
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MOST_VALUES)
    .map(([value, n]) => ({ value, count: n }));
}
