/**
 * JSON values to RDF literals, as jsonld.js's toRDF makes them, except where it would lose
 * information: a double it would round (3.0000000000000004 becomes "3.0E0" there) keeps
 * every digit here, and a tiny number is never written as the integer 0.
 */
import { canonicalDouble } from '../rdf/canonicalDouble.js';
import { df, XSD, type Term } from '../rdf/terms.js';

const XSD_INTEGER = df.namedNode(XSD + 'integer');
const XSD_DOUBLE = df.namedNode(XSD + 'double');
const XSD_BOOLEAN = df.namedNode(XSD + 'boolean');

export function numberLiteral(n: number): Term {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return df.literal(n.toFixed(0), XSD_INTEGER);
  return df.literal(canonicalDouble(n), XSD_DOUBLE);
}

export function booleanLiteral(b: boolean): Term {
  return df.literal(String(b), XSD_BOOLEAN);
}
