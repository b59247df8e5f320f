/**
 * The one language-tag check of the RDF text the service writes (N-Quads, N-Triples, Turtle,
 * SPARQL): BCP 47's shape as the grammars take it, letters and then `-` subtags of letters and
 * digits. (The N-Quads line reader scans tags by hand, as n3 reads them, and hands any other to n3.)
 */

const LANGUAGE_TAG = /^[A-Za-z]+(?:-[A-Za-z0-9]+)*$/;

/** Whether `tag` is a language tag RDF text can carry after `@`. */
export function isLanguageTag(tag: string): boolean {
  return LANGUAGE_TAG.test(tag);
}
