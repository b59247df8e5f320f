/**
 * The demo collection is loaded into an empty store only, once: a store remembers that it was
 * (an internal marker graph, written in the same atomic write as the demo), so restarting
 * `npm start` never brings back a document a curator deleted or undoes an edit. A store that
 * already holds documents of its own gets no demo at all. The marker names the base URL the demo
 * was loaded under: served again under another (another port, another --base-url), every demo id
 * would answer 404, and the start-up line says so and how to serve it.
 */
import type { DocumentService } from './DocumentService.js';
import { demoDocuments } from './demoCollection.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { df, type Quad } from '../rdf/terms.js';

export const DEMO_MARKER_GRAPH = `${INTERNAL_GRAPH_PREFIX}demo`;
const LOADED_AT = `${INTERNAL_GRAPH_PREFIX}demoLoadedAt`;
const LOADED_UNDER = `${INTERNAL_GRAPH_PREFIX}demoBaseUrl`;

/** Loads the demo when the store is new to it; answers the start-up line that says what happened. */
export async function loadDemoOnce(documents: DocumentService, baseUrl: string): Promise<string> {
  const demo = demoDocuments(baseUrl);
  return documents.serialized(async () => {
    const marker = await documents.store.readGraphs([DEMO_MARKER_GRAPH]);
    const loadedAt = marker.find((q) => q.predicate.value === LOADED_AT)?.object.value;
    if (loadedAt !== undefined) {
      const line = `The demo collection was loaded into this store on ${loadedAt}; it is not loaded again, so every change since stands (start with an empty --data-dir for a fresh demo)`;
      // A marker written before the base URL was recorded names none: nothing to compare.
      const under = marker.find((q) => q.predicate.value === LOADED_UNDER)?.object.value;
      return under === undefined || under === baseUrl
        ? line
        : `${line}. It was loaded under ${under}, not under this service's base URL ${baseUrl}: its documents answer only under that one (serve with --base-url ${under}, or start with an empty --data-dir)`;
    }
    if (await documents.hasDigests()) {
      return 'The store already holds documents: the demo collection is loaded into an empty store only, and was not loaded';
    }
    const now = new Date().toISOString();
    const markerQuad = (predicate: string, value: string): Quad =>
      df.quad(
        df.namedNode(DEMO_MARKER_GRAPH),
        df.namedNode(predicate),
        df.literal(value),
        df.namedNode(DEMO_MARKER_GRAPH),
      );
    const markerQuads = [markerQuad(LOADED_AT, now), markerQuad(LOADED_UNDER, baseUrl)];
    await documents.commit(demo, [], new Map(), new Map([[DEMO_MARKER_GRAPH, markerQuads]]));
    return `Loaded the demo collection into the empty store: ${demo.length} documents under ${baseUrl}`;
  });
}
