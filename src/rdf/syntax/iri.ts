/**
 * The one IRI check of the RDF text the service reads and writes (N-Quads, N-Triples, Turtle,
 * RDF/XML, SPARQL): IRIREF's grammar (SPARQL 1.1 §19.8, the same as N-Triples) excludes the
 * characters U+0000-U+0020, `<>"{}|^` and backquote, and the backslash. Escaping them as `\u00XX`
 * does not help: the grammar forbids them escaped too. The backslash matters beyond the grammar:
 * SPARQL reads `\u003E` as `>` (§19.2), so an IRI may not hold one at all.
 *
 * The class is written once, here, as a character class's body, so that the readers' scans (whose
 * expressions must stay single native regular expressions: they run on every line of a load) and
 * the writers' checks all exclude the same characters.
 */

/** The characters IRIREF excludes, as the body of a regular expression's character class. */
export const NOT_IN_IRIREF_CLASS = '\\u0000-\\u0020<>"{}|^`\\\\';
/** A character IRIREF excludes. */
export const NOT_IN_IRIREF = new RegExp(`[${NOT_IN_IRIREF_CLASS}]`);
/** And the C1 controls, which the store (Oxigraph, RFC 3987) refuses in an IRI too, as a class's body. */
export const NOT_IN_STORED_IRI_CLASS = NOT_IN_IRIREF_CLASS + '\\u007f-\\u009f';
/** An RFC 3986 scheme and its `:`, as the start of a regular expression (an absolute IRI starts with one). */
export const SCHEME_SOURCE = '[A-Za-z][A-Za-z0-9+.-]*:';
/** An RFC 3986 scheme, then ':', at the start of a value. */
export const SCHEME = new RegExp('^' + SCHEME_SOURCE);
/** A `%` that starts no escape (two hex digits): the store (rightly, RFC 3987) refuses such an IRI. */
export const BAD_PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** Why `value` is not an absolute IRI RDF text can carry, or undefined when it is one. */
export function iriProblem(value: string): string | undefined {
  if (value === '') return 'is not a valid IRI: it is empty';
  const bad = NOT_IN_IRIREF.exec(value);
  if (bad)
    return `is not a valid IRI: it contains ${characterName(bad[0])}, which an IRI cannot hold (percent-encode it)`;
  // An unpaired surrogate half is not a character, and not UTF-8 either.
  if (!value.isWellFormed()) return 'is not a valid IRI: it contains an unpaired surrogate, which is not a character';
  if (!SCHEME.test(value)) return 'is not an absolute IRI: it has no scheme (such as http:)';
  return undefined;
}

/** A character as a person reads it in an error: `">"`, or `U+000A` for one that does not show. */
export function characterName(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0x20 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(c);
}
