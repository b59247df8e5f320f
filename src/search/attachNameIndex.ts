/**
 * The one name search index of a DocumentService: built from the store on first use, in the
 * write queue's turn, and told of every write from then on (DocumentService.onWritten), so no
 * write falls between the read and the first update. `linkedart serve` asks for it before it
 * reports ready. A store other processes write to (a remote store) is read once: their writes
 * are not seen until a restart.
 */
import type { DocumentService } from '../service/DocumentService.js';
import { loadNameIndex } from './loadNameIndex.js';
import type { NameIndex } from './NameIndex.js';

const INDEXES = new WeakMap<DocumentService, Promise<NameIndex>>();

export function nameIndexOf(documents: DocumentService): Promise<NameIndex> {
  let index = INDEXES.get(documents);
  if (!index) {
    index = documents.serialized(async () => {
      const built = await loadNameIndex(documents.store);
      documents.onWritten((graphs) => built.written(graphs));
      return built;
    });
    // A failed build (the store unreachable) is tried again by the next caller.
    index.catch(() => INDEXES.delete(documents));
    INDEXES.set(documents, index);
  }
  return index;
}
