/**
 * A hint graph's skeleton as the store worker hands it over apart from the graph's N-Triples
 * (hintGraphText.ts): its JSON as it is, neither escaped there nor unescaped here, made back into
 * its quad on the request thread. No Oxigraph here: the request thread does not load it.
 */
import { df, type Quad } from '../../rdf/terms.js';
import { SHAPE_PREDICATE } from '../../hints/Skeleton.js';

/** A hint graph's skeleton, read apart from the rest: [its subject's IRI, its JSON text]. */
export type ShapeApart = readonly [subject: string, json: string];

/** The skeleton's quad in the hint graph `graph`, as the graph holds it (a plain string literal). */
export function skeletonQuadOf([subject, json]: ShapeApart, graph: string): Quad {
  return df.quad(df.namedNode(subject), df.namedNode(SHAPE_PREDICATE), df.literal(json), df.namedNode(graph));
}
