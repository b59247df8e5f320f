/**
 * The request thread's side of the store worker's readGraphTexts (protocol.ts): each graph's
 * N-Triples parsed straight into RDF/JS quads (not PlainQuads first: a cold GET's read made each
 * of its quads twice), one graph term shared by a graph's quads, and a hint graph's skeleton,
 * handed over apart, made back into its quad.
 */
import type { Quad_Graph, Quad_Object, Quad_Predicate, Quad_Subject } from '@rdfjs/types';
import { df, type Quad, type Term } from '../../rdf/terms.js';
import { parseNTriplesWith, type TermMaker } from '../../rdf/syntax/plainNQuads.js';
import { skeletonQuadOf, type ShapeApart } from './shapeApart.js';

/** RDF/JS terms as fromPlainTerm (terms.ts) makes them from the PlainTerms of the same text. */
const RDFJS_TERMS: TermMaker<Term> = {
  named: (v) => df.namedNode(v),
  blank: (v) => df.blankNode(v),
  literal: (v, l, d) => df.literal(v, l ?? (d !== undefined ? df.namedNode(d) : undefined)),
};

/** The quads of the graphs `names` (distinct, in the order the worker answered), from its answer. */
export function graphTextQuads(
  names: readonly string[],
  { texts, shapes }: { texts: readonly string[]; shapes: ReadonlyArray<ShapeApart | null> },
): Quad[] {
  const out: Quad[] = [];
  for (let i = 0; i < names.length; i++) {
    const graph = df.namedNode(names[i]) as Quad_Graph;
    const quad = (s: Term, p: Term, o: Term): Quad =>
      df.quad(s as Quad_Subject, p as Quad_Predicate, o as Quad_Object, graph);
    for (const q of parseNTriplesWith(texts[i], RDFJS_TERMS, quad)) out.push(q);
    // The skeleton came apart from the text, its JSON as it is (not escaped there and unescaped here).
    const shape = shapes[i];
    if (shape) out.push(skeletonQuadOf(shape, names[i]));
  }
  return out;
}
