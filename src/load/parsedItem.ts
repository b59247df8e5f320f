/**
 * What reading an RDF stream gives, in the order it is written: a quad, a comment (the text
 * after its `#`, as n3 hands comments over), or the line the next item is on. A comment is a
 * plain string rather than a wrapper object: a dump has hundreds of thousands of quads, and the
 * wrappers were garbage to collect. Lines are given only where a document may start (before a
 * `#@document` comment, and before the first quad of a named graph other than the one before),
 * so that a report can say where a document is: one small object per document.
 */
import { DOCUMENT_MARKER_PREFIX } from '../export/documentMarker.js';
import type { Quad } from '../rdf/terms.js';

export interface LineMark {
  readonly line: number;
}

export type ParsedItem = Quad | string | LineMark;

export function isLineMark(item: ParsedItem): item is LineMark {
  return typeof item !== 'string' && !('termType' in item);
}

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
