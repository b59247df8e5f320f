/**
 * A curator's SPARQL Update on a store other processes write to: the versions of the documents
 * it changes that its trial read, for the write's guard (the claim checks them in the store, in
 * the same request as the change). The trial reads over several requests, so the versions are
 * read once it is done, and the change feed is checked for a write to any of those documents
 * since the trial began (a write stores its activity in the same transaction as the document):
 * if there was one, what the trial read may be older than the versions, and the update is a
 * WriteConflict, tried again from the start (conflictRetries.ts). No write between the trial's
 * first read and the versions' read, and none between that and the commit (the guard): the
 * update's outcome is made from the versions it replaces, and a PUT racing it is never lost.
 */
import { activitiesFrom, activitiesQuery, activityGraphOf, activityRowQuads } from '../feed/activityGraph.js';
import { WriteConflict } from '../store/WriteConflict.js';
import type { DocumentService } from './DocumentService.js';

/**
 * The stored digests of `ids` (absent: not stored), read after the trial, as the trial read
 * them: throws WriteConflict when the feed numbered past `feedBefore` (its length as the trial
 * began) changes any of them.
 */
export async function versionsTried(
  documents: DocumentService,
  ids: readonly string[],
  feedBefore: number,
): Promise<Map<string, string>> {
  const digests = await documents.digests(ids);
  const length = await documents.feed.lengthInStore(feedBefore);
  if (length === feedBefore || ids.length === 0) return digests;
  const names = Array.from({ length: length - feedBefore }, (_, i) => activityGraphOf(feedBefore + 1 + i));
  const result = await documents.store.query(activitiesQuery(names));
  if (result.kind !== 'bindings') throw new Error(`reading the change feed got a ${result.kind} answer`);
  const tried = new Set(ids);
  const written = activitiesFrom(result.rows.flatMap(activityRowQuads)).find((a) => tried.has(a.object));
  if (written)
    throw new WriteConflict(`${written.object} was written (activity ${written.seq}) while the update was tried`);
  return digests;
}
