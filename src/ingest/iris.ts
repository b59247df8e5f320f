/** IRI checks for ids: what Oxigraph, SPARQL and a remote store will accept as an IRI. */

const ABSOLUTE_IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\u0000-\u0020<>"{}|\\^`\u007f-\u009f]*$/;
const HTTP_IRI = /^https?:\/\/[^/?#\u0000-\u0020<>"{}|\\^`]+/i;

/** A `%` not starting a well-formed escape: Oxigraph (rightly, RFC 3987) refuses such an IRI. */
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

export function isAbsoluteIri(value: string): boolean {
  return ABSOLUTE_IRI.test(value) && !BAD_ESCAPE.test(value);
}

export function isHttpIri(value: string): boolean {
  return HTTP_IRI.test(value) && isAbsoluteIri(value);
}
