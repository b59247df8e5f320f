/**
 * RDF terms as used across the service: the RDF/JS model, built by @rdfjs/data-model.
 * Quads travel between the request thread and the store worker as plain objects
 * (structured clone cannot carry class instances), so this module also converts both ways.
 */
import factory from '@rdfjs/data-model';
import type { Quad, Term, Quad_Subject, Quad_Predicate, Quad_Object, Quad_Graph } from '@rdfjs/types';

export type { Quad, Term };
export const df = factory;

export const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const RDF_LANGSTRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';
export const XSD_STRING = XSD + 'string';

/** A term as a plain object, safe to post to a worker. */
export interface PlainTerm {
  t: 'N' | 'B' | 'L' | 'D'; // NamedNode, BlankNode, Literal, DefaultGraph
  v: string;
  d?: string; // literal datatype IRI (absent: xsd:string)
  l?: string; // literal language tag
}
export type PlainQuad = [PlainTerm, PlainTerm, PlainTerm, PlainTerm];

export function toPlainTerm(term: Term): PlainTerm {
  switch (term.termType) {
    case 'NamedNode':
      return { t: 'N', v: term.value };
    case 'BlankNode':
      return { t: 'B', v: term.value };
    case 'Literal':
      return plainLiteral(term.value, term.language, term.datatype?.value);
    case 'DefaultGraph':
      return { t: 'D', v: '' };
    default:
      throw new Error(`unsupported term type ${term.termType}`);
  }
}

/** A literal as a PlainTerm: its language tag, else its datatype unless that is xsd:string (the default). */
export function plainLiteral(value: string, language: string | undefined, datatype: string | undefined): PlainTerm {
  const plain: PlainTerm = { t: 'L', v: value };
  if (language) plain.l = language;
  else if (datatype && datatype !== XSD_STRING) plain.d = datatype;
  return plain;
}

export function fromPlainTerm(plain: PlainTerm): Term {
  switch (plain.t) {
    case 'N':
      return factory.namedNode(plain.v);
    case 'B':
      return factory.blankNode(plain.v);
    case 'L':
      return factory.literal(plain.v, plain.l ?? (plain.d ? factory.namedNode(plain.d) : undefined));
    case 'D':
      return factory.defaultGraph();
  }
}

export function toPlainQuad(q: Quad): PlainQuad {
  return [toPlainTerm(q.subject), toPlainTerm(q.predicate), toPlainTerm(q.object), toPlainTerm(q.graph)];
}

export function fromPlainQuad(p: PlainQuad): Quad {
  return factory.quad(
    fromPlainTerm(p[0]) as Quad_Subject,
    fromPlainTerm(p[1]) as Quad_Predicate,
    fromPlainTerm(p[2]) as Quad_Object,
    fromPlainTerm(p[3]) as Quad_Graph,
  );
}

/** A key that tells terms apart across term types (an IRI and a blank node may share a value). */
export function termKey(term: Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return term.value;
    case 'BlankNode':
      return '_:' + term.value;
    case 'Literal':
      return `"${term.value}"@${term.language}^${term.datatype.value}`;
    default:
      return `${term.termType}:${term.value}`;
  }
}

/** A node's key: an IRI as it is, a blank node as `_:label`; undefined for anything else. */
export function nodeKey(term: Term): string | undefined {
  if (term.termType === 'NamedNode') return term.value;
  if (term.termType === 'BlankNode') return '_:' + term.value;
  return undefined;
}
