/**
 * Where a document's history is stored: beside its own graphs, under the internal prefix (so
 * curators' SPARQL and the export never see it unless asked), named so that documentOfGraph
 * gives the document's id (a store that cuts a write into requests keeps them with it).
 *
 *   urn:linkedart-service:history:<id>          one record per version (versionRecord.ts)
 *   urn:linkedart-service:version-<n>:<id>      version n's entity quads, once it is past
 *   urn:linkedart-service:version-<n>-hints:<id> version n's hint quads (shape, stamp, digest)
 *
 * The live version is not copied: its graphs are the document's own until a write replaces them.
 */
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';

export const HISTORY_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}history:`;
const VERSION_PREFIX = `${INTERNAL_GRAPH_PREFIX}version-`;

export function historyGraphOf(id: string): string {
  return HISTORY_GRAPH_PREFIX + id;
}

/** The graph holding version `n`'s entity quads once it is past. */
export function versionGraphOf(id: string, n: number): string {
  return `${VERSION_PREFIX}${n}:${id}`;
}

/** The graph holding version `n`'s hint quads once it is past. */
export function versionHintGraphOf(id: string, n: number): string {
  return `${VERSION_PREFIX}${n}-hints:${id}`;
}

/** Whether a graph is part of a document's history (a record graph or a kept version). */
export function isHistoryGraph(name: string): boolean {
  return name.startsWith(HISTORY_GRAPH_PREFIX) || name.startsWith(VERSION_PREFIX);
}
