/**
 * The service's own graphs (shape hints, bookkeeping) are named under this prefix. They hold
 * no Linked Art data: never exported as data, invisible to curators' SPARQL.
 */
export const INTERNAL_GRAPH_PREFIX = 'urn:linkedart-service:';

export function isInternalGraph(name: string): boolean {
  return name.startsWith(INTERNAL_GRAPH_PREFIX);
}
