/**
 * The one name search of a DocumentService, where --name-index puts it. In memory (the default):
 * built from the store on first use, in the write queue's turn, and told of every write from then
 * on (DocumentService.derived: a WriteObserver), so no write falls between the read and the first
 * update; `linkedart serve` asks for it before it reports ready, and a store other processes write
 * to (a remote store) is followed through its change feed (src/follow/), so their writes reach it
 * too. In the store (stored/StoredNameSearch.ts): nothing is held here. Off: nothing is found, no
 * names are known, and the search route says name search is off.
 */
import type { DocumentService } from '../service/DocumentService.js';
import { loadNameIndex } from './loadNameIndex.js';
import type { NameIndex } from './NameIndex.js';
import { memoryNameSearch, NO_NAME_SEARCH, type NameLookup, type NameSearch } from './NameSearch.js';

/** The name index's name among the service's derived data (DocumentService.derived). */
export const NAME_INDEX = 'name index';

/** The services whose name search is not the index in memory (--name-index off or store). */
const elsewhere = new WeakMap<DocumentService, NameSearch>();

/** The index in memory (built on first use). */
export function nameIndexOf(documents: DocumentService): Promise<NameIndex> {
  return documents.derived(NAME_INDEX, () => loadNameIndex(documents.store));
}

/** The service's name search, wherever it lives. */
export async function nameSearchOf(documents: DocumentService): Promise<NameSearch> {
  return elsewhere.get(documents) ?? memoryNameSearch(await nameIndexOf(documents));
}

/** The names of these documents, for a page that lists them. */
export async function nameLookupOf(documents: DocumentService, ids: readonly string[]): Promise<NameLookup> {
  return (await nameSearchOf(documents)).nameLookup(ids);
}

/** Turn this service's name index off (--name-index off): nothing is read or kept. */
export function turnNameIndexOff(documents: DocumentService): void {
  elsewhere.set(documents, NO_NAME_SEARCH);
}

/** Search with this instead of an index in memory (--name-index store). */
export function searchNamesWith(documents: DocumentService, search: NameSearch): void {
  elsewhere.set(documents, search);
}

/** Whether this service's name index is off. */
export function isNameIndexOff(documents: DocumentService): boolean {
  return elsewhere.get(documents) === NO_NAME_SEARCH;
}
