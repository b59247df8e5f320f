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
import { writeNTriples } from '../render/ntriples.js';

/** What starts a hint comment line. */
export const HINT_COMMENT_PREFIX = '#@hint ';

/** Predicates of hint graphs that an export carries. */
const EXPORTED_HINT_PREDICATES: ReadonlySet<string> = new Set([SHAPE_PREDICATE]);

/** Whether a quad of a hint graph travels in an export (a shape hint, not bookkeeping). */
export function isExportedHint(quad: Quad): boolean {
  return quad.graph.termType === 'NamedNode' && isHintGraph(quad.graph.value) && EXPORTED_HINT_PREDICATES.has(quad.predicate.value);
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
  if (!line.startsWith(HINT_COMMENT_PREFIX)) return undefined;
  const quad = plainHint(line) ?? parsedHint(line);
  return quad && quad.graph.termType === 'NamedNode' && isHintGraph(quad.graph.value) && quad.subject.termType === 'NamedNode'
    ? quad : undefined;
}

/**
 * The line as hintCommentLines writes it (`<s> <p> "plain literal" <g> .`), read without a
 * parser: n3 made this a tenth of a load's reading time, hint literals being long. The literal's
 * escapes are JSON's but for `\'`, `\U` (JSON.parse refuses them) and `\/` (N-Quads has none);
 * anything else (those, a datatype, a language, an IRI with escapes): undefined, and the parser reads it.
 */
const PLAIN_IRI = /^[^<>"{}|^`\\\s]*$/;

function plainHint(line: string): Quad | undefined {
  const text = line.slice(HINT_COMMENT_PREFIX.length).trimEnd();
  if (!text.startsWith('<') || !text.endsWith('> .')) return undefined;
  const afterSubject = text.indexOf('> <');
  const afterPredicate = text.indexOf('> "', afterSubject + 3);
  const afterLiteral = text.lastIndexOf('" <');
  if (afterSubject < 0 || afterPredicate < 0 || afterLiteral < afterPredicate + 2) return undefined;
  const subject = text.slice(1, afterSubject);
  const predicate = text.slice(afterSubject + 3, afterPredicate);
  const graph = text.slice(afterLiteral + 3, text.length - 3);
  if (!PLAIN_IRI.test(subject) || !PLAIN_IRI.test(predicate) || !PLAIN_IRI.test(graph)) return undefined;
  const literal = text.slice(afterPredicate + 3, afterLiteral);
  if (literal.includes('\\/')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(`"${literal}"`);
  } catch {
    return undefined;
  }
  return typeof value === 'string'
    ? df.quad(df.namedNode(subject), df.namedNode(predicate), df.literal(value), df.namedNode(graph)) : undefined;
}

function parsedHint(line: string): Quad | undefined {
  let quads: Quad[];
  try {
    quads = new Parser({ format: 'N-Quads', factory: df }).parse(line.slice(HINT_COMMENT_PREFIX.length));
  } catch {
    return undefined;
  }
  return quads.length === 1 ? quads[0] : undefined;
}
