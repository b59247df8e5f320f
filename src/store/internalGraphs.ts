/**
 * The service's own graphs (shape hints, bookkeeping) are named under this prefix. They hold
 * no Linked Art data: never exported as data, invisible to curators' SPARQL.
 */
export const INTERNAL_GRAPH_PREFIX = 'urn:linkedart-service:';

export function isInternalGraph(name: string): boolean {
  return name.startsWith(INTERNAL_GRAPH_PREFIX);
}

/**
 * Graphs that record a change to the document written just before them in the same write (the
 * change feed's activities, tombstones): a store that must cut a write into several requests
 * keeps each with that document's graphs, never in another request.
 */
export const ACTIVITY_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}activity:`;
export const TOMBSTONE_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}gone:`;
export const SEALED_PAGE_PREFIX = `${INTERNAL_GRAPH_PREFIX}feed-page:`;

export function recordsPreviousDocument(name: string): boolean {
  return (
    name.startsWith(ACTIVITY_GRAPH_PREFIX) ||
    name.startsWith(TOMBSTONE_GRAPH_PREFIX) ||
    name.startsWith(SEALED_PAGE_PREFIX)
  );
}

/** The document a graph belongs to: itself, or the id after an internal graph's kind (`urn:linkedart-service:hints:<id>`). */
export function documentOfGraph(graph: string): string {
  if (!isInternalGraph(graph)) return graph;
  const rest = graph.slice(INTERNAL_GRAPH_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon < 0 ? graph : rest.slice(colon + 1);
}

/**
 * A hint graph's quad that no copy of it takes: the record of the document's newest past version
 * (src/history/liveVersion.ts), kept beside the live version it precedes. A copy of the hints into
 * a past version's hint graph (graphCopies.ts, versionWrite.ts) leaves it out: it names another
 * version than the one copied.
 */
export const NEWEST_PAST_PREDICATE = `${INTERNAL_GRAPH_PREFIX}newestPastVersion`;
