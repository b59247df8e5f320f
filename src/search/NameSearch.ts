/**
 * Name search as the pages and routes ask it, wherever the index lives (--name-index): in this
 * process's memory (NameIndex, answered at once) or in the store itself (stored/StoredNameSearch,
 * Virtuoso's free-text index, answered by a query). The names a page shows for the entities it
 * lists are asked for all at once (nameLookup), so the store is asked once a page.
 */
import type { NameLookup } from '../service/representationInputs.js';
import type { NameIndex, NameResults } from './NameIndex.js';
import type { SearchNarrowing } from './searchFacets.js';

export type { NameLookup };

export interface NameSearch {
  /** Documents matching `query` (within `narrowing`), ranked; `offset`, `limit` choose a page of them. */
  search(query: string, offset: number, limit: number, narrowing?: SearchNarrowing): Promise<NameResults>;
  /** The names of these documents (those the index knows). */
  nameLookup(ids: readonly string[]): Promise<NameLookup>;
  /** Whether it counts facets and narrows by classification and years (the index in memory does). */
  readonly facets: boolean;
}

/** The index in memory as a NameSearch. */
export function memoryNameSearch(index: NameIndex): NameSearch {
  return {
    search: (query, offset, limit, narrowing) => Promise.resolve(index.search(query, offset, limit, narrowing)),
    nameLookup: () => Promise.resolve(index),
    facets: true,
  };
}

/** No index (--name-index off): nothing found, no names. */
export const NO_NAME_SEARCH: NameSearch = {
  search: () => Promise.resolve({ total: 0, hits: [], facets: { kind: [], classification: [], date: [] } }),
  nameLookup: () => Promise.resolve({ nameOf: () => undefined }),
  facets: false,
};
