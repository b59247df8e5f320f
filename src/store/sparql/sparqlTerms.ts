/**
 * Terms as SPARQL text (INSERT DATA, DELETE DATA, VALUES), written strictly through the one
 * term writer (src/rdf/sparqlTerm.ts): a store's lenient parser must never have to guess
 * (Virtuoso once stored a bare word as an IRI), and a value must never end its term early.
 */
import { XSD_STRING, type PlainTerm } from '../../rdf/terms.js';
import { iri, literal } from '../../rdf/sparqlTerm.js';

/** IRIs written lately (predicates, classes, a document's own IRI come again and again): checked once. */
const written = new Map<string, string>();
const REMEMBERED = 50_000;

export function iriText(value: string): string {
  let text = written.get(value);
  if (text === undefined) {
    text = iri(value);
    if (written.size >= REMEMBERED) written.clear();
    written.set(value, text);
  }
  return text;
}

/** An IRI or literal (never a blank node: skolemize first) as SPARQL text. */
export function termText(t: PlainTerm): string {
  switch (t.t) {
    case 'N':
      return iriText(t.v);
    case 'L':
      if (t.l !== undefined) return literal(t.v, { language: t.l });
      return t.d === undefined || t.d === XSD_STRING ? literal(t.v) : literal(t.v, { datatype: t.d });
    default:
      throw new Error(`a ${t.t === 'B' ? 'blank node' : 'default graph'} cannot be written as SPARQL data here`);
  }
}
