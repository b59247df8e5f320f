/**
 * Shape hints: what RDF cannot say about a document, kept so it comes back as loaded.
 *
 * RDF has no array order, merges every occurrence of an IRI into one node, and cannot tell
 * which of two keys with the same IRI (`part_of`/`broader` on a Type) was written. The
 * skeleton records, for each node of the JSON tree, the keys it showed and the identity of
 * each value in order — IRIs by IRI, literals by a short hash, blank nodes by a signature
 * of their own (non-blank) statements — but no data: the render takes every value from
 * the quads and only uses the skeleton to place it. A value the skeleton does not know
 * (added by SPARQL Update) is still shown, after the known ones; a known value that is
 * gone is simply not found. So the quads stay the truth.
 *
 * The skeleton is stored as one JSON literal in a hint graph of its own, outside the
 * entity's graph, so any SPARQL 1.1 store holds it and curators' queries never see it.
 */
import { df, type Quad, type Term, RDF_TYPE, XSD_STRING } from '../rdf/terms.js';

/** A node of the document tree: the root, an embedded structure, or a reference. */
export interface SkeletonNode {
  /** The node's IRI; absent for a blank node (an embedded structure without `id`). */
  i?: string;
  /** A blank node's id as the document wrote it (`_:b1`): the same node wherever that id stands. */
  b?: string;
  /** For a blank node: the sorted hashes of its statements whose object is not a blank node. */
  s?: string;
  /** For a blank node: a hash of `s` and of its blank children's `d`, to tell apart twins that differ only deeper down. */
  d?: string;
  /** The `type` strings as written, in order. */
  t?: string[];
  /** The entries shown here, in input order. */
  e?: SkeletonEntry[];
  /** `_complete`, when the document gave it (non-semantic, kept as written). */
  c?: boolean;
  /** Keys for developers the context does not map (`_content_html`, ...), with their JSON values as written. */
  a?: Record<string, unknown>;
  /** The document's `@context` when it is not the plain v1 URI (root only). */
  x?: unknown;
}

/**
 * One key of a node: [key as written, predicate IRI when it differs from the key's meaning
 * in the bare v1 context (a scoped term) or 0, values, and the written form when it is not
 * the context's: 1 for an array where the context declares one value, 0 for a single
 * value where it declares a set].
 */
export type SkeletonEntry = [string, string | 0, SkeletonValue[], (0 | 1)?];

/**
 * A value: a node (object), a literal hash (`#…`, then `~` and the written form for a
 * date-time a store would canonicalize), or an IRI written as a bare string
 * (`=string`, or `=string IRI` when the string is a term that expands to another IRI).
 */
export type SkeletonValue = SkeletonNode | string;

/** The normal order of a node's entries: by key, then by predicate (the digest's order, which ingest writes). */
export function compareEntries(a: SkeletonEntry, b: SkeletonEntry): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : String(a[1]) < String(b[1]) ? -1 : String(a[1]) > String(b[1]) ? 1 : 0;
}

export const HINT_GRAPH_PREFIX = 'urn:linkedart-service:hints:';
export const SHAPE_PREDICATE = 'urn:linkedart-service:shape';

/** The graph that holds the hints of the entity whose graph is `graph`. */
export function hintGraphOf(graph: string): string {
  return HINT_GRAPH_PREFIX + graph;
}

export function isHintGraph(graph: string): boolean {
  return graph.startsWith(HINT_GRAPH_PREFIX);
}

/** The hint quads for a document. */
export function skeletonQuads(graph: string, root: SkeletonNode): Quad[] {
  const g = df.namedNode(hintGraphOf(graph));
  return [df.quad(df.namedNode(graph), df.namedNode(SHAPE_PREDICATE), df.literal(JSON.stringify(root)), g)];
}

