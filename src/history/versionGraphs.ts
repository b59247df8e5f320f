/**
 * Where a document's history is stored: beside its own graphs, under the internal prefix (so
 * curators' SPARQL and the export never see it unless asked), named so that documentOfGraph
 * gives the document's id (a store that cuts a write into requests keeps them with it). A graph
 * per past version, never rewritten, so a write's cost does not grow with the history:
 *
 *   urn:linkedart-service:version-<n>:<id>        version n's entity quads, once it is past
 *   urn:linkedart-service:version-<n>-hints:<id>  version n's hint quads and its record (versionRecord.ts);
 *                                                 a deletion's version: its record alone
 *   urn:linkedart-service:history:<id>            the newest past version's record where the live hints do not
 *                                                 hold it (liveVersion.ts): a deleted id's, a re-created one's
 *
 * The live version is not copied, and has no record: its graphs are the document's own, its
 * record is read from its hint graph (liveVersion.ts) until a write replaces it.
 */
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';

const VERSION_PREFIX = `${INTERNAL_GRAPH_PREFIX}version-`;
export const HISTORY_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}history:`;

/** The graph holding the record of the document's newest past version (none: no past version). */
export function historyHeadOf(id: string): string {
  return HISTORY_GRAPH_PREFIX + id;
}

/** The graph holding version `n`'s entity quads once it is past. */
export function versionGraphOf(id: string, n: number): string {
  return `${VERSION_PREFIX}${n}:${id}`;
}

/** The graph holding version `n`'s hint quads and its record once it is past. */
export function versionHintGraphOf(id: string, n: number): string {
  return `${VERSION_PREFIX}${n}-hints:${id}`;
}

/** Whether a graph is part of a document's history (a kept version, or its head). */
export function isHistoryGraph(name: string): boolean {
  return name.startsWith(VERSION_PREFIX) || name.startsWith(HISTORY_GRAPH_PREFIX);
}
