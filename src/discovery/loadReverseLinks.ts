/**
 * The in-memory index read back from the store's links graphs at start: one query, rows by
 * document. Whatever wrote them (this process, a load, an earlier run), the store has them.
 *
 * A CONSTRUCT of the links graphs' triples rather than a SELECT of their quads: each triple
 * names its document (the subject of its `rdf:type`, the object of a relation: linksGraph.ts),
 * so the graph need not come back, and the triples leave the store as N-Triples text, where
 * bindings leave it as SPARQL JSON (measured at 20,000 documents, 184,297 rows: 2.5–3.1 s of CPU
 * instead of 4.9–5.4 s, a quarter of a restart's).
 */
import type { QuadStore } from '../store/QuadStore.js';
import { LINKS_GRAPH_PREFIX, RELATION_PREDICATE_PREFIX } from './linksGraph.js';
import { MemoryReverseLinks } from './MemoryReverseLinks.js';
import { classNamesByIri } from '../linkedart/kinds.js';
import { type ReverseLink } from './reverseLinksOf.js';
import { RDF_TYPE } from '../rdf/terms.js';
import { literal } from '../rdf/sparqlTerm.js';

export async function loadReverseLinks(store: QuadStore): Promise<MemoryReverseLinks> {
  const result = await store.query(
    `CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), ${literal(LINKS_GRAPH_PREFIX)})) }`,
  );
  const index = new MemoryReverseLinks();
  // Every store answers a CONSTRUCT with quads: anything else is a fault to say, not an empty index.
  if (result.kind !== 'quads')
    throw new Error(`The store answered the reverse links' CONSTRUCT with ${result.kind}, not triples.`);
  const byDocument = new Map<string, { type: string | undefined; links: ReverseLink[] }>();
  const entryOf = (source: string) => {
    let entry = byDocument.get(source);
    if (!entry) byDocument.set(source, (entry = { type: undefined, links: [] }));
    return entry;
  };
  for (const { subject, predicate, object } of result.quads) {
    if (predicate.value === RDF_TYPE) {
      const entry = entryOf(subject.value);
      entry.type = classNamesByIri().get(object.value) ?? entry.type;
    } else if (predicate.value.startsWith(RELATION_PREDICATE_PREFIX)) {
      entryOf(object.value).links.push({
        relation: predicate.value.slice(RELATION_PREDICATE_PREFIX.length),
        target: subject.value,
      });
    }
  }
  for (const [source, links] of byDocument) index.replace(source, links);
  return index;
}
