/**
 * One string per RDF term, equal exactly when rdf-validate-shacl takes two terms for the same
 * node: its node sets (value nodes, sh:in lists, counts) key terms by their N-Triples form, in
 * which a literal is its lexical form plus its language tag, or else its datatype unless that
 * is xsd:string. The key below makes the same distinctions in fewer characters, with a prefix
 * that keeps IRIs, blank nodes and literals apart.
 */
import type { Term } from '@rdfjs/types';
import { XSD_STRING } from './vocabulary.js';

const UNDERSCORE = 95;
const QUOTE = 34;
const ANGLE = 60;

export function termKey(term: Term): string {
  switch (term.termType) {
    case 'NamedNode': {
      // An IRI is its own key, unless it starts like another kind's key ("_:", '"', '<').
      const c = term.value.charCodeAt(0);
      return c === UNDERSCORE || c === QUOTE || c === ANGLE ? `<${term.value}` : term.value;
    }
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal':
      if (term.language) return `"@${term.language}"${term.value}`;
      return term.datatype.value === XSD_STRING ? `""${term.value}` : `"^${term.datatype.value}"${term.value}`;
    default:
      return `?${term.termType}:${term.value}`;
  }
}
