/**
 * The one name search index of a DocumentService: built from the store on first use, in the
 * write queue's turn, and told of every write from then on (DocumentService.derived: a
 * WriteObserver), so no write falls between the read and the first update. `linkedart serve`
 * asks for it before it reports ready. A store other processes write to (a remote store) is
 * followed through its change feed (src/follow/), so their writes reach the index too.
 *
 * `--name-index off` (nameIndexOff): no index is built; every caller gets an empty one, and
 * the search route says name search is off.
 */
import type { DocumentService } from '../service/DocumentService.js';
import { loadNameIndex } from './loadNameIndex.js';
import { NameIndex } from './NameIndex.js';

/** The services whose name index is off, each with the empty index its callers get. */
const off = new WeakMap<DocumentService, NameIndex>();

export function nameIndexOf(documents: DocumentService): Promise<NameIndex> {
  const empty = off.get(documents);
  if (empty) return Promise.resolve(empty);
  return documents.derived('name index', () => loadNameIndex(documents.store));
}

/** Turn this service's name index off (--name-index off): nothing is read or kept. */
export function turnNameIndexOff(documents: DocumentService): void {
  off.set(documents, new NameIndex());
}

/** Whether this service's name index is off. */
export function isNameIndexOff(documents: DocumentService): boolean {
  return off.has(documents);
}
