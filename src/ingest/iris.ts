/** IRI checks for ids: what Oxigraph, SPARQL and a remote store will accept as an IRI. */

import { BAD_PERCENT_ESCAPE, NOT_IN_IRIREF_CLASS, NOT_IN_STORED_IRI_CLASS, SCHEME_SOURCE } from '../rdf/syntax/iri.js';

const ABSOLUTE_IRI = new RegExp(`^${SCHEME_SOURCE}[^${NOT_IN_STORED_IRI_CLASS}]*$`);
const HTTP_IRI = new RegExp(`^https?://[^/?#${NOT_IN_IRIREF_CLASS}]+`, 'i');

export function isAbsoluteIri(value: string): boolean {
  return ABSOLUTE_IRI.test(value) && !BAD_PERCENT_ESCAPE.test(value);
}

export function isHttpIri(value: string): boolean {
  return HTTP_IRI.test(value) && isAbsoluteIri(value);
}
