/**
 * What reading an RDF stream gives, in the order it is written: a quad, a comment (the text
 * after its `#`, as n3 hands comments over), or the line the next item is on. A comment is a
 * plain string rather than a wrapper object: a dump has hundreds of thousands of quads, and the
 * wrappers were garbage to collect. Lines are given only where a document may start (before a
 * `#@document` comment, and before the first quad of a named graph other than the one before),
 * so that a report can say where a document is: one small object per document.
 */
import type { Quad } from '../terms.js';

export interface LineMark {
  readonly line: number;
}

export type ParsedItem = Quad | string | LineMark;

export function isLineMark(item: ParsedItem): item is LineMark {
  return typeof item !== 'string' && !('termType' in item);
}
