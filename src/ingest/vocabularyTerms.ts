/**
 * The terms of the vocabulary (predicates, classes, datatypes), made once: they are few and
 * stand in most quads, and terms are values (nobody changes one), so quads may share them.
 */
import { df, type Term } from '../rdf/terms.js';

const made = new Map<string, Term>();

export function vocabularyTerm(iri: string): Term {
  let term = made.get(iri);
  if (term === undefined) {
    term = df.namedNode(iri);
    if (made.size < 10_000) made.set(iri, term);
  }
  return term;
}
