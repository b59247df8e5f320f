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
import { Parser } from 'n3';
import { isHintGraph, SHAPE_PREDICATE } from '../hints/Skeleton.js';
import { df, type Quad } from '../rdf/terms.js';
import { NQuadsLineReader } from '../rdf/syntax/nquadsLine.js';
import { isLineMark, type ParsedItem } from '../rdf/syntax/parsedItem.js';
import { writeNTriples } from '../rdf/syntax/ntriples.js';

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
  const quad = readQuad(text, from);
  return quad &&
    quad.graph.termType === 'NamedNode' &&
    isHintGraph(quad.graph.value) &&
    quad.subject.termType === 'NamedNode'
    ? quad
    : undefined;
}

/**
 * The quad of a hint line, read by the N-Quads line reader rather than the general parser (n3 was
 * a tenth of a load's reading time, hint literals being long). The line reader reads a line only
 * when its result is n3's; any other form (or more than one line) is n3's to read, and must give
 * exactly one quad. (Blank nodes, which no hint has, get no prefix: a hint quad stands alone.)
 */
const hintLines = new NQuadsLineReader({ graphs: true, blankNodePrefix: '' });
const LF = 0x0a;
const CR = 0x0d;

function readQuad(text: string, from: number): Quad | undefined {
  let end = text.length;
  if (end > from && text.charCodeAt(end - 1) === LF) end--;
  if (end > from && text.charCodeAt(end - 1) === CR) end--;
  const items: ParsedItem[] = [];
  if (!breaksLine(text, from, end) && hintLines.read(text, from, end, items)) {
    const first = items[0];
    return first !== undefined && typeof first !== 'string' && !isLineMark(first) ? first : undefined;
  }
  let quads: Quad[];
  try {
    quads = new Parser({ format: 'N-Quads', factory: df }).parse(text.slice(from));
  } catch {
    return undefined;
  }
  return quads.length === 1 ? quads[0] : undefined;
}

/** Whether `text[from, end)` holds a line break (the line reader reads one line). */
function breaksLine(text: string, from: number, end: number): boolean {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return (lf >= 0 && lf < end) || (cr >= 0 && cr < end);
}
