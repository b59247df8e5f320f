/**
 * Where a document may start in an RDF stream: at a `#@document` marker comment, or at the first
 * quad of a named graph other than the one before. The reader marks a line there, so that a report
 * can say where a document is.
 */
import { DOCUMENT_MARKER_PREFIX } from '../export/documentMarker.js';
import type { Quad } from '../rdf/terms.js';

/** The text after `#` a document marker line starts with. */
const MARKER_TEXT = DOCUMENT_MARKER_PREFIX.slice(1);

/**
 * Whether `item`, the first of a line's items, starts where a document may: a document marker,
 * or a quad in another graph than `graph` (the graph's value, '' for the default graph).
 */
export function startsDocument(item: Quad | string, graph: string): boolean {
  if (typeof item === 'string') return item.startsWith(MARKER_TEXT) || item.startsWith('#' + MARKER_TEXT);
  return item.graph.termType === 'NamedNode' && item.graph.value !== graph;
}
