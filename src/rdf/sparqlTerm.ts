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

import { iriProblem } from './syntax/iri.js';
import { isLanguageTag } from './syntax/languageTag.js';
import { escapedString } from './syntax/stringEscapes.js';

/** The IRI check is the one of every RDF text (syntax/iri.ts); its callers here know it by this module. */
export { iriProblem };

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

/** `<value>`, or InvalidSparqlTerm when the value is not an absolute IRI (iriProblem). */
export function iri(value: string): string {
  const problem = iriProblem(value);
  if (problem !== undefined) throw new InvalidSparqlTerm(value, problem);
  return '<' + value + '>';
}

/** What a literal is besides its text: a datatype IRI or a language tag (neither: xsd:string). */
export type LiteralTag = { readonly datatype: string } | { readonly language: string };

/** `"value"` (with `^^<datatype>` or `@language`), escaped so that nothing in the value ends the string. */
export function literal(value: string, tag?: LiteralTag): string {
  if (!value.isWellFormed())
    throw new InvalidSparqlTerm(value, 'is not a valid string: it contains an unpaired surrogate');
  const text = '"' + escapedString(value) + '"';
  if (tag === undefined) return text;
  if ('datatype' in tag) return text + '^^' + iri(tag.datatype);
  if (!isLanguageTag(tag.language))
    throw new InvalidSparqlTerm(tag.language, 'is an invalid language tag (BCP 47: letters, then -subtags)');
  return text + '@' + tag.language;
}

/** A whole number for LIMIT / OFFSET: only digits reach the text. */
export function count(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidSparqlTerm(String(n), 'is not a whole number from 0');
  return String(n);
}
