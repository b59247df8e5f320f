/**
 * sh:minInclusive, sh:minExclusive, sh:maxInclusive, sh:maxExclusive against a numeric bound,
 * judged as rdf-validate-shacl 0.6 judges them (compareTerms over rdf-literal's fromRdf): a
 * value passes only if it is a literal that fromRdf turns into a JavaScript number (parseInt
 * for the xsd integer types, parseFloat for xsd:decimal, xsd:double and xsd:float, whatever
 * the lexical form) and the difference with the bound has the right sign (NaN never does).
 * Every other value (an IRI, a string, a boolean, a date: not comparable with a number) fails.
 * A bound that is not numeric is not compiled (the library compares strings by locale and
 * dates as Date objects): Unsupported.
 */
import type { Term } from '@rdfjs/types';
import type { GraphNode } from './DocumentGraph.js';
import { show } from './ShapesIndex.js';
import { Unsupported } from './Unsupported.js';
import { XSD } from './vocabulary.js';

const INTEGER_TYPES = new Set(
  [
    'integer',
    'long',
    'int',
    'byte',
    'short',
    'negativeInteger',
    'nonNegativeInteger',
    'nonPositiveInteger',
    'positiveInteger',
    'unsignedByte',
    'unsignedInt',
    'unsignedLong',
    'unsignedShort',
  ].map((t) => XSD + t),
);
const FLOAT_TYPES = new Set(['double', 'decimal', 'float'].map((t) => XSD + t));

/** The number rdf-literal's fromRdf makes of a literal, or undefined if it makes no number. */
export function numberOf(term: Term): number | undefined {
  if (term.termType !== 'Literal') return undefined;
  const datatype = term.datatype.value;
  if (INTEGER_TYPES.has(datatype)) return parseInt(term.value, 10);
  if (FLOAT_TYPES.has(datatype)) return parseFloat(term.value);
  return undefined;
}

export type RangeKind = 'minInclusive' | 'minExclusive' | 'maxInclusive' | 'maxExclusive';

export function compileRange(kind: RangeKind, boundTerm: Term): (value: GraphNode) => boolean {
  const bound = numberOf(boundTerm);
  if (bound === undefined) throw new Unsupported(`sh:${kind} ${show(boundTerm)} is not a number the compiler compares`);
  const difference = (value: GraphNode): number => {
    const n = numberOf(value.term);
    return n === undefined ? NaN : n - bound;
  };
  switch (kind) {
    case 'minInclusive':
      return (value) => difference(value) >= 0;
    case 'minExclusive':
      return (value) => difference(value) > 0;
    case 'maxInclusive':
      return (value) => difference(value) <= 0;
    case 'maxExclusive':
      return (value) => difference(value) < 0;
  }
}
