/**
 * One entity's graph in the RDF syntaxes the HTTP service offers besides JSON-LD. Synchronous
 * and in-process (no WASM, no streams): it runs per request when the render cache is off.
 *
 * The quads' own graph terms are ignored: the graph written is always the entity's, named by
 * its id. Turtle and N-Triples write its triples; TriG and N-Quads write them in `<graph>`.
 * Terms a format cannot carry raise a SerializationError naming them.
 */
import type { Quad } from '../rdf/terms.js';
import { writeNTriples } from './ntriples.js';
import { writeRdfXml } from './rdfxml.js';
import { writeTrig, writeTurtle } from './turtle.js';

export { SerializationError } from './graphLayout.js';
export { PREFIXES } from './prefixes.js';

export type RdfSerialization = 'turtle' | 'trig' | 'ntriples' | 'nquads' | 'rdfxml';

/** `graph`: the entity id, which names the graph and is the root subject written first. */
export function serializeGraph(format: RdfSerialization, graph: string, quads: readonly Quad[]): string {
  switch (format) {
    case 'turtle': return writeTurtle(graph, quads);
    case 'trig': return writeTrig(graph, quads);
    case 'ntriples': return writeNTriples(quads);
    case 'nquads': return writeNTriples(quads, graph);
    case 'rdfxml': return writeRdfXml(graph, quads);
  }
}
