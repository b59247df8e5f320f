/**
 * One entity's graph in the RDF syntaxes the HTTP service offers besides JSON-LD. Synchronous
 * and in-process (no WASM, no streams): it runs per request when the render cache is off.
 *
 * The quads' own graph terms are ignored: the graph written is always the entity's, named by
 * its id. Turtle and N-Triples write its triples; TriG and N-Quads write them in `<graph>`.
 * Terms a format cannot carry raise a SerializationError naming them.
 */
import { canonicalDoubleLexical } from '../canonicalDouble.js';
import { df, XSD, type Quad } from '../terms.js';
import { writeNTriples } from './ntriples.js';
import { writeRdfXml } from './rdfxml.js';
import { writeTrig, writeTurtle } from './turtle.js';

export { SerializationError } from './graphLayout.js';
export { PREFIXES } from './prefixes.js';

const XSD_DOUBLE = XSD + 'double';

/**
 * The quads with every xsd:double in its canonical form (canonicalDouble.ts), as the JSON-LD of
 * the same document reads; the same array when none needs it (the common case).
 */
export function withCanonicalDoubles(quads: readonly Quad[]): readonly Quad[] {
  let out: Quad[] | undefined;
  for (let i = 0; i < quads.length; i++) {
    const q = quads[i];
    const o = q.object;
    if (o.termType !== 'Literal' || o.datatype.value !== XSD_DOUBLE) continue;
    const lexical = canonicalDoubleLexical(o.value);
    if (lexical === o.value) continue;
    out ??= quads.slice();
    out[i] = df.quad(q.subject, q.predicate, df.literal(lexical, o.datatype), q.graph);
  }
  return out ?? quads;
}

export type RdfSerialization = 'turtle' | 'trig' | 'ntriples' | 'nquads' | 'rdfxml';

/** `graph`: the entity id, which names the graph and is the root subject written first. */
export function serializeGraph(format: RdfSerialization, graph: string, stored: readonly Quad[]): string {
  const quads = withCanonicalDoubles(stored);
  switch (format) {
    case 'turtle':
      return writeTurtle(graph, quads);
    case 'trig':
      return writeTrig(graph, quads);
    case 'ntriples':
      return writeNTriples(quads);
    case 'nquads':
      return writeNTriples(quads, graph);
    case 'rdfxml':
      return writeRdfXml(graph, quads);
  }
}
