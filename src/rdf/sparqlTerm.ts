/**
 * The one way a value becomes SPARQL text: every IRI and literal the service puts into a query
 * or update goes through `iri()` or `literal()` (so an audit is a grep for them), request values,
 * stored values and the service's own constants alike.
 *
 * An IRI is checked against IRIREF (SPARQL 1.1 §19.8, the same as N-Triples): none of
 * `<>"{}|^\`` and the backslash, no character U+0000-U+0020, and no unpaired surrogate; a
 * value that is not one is an InvalidIri, never text. The backslash matters beyond the grammar:
 * SPARQL reads `\u003E` as `>` (§19.2), so an IRI may not hold one at all.
 *
 * A literal is written as `"…"` with `"` and `\` as ECHARs (`\"`, `\\`) and every control
 * character escaped, so the string ends where the writer ends it: a value's own `\u0022` is
 * written `\\u0022`, which reads back as those six characters, never as a quote.
 */

/** Characters IRIREF excludes (escaping them as \u00XX does not help: the grammar forbids them escaped too). */
const NOT_IN_IRIREF = /[\u0000-\u0020<>"{}|^`\\]/;
/** RFC 3986 scheme, then ':' (an IRI the service asks about is absolute). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const LANGUAGE_TAG = /^[A-Za-z]+(?:-[A-Za-z0-9]+)*$/;

/** A value refused as a SPARQL term; `reason` says why in words a person can act on. */
export class InvalidSparqlTerm extends Error {
  constructor(
    readonly value: string,
    readonly reason: string,
  ) {
    super(`${JSON.stringify(value.length > 200 ? value.slice(0, 200) + '…' : value)} ${reason}`);
    this.name = 'InvalidSparqlTerm';
  }
}

/** Why `value` is not an absolute IRI SPARQL can carry, or undefined when it is one. */
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

/** `<value>`, or InvalidSparqlTerm when the value is not an absolute IRI (iriProblem). */
export function iri(value: string): string {
  const problem = iriProblem(value);
  if (problem !== undefined) throw new InvalidSparqlTerm(value, problem);
  return '<' + value + '>';
}

const ECHAR: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/g;
const NEEDS_ESCAPE_ONE = /["\\\u0000-\u001f\u007f]/;

function escapeChar(c: string): string {
  return ECHAR[c] ?? '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

/** What a literal is besides its text: a datatype IRI or a language tag (neither: xsd:string). */
export type LiteralTag = { readonly datatype: string } | { readonly language: string };

/** `"value"` (with `^^<datatype>` or `@language`), escaped so that nothing in the value ends the string. */
export function literal(value: string, tag?: LiteralTag): string {
  if (!value.isWellFormed())
    throw new InvalidSparqlTerm(value, 'is not a valid string: it contains an unpaired surrogate');
  // Most values need no escape: tested first, the common case is not copied (writes send millions).
  const text = '"' + (NEEDS_ESCAPE_ONE.test(value) ? value.replace(NEEDS_ESCAPE, escapeChar) : value) + '"';
  if (tag === undefined) return text;
  if ('datatype' in tag) return text + '^^' + iri(tag.datatype);
  if (!LANGUAGE_TAG.test(tag.language))
    throw new InvalidSparqlTerm(tag.language, 'is an invalid language tag (BCP 47: letters, then -subtags)');
  return text + '@' + tag.language;
}

/** A whole number for LIMIT / OFFSET: only digits reach the text. */
export function count(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidSparqlTerm(String(n), 'is not a whole number from 0');
  return String(n);
}

/** A character as a person reads it in an error: `">"`, or `U+000A` for one that does not show. */
function characterName(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0x20 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(c);
}
