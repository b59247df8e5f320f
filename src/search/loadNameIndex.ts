/**
 * The name search index built from the store, at start: one query reads, for every entity
 * graph, the entity's classes, `_label`s and `identified_by` links, and each Name's or
 * Identifier's class, classification and content; the rows are grouped by graph and go
 * through the same derivation as a write (searchableNamesOf). Whatever wrote the documents (this
 * process, a load, an earlier run, another tool), the quads have the names.
 */
import type { QuadStore } from '../store/QuadStore.js';
import { isInternalGraph } from '../store/internalGraphs.js';
import { df, fromPlainTerm, RDF_TYPE, type Quad } from '../rdf/terms.js';
import { NameIndex } from './NameIndex.js';
import { CLASSIFIED_AS, CONTENT, IDENTIFIED_BY, RDFS_LABEL, searchableNamesOf } from './searchableNames.js';

const NAMES_QUERY = `SELECT ?g ?s ?p ?o WHERE { GRAPH ?g {
  { ?g ?p ?o . VALUES ?p { <${RDF_TYPE}> <${RDFS_LABEL}> <${IDENTIFIED_BY}> } BIND(?g AS ?s) }
  UNION
  { ?g <${IDENTIFIED_BY}> ?s . ?s ?p ?o . VALUES ?p { <${RDF_TYPE}> <${CLASSIFIED_AS}> <${CONTENT}> } }
} }`;

export async function loadNameIndex(store: QuadStore): Promise<NameIndex> {
  const index = new NameIndex();
  const result = await store.query(NAMES_QUERY);
  if (result.kind !== 'bindings') return index;
  const byGraph = new Map<string, Quad[]>();
  for (const row of result.rows) {
    const graph = row.g!.v;
    if (isInternalGraph(graph)) continue;
    let quads = byGraph.get(graph);
    if (!quads) byGraph.set(graph, quads = []);
    quads.push(df.quad(fromPlainTerm(row.s!) as Quad['subject'], df.namedNode(row.p!.v), fromPlainTerm(row.o!) as Quad['object'], df.namedNode(graph)));
  }
  for (const [id, quads] of byGraph) index.replace(searchableNamesOf(id, quads));
  return index;
}
