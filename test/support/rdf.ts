/** RDF helpers for tests: N-Quads text of RDF/JS quads, canonical form, jsonld.js as the reference. */
import { readFileSync } from 'node:fs';
import jsonld from 'jsonld';
import { canonize } from 'rdf-canonize';
import type { Quad, Term } from '../../src/rdf/terms.js';
import { PROJECT_ROOT } from './corpus.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const v1Document = JSON.parse(readFileSync(`${PROJECT_ROOT}data/context/linked-art.json`, 'utf8')) as object;

/** Serves only the bundled v1 context; anything else is refused, as in the service. */
// eslint-disable-next-line @typescript-eslint/require-await -- jsonld.js's documentLoader returns a Promise
export const documentLoader = async (url: string): Promise<{ document: object; documentUrl: string }> => {
  if (url === V1) return { document: v1Document, documentUrl: url };
  throw new Error(`test document loader refuses ${url}`);
};

function termText(t: Term): string {
  switch (t.termType) {
    case 'NamedNode':
      return `<${t.value}>`;
    case 'BlankNode':
      return `_:${t.value}`;
    case 'DefaultGraph':
      return '';
    case 'Literal': {
      const lit = t as Term & { language?: string; datatype?: { value: string } };
      const value = JSON.stringify(lit.value);
      if (lit.language) return `${value}@${lit.language}`;
      const dt = lit.datatype?.value;
      return dt && dt !== 'http://www.w3.org/2001/XMLSchema#string' ? `${value}^^<${dt}>` : value;
    }
    default:
      throw new Error(`unexpected term ${t.termType}`);
  }
}

/** N-Quads text; the graph is left out (one entity's graph compares as triples). */
export function toNTriples(quads: readonly Quad[]): string {
  return quads.map((q) => `${termText(q.subject)} ${termText(q.predicate)} ${termText(q.object)} .\n`).join('');
}

export async function canonical(nquads: string): Promise<string> {
  return canonize(nquads, { algorithm: 'RDFC-1.0', inputFormat: 'application/n-quads' });
}

/** jsonld.js's own conversion of a document, as N-Quads. */
export async function referenceToRdf(doc: object): Promise<string> {
  return (await jsonld.toRDF(doc, {
    documentLoader,
    format: 'application/n-quads',
  } as unknown as jsonld.Options.ToRdf)) as unknown as string;
}
