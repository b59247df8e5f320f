/**
 * The one name search index of a DocumentService: built from the store on first use, in the
 * write queue's turn, and told of every write from then on (DocumentService.derived: a
 * WriteObserver), so no write falls between the read and the first update. `linkedart serve`
 * asks for it before it reports ready. A store other processes write to (a remote store) is read
 * once: their writes are not seen until a restart.
 */
import type { DocumentService } from '../service/DocumentService.js';
import { loadNameIndex } from './loadNameIndex.js';
import type { NameIndex } from './NameIndex.js';

export function nameIndexOf(documents: DocumentService): Promise<NameIndex> {
  return documents.derived('name index', () => loadNameIndex(documents.store));
}
