/**
 * A write's one read before it, on a store that reads a write's graphs before replacing them (the
 * remote store): each document's graph, hints, links and history head in one query, in the write's
 * turn. The stored digests (created, replaced or unchanged; the version the write must replace),
 * the version the history copies out (history/versionWrite.ts) and the store's difference all come
 * from it: a PUT asked the store for them in three queries covering the same graphs.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { historyHeadOf } from '../history/versionGraphs.js';
import { linksGraphOf } from '../discovery/linksGraph.js';
import type { GraphsRead, QuadStore } from '../store/QuadStore.js';
import { modifiedFrom } from '../hints/lastModified.js';
import type { StoredDocument } from './storedDocument.js';

/**
 * Most documents read so: a write of more (a load, a harvest's batch) reads their digests alone
 * (one small query) and its graphs a run at a time as it writes, not all its graphs held at once.
 */
const MOST_DOCUMENTS = 4;

/** The graphs of `ids` read for the write, where the store keeps such a read for its write; else undefined. */
export async function readForWrite(store: QuadStore, ids: readonly string[]): Promise<GraphsRead | undefined> {
  if (!store.readForWrite || ids.length === 0 || ids.length > MOST_DOCUMENTS) return undefined;
  return store.readForWrite(ids.flatMap((id) => [id, hintGraphOf(id), linksGraphOf(id), historyHeadOf(id)]));
}

/** The stored digests of these documents as `read` holds them (as storedDigests reads them). */
export function digestsRead(read: GraphsRead, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const hints = new Map(ids.map((id) => [hintGraphOf(id), id]));
  for (const q of read.quads) {
    const id = hints.get(q.graph.value);
    if (id !== undefined && q.predicate.value === DIGEST_PREDICATE) out.set(id, q.object.value);
  }
  return out;
}

/** Document `id` as `read` holds it (as DocumentService.read reads it); undefined when it is not stored. */
export function storedRead(id: string, read: GraphsRead): StoredDocument | undefined {
  const hintGraph = hintGraphOf(id);
  const quads = read.quads.filter((q) => q.graph.value === id);
  if (quads.length === 0) return undefined;
  const hints = read.quads.filter((q) => q.graph.value === hintGraph);
  return { id, quads, hints, lastModified: modifiedFrom(hints) };
}
