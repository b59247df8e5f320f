/**
 * Results of a SPARQL query, already in the shape a caller can use without the store. Here, in
 * the SPARQL layer, so that imports flow one way: the stores implement SparqlEngine and answer
 * this; nothing in src/sparql imports a store.
 */
import type { PlainTerm, Quad } from '../rdf/terms.js';

export type QueryResult =
  | { kind: 'boolean'; value: boolean }
  | { kind: 'bindings'; variables: string[]; rows: Array<Record<string, PlainTerm>> }
  | { kind: 'quads'; quads: Quad[] };
