/**
 * Shape hints in an export, as comments: `#@hint ` and then the hint quad as one N-Quads line
 * (its graph the hint graph, `urn:linkedart-service:hints:{id}`). Every RDF syntax the export
 * writes (N-Quads, TriG, Turtle, N-Triples) reads `#` to the end of the line as a comment, so
 * other tools see clean Linked Art data while our loader reads the lines back with
 * parseHintComment and restores each document's array order and key forms.
 *
 * Only the shape hints travel (predicate `urn:linkedart-service:shape`): the bookkeeping in a
 * hint graph (the modification stamp, the digest) belongs to the store that wrote it, and a
 * loader writes its own.
 */
import { isHintGraph, SHAPE_PREDICATE } from '../hints/Skeleton.js';
import type { Quad } from '../rdf/terms.js';
import { writeNTriples } from '../rdf/syntax/ntriples.js';
import { readOneQuad } from '../rdf/syntax/oneQuad.js';

/** What starts a hint comment line. */
export const HINT_COMMENT_PREFIX = '#@hint ';

/** Predicates of hint graphs that an export carries. */
const EXPORTED_HINT_PREDICATES: ReadonlySet<string> = new Set([SHAPE_PREDICATE]);

/** Whether a quad of a hint graph travels in an export (a shape hint, not bookkeeping). */
export function isExportedHint(quad: Quad): boolean {
  return (
    quad.graph.termType === 'NamedNode' &&
    isHintGraph(quad.graph.value) &&
    EXPORTED_HINT_PREDICATES.has(quad.predicate.value)
  );
}

/**
 * The comment lines carrying the exported hints among `hintQuads` (each line ends with `\n`);
 * '' when there are none. Quads that are not shape hints are left out.
 */
export function hintCommentLines(hintQuads: readonly Quad[]): string {
  let out = '';
  for (const q of hintQuads) {
    if (!isExportedHint(q)) continue;
    // One quad per call: N-Quads escapes every line break, so each is one line.
    out += HINT_COMMENT_PREFIX + writeNTriples([q], q.graph.value);
  }
  return out;
}

/**
 * The hint quad a comment line carries, or undefined when the line is not a hint comment (any
 * other comment, data, or a `#@hint` line that does not hold one quad in a hint graph). The line
 * may keep its line ending.
 */
export function parseHintComment(line: string): Quad | undefined {
  return line.startsWith(HINT_COMMENT_PREFIX) ? hintQuad(line, HINT_COMMENT_PREFIX.length) : undefined;
}

/** What follows `#` in a hint comment line: how a parser hands the comment over. */
const HINT_COMMENT_TEXT = HINT_COMMENT_PREFIX.slice(1);

/** As parseHintComment, given the comment as a parser hands it over: the text after its `#`. */
export function parseHintCommentText(comment: string): Quad | undefined {
  return comment.startsWith(HINT_COMMENT_TEXT) ? hintQuad(comment, HINT_COMMENT_TEXT.length) : undefined;
}

function hintQuad(text: string, from: number): Quad | undefined {
  const quad = readOneQuad(text, from);
  return quad &&
    quad.graph.termType === 'NamedNode' &&
    isHintGraph(quad.graph.value) &&
    quad.subject.termType === 'NamedNode'
    ? quad
    : undefined;
}
