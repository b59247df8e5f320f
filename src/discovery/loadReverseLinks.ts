/**
 * The in-memory index read back from the store's links graphs at start: one query, rows by
 * document. Whatever wrote them (this process, a load, an earlier run), the store has them.
 */
import type { QuadStore } from '../store/QuadStore.js';
import { LINKS_GRAPH_PREFIX, RELATION_PREDICATE_PREFIX, documentOfLinksGraph } from './linksGraph.js';
import { MemoryReverseLinks } from './MemoryReverseLinks.js';
import { classNamesByIri } from '../linkedart/kinds.js';
import { type ReverseLink } from './reverseLinksOf.js';
import { RDF_TYPE } from '../rdf/terms.js';
import { literal } from '../rdf/sparqlTerm.js';

export async function loadReverseLinks(store: QuadStore): Promise<MemoryReverseLinks> {
  const result = await store.query(
    `SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), ${literal(LINKS_GRAPH_PREFIX)})) }`,
  );
  const index = new MemoryReverseLinks();
  if (result.kind !== 'bindings') return index;
  const byDocument = new Map<string, { type: string | undefined; links: ReverseLink[] }>();
  for (const row of result.rows) {
    const source = documentOfLinksGraph(row.g.v);
    let entry = byDocument.get(source);
    if (!entry) byDocument.set(source, (entry = { type: undefined, links: [] }));
    const predicate = row.p.v;
    if (predicate === RDF_TYPE) entry.type = classNamesByIri().get(row.o.v) ?? entry.type;
    else if (predicate.startsWith(RELATION_PREDICATE_PREFIX)) {
      entry.links.push({ relation: predicate.slice(RELATION_PREDICATE_PREFIX.length), target: row.s.v });
    }
  }
  for (const [source, links] of byDocument) index.replace(source, links);
  return index;
}
