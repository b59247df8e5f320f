/**
 * The stored documents that refer to an id (hold it as the object of one of their triples), and
 * those documents with every mention of it made a mention of another id: what a merge reports,
 * and, asked to, rewrites. The store is asked with the id as a bound term, never pasted text.
 */
import { df, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { isInternalGraph } from '../store/internalGraphs.js';

/** The ids of the documents (other than `id` itself) whose entity graph refers to `id`, in code-point order. */
export async function documentsReferringTo(store: QuadStore, id: string): Promise<string[]> {
  const result = await store.query(`SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ${iri(id)} } }`);
  if (result.kind !== 'bindings') throw new Error(`finding the references to ${id} got a ${result.kind} answer`);
  const ids = new Set<string>();
  for (const row of result.rows) {
    const graph = row.g?.v;
    if (graph !== undefined && graph !== id && !isInternalGraph(graph)) ids.add(graph);
  }
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The quads with every mention of `from` (as subject or object) made one of `to`. */
export function withIdReplaced(quads: readonly Quad[], from: string, to: string): Quad[] {
  const target = df.namedNode(to);
  return quads.map((q) => {
    const subject = q.subject.termType === 'NamedNode' && q.subject.value === from;
    const object = q.object.termType === 'NamedNode' && q.object.value === from;
    if (!subject && !object) return q;
    return df.quad(subject ? target : q.subject, q.predicate, object ? target : q.object, q.graph);
  });
}