/** Read the skeleton back from the quads of the hint graph; undefined when there is none or it is unreadable. */
export function skeletonFrom(quads: readonly Quad[]): SkeletonNode | undefined {
  for (const q of quads) {
    if (q.predicate.value === SHAPE_PREDICATE && q.object.termType === 'Literal') {
      try {
        return JSON.parse(q.object.value) as SkeletonNode;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

// --- Value identities ------------------------------------------------------------------

/** FNV-1a, 32 bits, in base 36: short, fast, and enough to tell values of one node apart. */
export function shortHash(text: string): string {
  return (fnv(FNV_OFFSET, text) >>> 0).toString(36);
}

// FNV-1a runs over a text's characters in order, so the hash of `a + b` is the state after `a`
// carried on over `b`: the hot callers hash their parts in turn instead of concatenating them
// (a literal can be a page of text), and keep the state after a predicate (there are few).
const FNV_OFFSET = 0x811c9dc5;

function fnv(state: number, text: string): number {
  let h = state;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The FNV state after `predicate + ' '`, per predicate. */
const predicateStates = new Map<string, number>();

function predicateState(predicate: string): number {
  let state = predicateStates.get(predicate);
  if (state === undefined) {
    state = fnv(fnv(FNV_OFFSET, predicate), ' ');
    if (predicateStates.size < 10_000) predicateStates.set(predicate, state);
  }
  return state;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const NUMERIC = new Set(
  [
    'integer',
    'decimal',
    'double',
    'float',
    'int',
    'long',
    'short',
    'byte',
    'nonNegativeInteger',
    'positiveInteger',
    'negativeInteger',
    'nonPositiveInteger',
    'unsignedInt',
    'unsignedLong',
  ].map((t) => XSD + t),
);
export const XSD_DATE_TIME = XSD + 'dateTime';
const DAY_ONLY = /^(-?\d{4,}-\d\d-\d\d)(Z|[+-]\d\d:\d\d)?$/;
const DATE_TIME = /^(-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)?$/;

/**
 * A literal's lexical form as stores canonicalize it (Oxigraph and Virtuoso store values, not
 * text: `5.0E-1` comes back `0.5`, `+00:00` comes back `Z`, `en-GB` comes back `en-gb`), so
 * that a literal keeps its identity across a store.
 */
export function canonicalLexical(value: string, datatype: string): string {
  if (NUMERIC.has(datatype)) {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? String(n) : value;
  }
  if (datatype === XSD + 'boolean') return value === '1' ? 'true' : value === '0' ? 'false' : value;
  if (datatype === XSD_DATE_TIME) {
    // A date alone, typed as a date-time: Virtuoso stores it as midnight of that day.
    const day = DAY_ONLY.exec(value);
    if (day) return canonicalLexical(`${day[1]}T00:00:00${day[2] ?? ''}`, datatype);
    const m = DATE_TIME.exec(value);
    if (!m) return value;
    const fraction = m[2]?.replace(/0+$/, '') ?? '';
    const zone = m[3] === '+00:00' || m[3] === '-00:00' ? 'Z' : (m[3] ?? '');
    return m[1] + (fraction === '.' ? '' : fraction) + zone;
  }
  return value;
}

/** The identity of a literal in the skeleton: its value, not its spelling. */
export function literalKey(term: Term): string {
  const lit = term as { value: string; language?: string; datatype?: { value: string } };
  if (lit.language)
    return '#' + (fnv(fnv(fnv(FNV_OFFSET, lit.value), '\u0000@'), lit.language.toLowerCase()) >>> 0).toString(36);
  const dt = lit.datatype && lit.datatype.value !== XSD_STRING ? lit.datatype.value : '';
  const lexical = dt === '' ? lit.value : canonicalLexical(lit.value, dt);
  return '#' + (fnv(fnv(fnv(FNV_OFFSET, lexical), '\u0000'), dt) >>> 0).toString(36);
}

/**
 * A literal's entry in the skeleton: its key, and for a date-time written in a form a store
 * would canonicalize, `~` and the form as written (so it comes back as given).
 */
export function literalHint(term: Term): string {
  const key = literalKey(term);
  const lit = term as { value: string; datatype?: { value: string } };
  if (lit.datatype?.value === XSD_DATE_TIME && canonicalLexical(lit.value, XSD_DATE_TIME) !== lit.value)
    return key + '~' + lit.value;
  return key;
}

/** The literal key of a skeleton literal entry (without any written form). */
export function keyOfLiteralHint(hint: string): string {
  const tilde = hint.indexOf('~');
  return tilde < 0 ? hint : hint.slice(0, tilde);
}

/** The written form a skeleton literal entry keeps, if any. */
export function writtenLiteral(hint: string): string | undefined {
  const tilde = hint.indexOf('~');
  return tilde < 0 ? undefined : hint.slice(tilde + 1);
}

/** The hash of one statement of a blank node, for its signature. */
export function statementHash(predicate: string, object: Term): string {
  return statementHashOf(predicate, object.termType === 'Literal' ? literalKey(object) : '<' + object.value);
}

/** statementHash with the object given as its literal key (`#…`, as computed already) or as `<` and its IRI. */
export function statementHashOf(predicate: string, objectKey: string): string {
  return (fnv(predicateState(predicate), objectKey) >>> 0).toString(36);
}

export function signatureOf(hashes: string[]): string {
  return hashes.sort().join(' ');
}

/** The deep signature of a blank node: its own signature and, per predicate, its blank children's. */
export function deepSignatureOf(signature: string, children: Array<[predicate: string, childDeep: string]>): string {
  return shortHash(
    signature +
      '|' +
      children
        .map(([p, d]) => shortHash(p + ' ' + d))
        .sort()
        .join(' '),
  );
}

export { RDF_TYPE };
