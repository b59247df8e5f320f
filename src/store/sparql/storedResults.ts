/**
 * A remote store's answers read back into the service's terms: skolem IRIs as blank nodes,
 * the store's broken literal forms repaired (storedTerms.ts). Shared by the service's own
 * queries (SparqlStore) and curators' (RemoteSparqlEngine).
 */
import { Parser } from 'n3';
import { fromPlainQuad, toPlainQuad, type Quad } from '../../rdf/terms.js';
import type { SolutionsResult } from '../../sparql/results/readJson.js';
import { fromSparqlXml } from '../../sparql/results/readXml.js';
import { fromStored } from './storedTerms.js';

/** A CONSTRUCT or DESCRIBE query (asked for as N-Triples), rather than SELECT or ASK. */
export const GRAPH_FORM = /^(?:\s|#[^\n]*\n)*(?:(?:PREFIX|BASE)\b[^{]*?)*\b(CONSTRUCT|DESCRIBE)\b/i;

/** N-Triples from the store as quads in the default graph. */
export function storedTriples(text: string): Quad[] {
  return new Parser({ format: 'N-Triples' }).parse(text).map((q) => {
    const p = toPlainQuad(q);
    return fromPlainQuad([fromStored(p[0]), p[1], fromStored(p[2]), { t: 'D', v: '' }]);
  });
}

/**
 * Solutions are asked for as SPARQL XML results: Virtuoso writes them three times faster than
 * JSON (readXml.ts).
 */
export const STORED_RESULTS = 'application/sparql-results+xml';

/** STORED_RESULTS from the store. */
export function storedSolutions(text: string): SolutionsResult {
  const result = fromSparqlXml(text);
  if (result.kind === 'bindings') {
    for (const row of result.rows) for (const [k, v] of Object.entries(row)) row[k] = fromStored(v);
  }
  return result;
}
