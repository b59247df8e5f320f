/**
 * Which feed each harvested document came from, so that one feed cannot delete, move or
 * overwrite what the mirror got from another. Kept in the store as a small internal graph per
 * document (as its hints are), written in the same atomic write as the document itself and
 * emptied with its removal, so it is never out of step with what is stored:
 *
 *   GRAPH <urn:linkedart-service:harvested-from:{document id}> { <that graph> harvest:feed <feed URL> }
 *
 * (named after the document, the remote store keeps it in the same request as the document's graphs)
 */
import { df, type Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';

const HARVESTED_FROM_PREFIX = `${INTERNAL_GRAPH_PREFIX}harvested-from:`;
const FEED = `${INTERNAL_GRAPH_PREFIX}harvest-feed`;

export function harvestedFromGraphOf(id: string): string {
  return HARVESTED_FROM_PREFIX + id;
}

/** The graph saying `id` was harvested from `feedUrl`: to write alongside the document. */
export function harvestedFromGraph(id: string, feedUrl: string): [string, Quad[]] {
  const name = harvestedFromGraphOf(id);
  const graph = df.namedNode(name);
  return [name, [df.quad(graph, df.namedNode(FEED), df.namedNode(feedUrl), graph)]];
}

/** The feed each of these documents was harvested from, for those that were. */
export async function harvestedFrom(store: QuadStore, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  for (const q of await store.readGraphs(ids.map(harvestedFromGraphOf))) {
    if (q.predicate.value === FEED) out.set(q.graph.value.slice(HARVESTED_FROM_PREFIX.length), q.object.value);
  }
  return out;
}
