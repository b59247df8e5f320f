/**
 * Names read from the store for a page's documents (--name-index store): their graphs read in one
 * request and put through the same derivation as the index in memory (searchableNamesOf), so a
 * hit and a name look the same whichever index found them.
 */
import type { QuadStore } from '../../store/QuadStore.js';
import type { Quad } from '../../rdf/terms.js';
import { displayName, searchableNamesOf, type SearchableNames } from '../searchableNames.js';

/** What the index knows of each of these documents (a document not stored is left out). */
export async function storedEntries(store: QuadStore, ids: readonly string[]): Promise<Map<string, SearchableNames>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const byGraph = new Map<string, Quad[]>();
  for (const q of await store.readGraphs(unique)) {
    let list = byGraph.get(q.graph.value);
    if (!list) byGraph.set(q.graph.value, (list = []));
    list.push(q);
  }
  return new Map([...byGraph].map(([id, quads]) => [id, searchableNamesOf(id, quads)]));
}

/** The names to show of these documents. */
export async function storedNames(store: QuadStore, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [id, entry] of await storedEntries(store, ids)) names.set(id, displayName(entry));
  return names;
}
