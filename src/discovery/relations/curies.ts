/**
 * The prefixes the relations are written with (`crm:P108i_was_produced_by`): those hal_links.tsv's
 * sketches use without declaring them, and a curie's full IRI.
 */
import { prefixesNamed } from '../../rdf/syntax/prefixes.js';

/** The prefixes the sketches use without declaring them, from the one prefix table. */
export const QUERY_PREFIXES = prefixesNamed('crm', 'sci', 'la', 'skos', 'rdf', 'rdfs', 'aat');

/** `crm:P108i_was_produced_by` → the full IRI, with the prefixes the queries use. */
export function iri(curie: string): string {
  const colon = curie.indexOf(':');
  const base = QUERY_PREFIXES[curie.slice(0, colon)];
  if (base === undefined) throw new Error(`unknown prefix in ${curie}`);
  return base + curie.slice(colon + 1);
}
