/**
 * The name search index built from the store, at start: one query reads, for every entity
 * graph, the entity's classes, `_label`s, and each Name's or Identifier's content; the rows are
 * grouped by graph and go through the same derivation as a write (searchableNamesOf). Whatever
 * wrote the documents (this process, a load, an earlier run, another tool), the quads have the names.
 */
import type { QuadStore } from '../store/QuadStore.js';
import { isInternalGraph } from '../store/internalGraphs.js';
import { df, fromPlainTerm, RDF_TYPE, type Quad } from '../rdf/terms.js';
import { NameIndex } from './NameIndex.js';
import { CLASSIFIED_AS, CONTENT, IDENTIFIED_BY, IDENTIFIER_CLASS, NAME_CLASS, PRIMARY_NAME, RDFS_LABEL, searchableNamesOf } from './searchableNames.js';

/**
 * Only what searchableNamesOf reads, one row per text: the entity's classes and `_label`s (?p), and
 * each Name's or Identifier's content with its class (?c) and, for a Name, whether it is the
 * primary one. Fewer and narrower rows than the triples themselves: half the time at 100,000 documents.
 */
const NAMES_QUERY = `SELECT ?g ?p ?a ?c ?t ?primary WHERE { GRAPH ?g {
  { ?g ?p ?t . VALUES ?p { <${RDF_TYPE}> <${RDFS_LABEL}> } }
  UNION
  { ?g <${IDENTIFIED_BY}> ?a . ?a <${RDF_TYPE}> ?c . VALUES ?c { <${NAME_CLASS}> <${IDENTIFIER_CLASS}> } ?a <${CONTENT}> ?t .
    OPTIONAL { ?a <${CLASSIFIED_AS}> ?primary . VALUES ?primary { <${PRIMARY_NAME}> } } }
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
    const g = df.namedNode(graph);
    const text = fromPlainTerm(row.t!) as Quad['object'];
    if (row.p) { quads.push(df.quad(g, df.namedNode(row.p.v), text, g)); continue; }
    // The appellation's triples as searchableNamesOf reads them (its own quads, as a write gives them).
    const node = fromPlainTerm(row.a!) as Quad['subject'];
    quads.push(df.quad(g, df.namedNode(IDENTIFIED_BY), node, g), df.quad(node, df.namedNode(RDF_TYPE), df.namedNode(row.c!.v), g),
      df.quad(node, df.namedNode(CONTENT), text, g));
    if (row.primary) quads.push(df.quad(node, df.namedNode(CLASSIFIED_AS), df.namedNode(row.primary.v), g));
  }
  for (const [id, quads] of byGraph) index.replace(searchableNamesOf(id, quads));
  return index;
}
