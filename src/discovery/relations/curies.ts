/**
 * The prefixes the relations are written with (`crm:P108i_was_produced_by`): those hal_links.tsv's
 * sketches use without declaring them, and a curie's full IRI.
 */

/** The prefixes the sketches use without declaring them. */
export const QUERY_PREFIXES: Readonly<Record<string, string>> = {
  crm: 'http://www.cidoc-crm.org/cidoc-crm/',
  sci: 'http://www.ics.forth.gr/isl/CRMsci/',
  la: 'https://linked.art/ns/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  aat: 'http://vocab.getty.edu/aat/',
};

/** `crm:P108i_was_produced_by` → the full IRI, with the prefixes the queries use. */
export function iri(curie: string): string {
  const colon = curie.indexOf(':');
  const base = QUERY_PREFIXES[curie.slice(0, colon)];
  if (base === undefined) throw new Error(`unknown prefix in ${curie}`);
  return base + curie.slice(colon + 1);
}
