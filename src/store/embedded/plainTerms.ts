/**
 * Terms of the plain forms Oxigraph's N-Quads parser is sure to accept: ASCII absolute IRIs
 * built of the characters RFC 3987 allows everywhere in their part, and language tags of a
 * language with an optional script and region. A write whose every IRI and language tag is
 * of these forms is loaded without the parser's own checks (`lenient`, a fifth cheaper:
 * measured 2.9 against 3.6 s for the log of a 20,000-document load): those checks could refuse
 * nothing in it. Any other form is not judged here; its write is loaded with the checks, as
 * before, and refused by them when they refuse it.
 */
import { SCHEME_SOURCE } from '../../rdf/syntax/iri.js';

// RFC 3986 unreserved and sub-delims, and a %-escape (two hex digits), as a character of a part.
const UNRESERVED_SUB_DELIMS = "A-Za-z0-9\\-._~!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED_SUB_DELIMS}:@]|${PCT})`;
const PATH_CHAR = `(?:[${UNRESERVED_SUB_DELIMS}:@/]|${PCT})`;
const QUERY_CHAR = `(?:[${UNRESERVED_SUB_DELIMS}:@/?]|${PCT})`;

/**
 * scheme ":" then either "//" a host of unreserved and sub-delims with an optional port of
 * digits and a path that starts with "/" (or none), or a path that does not start with "/"
 * (a leading "//" would be an authority); then an optional query and fragment.
 */
const PLAIN_IRI = new RegExp(
  '^' +
    SCHEME_SOURCE +
    `(?://[${UNRESERVED_SUB_DELIMS}]*(?::[0-9]*)?(?:/${PATH_CHAR}*)?|(?:${PCHAR}${PATH_CHAR}*)?)` +
    `(?:\\?${QUERY_CHAR}*)?(?:#${QUERY_CHAR}*)?$`,
);

/** language ["-" script] ["-" region]: well-formed BCP 47 (RFC 5646) whatever its subtags are. */
const PLAIN_LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?$/;

/** Datatypes the parser refuses on a literal without a language tag (or a direction). */
const LANGUAGE_DATATYPES: ReadonlySet<string> = new Set([
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString',
]);

/** Whether `iri` is an absolute IRI of the plain form (see the top of this file). */
export function isPlainIri(iri: string): boolean {
  return PLAIN_IRI.test(iri);
}

/** Whether `tag` is a language tag of the plain form. */
export function isPlainLanguageTag(tag: string): boolean {
  return PLAIN_LANGUAGE_TAG.test(tag);
}

/** Whether `iri` may stand as the datatype of a literal without a language tag, as far as the parser checks. */
export function isPlainDatatype(iri: string): boolean {
  return isPlainIri(iri) && !LANGUAGE_DATATYPES.has(iri);
}
