/**
 * Search results as the Linked Art API's search page says: an Activity Streams
 * OrderedCollection of hits, served page by page, with the collection embedded in each page
 * (`partOf`) so it never has to be fetched on its own. Pages are numbered from 1; the server
 * sets their size; the hits come in the index's order (by id).
 */
import type { Hit } from '../discovery/ReverseLinks.js';

export const SEARCH_CONTEXT = 'https://linked.art/ns/v1/search.json';

/** Where a collection and its pages are: `pageUrl(n)` for n ≥ 1. */
export interface CollectionAddress {
  readonly id: string;
  readonly pageUrl: (n: number) => string;
  /** A label for the collection, in English (the root lists them). */
  readonly label?: string;
}

/** How many pages a list of `total` needs (one, empty, when there is nothing). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const pageRef = (id: string): { id: string; type: 'OrderedCollectionPage' } => ({ id, type: 'OrderedCollectionPage' });

/** The collection (without @context: embedded in a page, or listed). */
export function orderedCollection(
  address: CollectionAddress,
  total: number,
  pageSize: number,
): Record<string, unknown> {
  return {
    id: address.id,
    type: 'OrderedCollection',
    ...(address.label ? { label: { en: [address.label] } } : {}),
    totalItems: total,
    first: pageRef(address.pageUrl(1)),
    last: pageRef(address.pageUrl(pageCount(total, pageSize))),
  };
}

/** Page `n` (1-based), given its hits. */
export function collectionPage(
  address: CollectionAddress,
  n: number,
  pageSize: number,
  total: number,
  hits: readonly Hit[],
): Record<string, unknown> {
  const last = pageCount(total, pageSize);
  return {
    '@context': SEARCH_CONTEXT,
    id: address.pageUrl(n),
    type: 'OrderedCollectionPage',
    partOf: orderedCollection(address, total, pageSize),
    ...(n < last ? { next: pageRef(address.pageUrl(n + 1)) } : {}),
    ...(n > 1 ? { prev: pageRef(address.pageUrl(n - 1)) } : {}),
    startIndex: (n - 1) * pageSize,
    orderedItems: hits.map((h) => ({ id: h.id, type: h.type })),
  };
}
