/**
 * The reverse-link index as the HTTP layer reads it: hit counts for a document's `_links`,
 * pages of hits for the search pages, and the documents of each class for the root's
 * collections. Kept by the write path (DocumentService tells it every write's graphs);
 * two implementations side by side: in this process's memory (MemoryReverseLinks, for the
 * embedded store, whose only writer is this process) and read from the store with SPARQL
 * (StoredReverseLinks, for a remote store other processes write to as well).
 */
import type { Quad } from '../rdf/terms.js';

/** One hit: an entity with a document here, and its Linked Art class. */
export interface Hit {
  readonly id: string;
  readonly type: string;
}

/** A slice of a list of hits in the index's order (by id), and the list's length. */
export interface HitPage {
  readonly total: number;
  readonly items: readonly Hit[];
}

export interface ReverseLinks {
  /** For each relation with at least one hit for `target`, the number of hits (internal steps left out). */
  counts(target: string): Promise<ReadonlyMap<string, number>>;
  /** Hits `offset`.. of `relation` for `target`, at most `limit`. */
  hits(target: string, relation: string, offset: number, limit: number): Promise<HitPage>;
  /** The documents whose top-level class is `className`, in id order. */
  ofClass(className: string, offset: number, limit: number): Promise<HitPage>;
  /** How many documents there are of each class. */
  classCounts(): Promise<ReadonlyMap<string, number>>;
  /**
   * A write has stored these graphs (links graphs among them; an empty list removed one):
   * bring the index up to date, and say which entities' hits changed (their documents' `_links` with them).
   */
  written(graphs: ReadonlyMap<string, readonly Quad[]>): string[];
}
