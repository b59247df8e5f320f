/**
 * The prefix table of the readable RDF serializations (Turtle, TriG, RDF/XML).
 *
 * Where the bundled v1 context (data/context/linked-art.json) defines a prefix, the namespace
 * here is copied from it, so that `crm:P1_is_identified_by` in our Turtle means what `crm:` means
 * to a Linked Art reader. The context does not define owl, aat, ulan or tgn: owl is the W3C
 * namespace; aat, ulan and tgn are the Getty vocabularies' IRI bases as the corpus uses them.
 * The order is the order `@prefix` lines are written in.
 */
export const PREFIXES: Readonly<Record<string, string>> = Object.freeze({
  // From the v1 context.
  crm: 'http://www.cidoc-crm.org/cidoc-crm/',
  la: 'https://linked.art/ns/terms/',
  sci: 'http://www.ics.forth.gr/isl/CRMsci/',
  dig: 'http://www.ics.forth.gr/isl/CRMdig/',
  archaeo: 'http://www.cidoc-crm.org/cidoc-crm/CRMarchaeo/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  dcterms: 'http://purl.org/dc/terms/',
  dc: 'http://purl.org/dc/elements/1.1/',
  schema: 'http://schema.org/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  // Not in the v1 context.
  owl: 'http://www.w3.org/2002/07/owl#',
  aat: 'http://vocab.getty.edu/aat/',
  ulan: 'http://vocab.getty.edu/ulan/',
  tgn: 'http://vocab.getty.edu/tgn/',
});

/** Namespace IRI → prefix, for looking a namespace up after splitting an IRI. */
export const PREFIX_OF_NAMESPACE: ReadonlyMap<string, string> = new Map(
  Object.entries(PREFIXES).map(([prefix, ns]) => [ns, prefix]),
);

/** The table's prefixes named, in the order named: for a page or a query that presets only some. */
export function prefixesNamed(...names: readonly string[]): Readonly<Record<string, string>> {
  const chosen: Record<string, string> = {};
  for (const name of names) {
    const namespace = PREFIXES[name];
    if (namespace === undefined) throw new Error(`no prefix ${JSON.stringify(name)} in the prefix table`);
    chosen[name] = namespace;
  }
  return Object.freeze(chosen);
}
