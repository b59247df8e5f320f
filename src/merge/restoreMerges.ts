/**
 * Merged-away ids read back from an export (`#@merged <A> <B>`), kept after a load's documents
 * are: each A not stored (nor merged already) gets its tombstone naming B (and the texts A was
 * found by, when the line gives them), and the feed a Move, in one write. An A the load stored is a document again, and left so.
 */
import type { Actor } from '../linkedart/Actor.js';
import type { Change } from '../feed/ChangeFeed.js';
import type { MergedId } from '../export/mergedComments.js';
import type { Quad } from '../rdf/terms.js';
import type { DocumentService } from '../service/DocumentService.js';

export function restoreMerges(documents: DocumentService, merged: readonly MergedId[], actor?: Actor): Promise<void> {
  return documents.serialized(async () => {
    const changes: Change[] = [];
    for (const { from, to, names } of merged) {
      if ((await documents.store.hasGraph(from)) || (await documents.feed.mergedInto(from)) !== undefined) continue;
      const by = actor ? { actor } : {};
      changes.push({ kind: 'Move', id: from, target: to, type: undefined, ...by, ...(names ? { names } : {}) });
    }
    if (changes.length > 0) await documents.writeInTurn(new Map<string, readonly Quad[]>(), changes, new Date());
  });
}
