/**
 * The documents' own graphs (no internal graph), in no particular order: listed so by a store
 * that can (capabilities.ts), else every graph listed and the internal ones left out here.
 */
import { capabilitiesOf } from './capabilities.js';
import { isInternalGraph } from './internalGraphs.js';
import type { QuadStore } from './QuadStore.js';

export async function documentGraphs(store: QuadStore): Promise<string[]> {
  if (capabilitiesOf(store).documentGraphList && store.listDocumentGraphs) return store.listDocumentGraphs();
  return (await store.listGraphs()).filter((g) => !isInternalGraph(g));
}
