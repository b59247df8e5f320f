/**
 * Terms as SPARQL text (INSERT DATA, DELETE DATA, VALUES), written strictly: a store's lenient
 * parser must never have to guess (Virtuoso once stored a bare word as an IRI).
 */
import { XSD_STRING, type PlainTerm } from '../../rdf/terms.js';
import { checkIri, quoted } from '../../render/ntriples.js';

const LANGUAGE_TAG = /^[A-Za-z]+(?:-[A-Za-z0-9]+)*$/;

/** IRIs written lately (predicates, classes, a document's own IRI come again and again): checked once. */
const written = new Map<string, string>();
const REMEMBERED = 50_000;

export function iriText(iri: string): string {
  let text = written.get(iri);
  if (text === undefined) {
    text = '<' + checkIri(iri) + '>';
    if (written.size >= REMEMBERED) written.clear();
    written.set(iri, text);
  }
  return text;
}

/** An IRI or literal (never a blank node: skolemize first) as SPARQL text. */
export function termText(t: PlainTerm): string {
  switch (t.t) {
    case 'N': return iriText(t.v);
    case 'L':
      if (t.l !== undefined) {
        if (!LANGUAGE_TAG.test(t.l)) throw new Error(`literal ${JSON.stringify(t.v)} has an invalid language tag ${JSON.stringify(t.l)}`);
        return quoted(t.v) + '@' + t.l;
      }
      return t.d === undefined || t.d === XSD_STRING ? quoted(t.v) : quoted(t.v) + '^^' + iriText(t.d);
    default: throw new Error(`a ${t.t === 'B' ? 'blank node' : 'default graph'} cannot be written as SPARQL data here`);
  }
}
