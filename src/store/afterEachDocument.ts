/**
 * A write's graphs with more graphs placed right after the document each belongs with, so that
 * a store which cuts a write into several requests (the remote store: only between documents)
 * stores them in the same request as that document. Graphs of a document not among `graphs`
 * come last, in their order.
 */
import type { Quad } from '../rdf/terms.js';
import { documentOfGraph } from './internalGraphs.js';

export function afterEachDocument(
  graphs: ReadonlyMap<string, readonly Quad[]>,
  byDocument: ReadonlyMap<string, ReadonlyArray<readonly [string, readonly Quad[]]>>,
): Map<string, readonly Quad[]> {
  if (byDocument.size === 0) return new Map(graphs);
  const lastOf = new Map<string, string>();
  for (const name of graphs.keys()) lastOf.set(documentOfGraph(name), name);
  const out = new Map<string, readonly Quad[]>();
  for (const [name, quads] of graphs) {
    out.set(name, quads);
    const document = documentOfGraph(name);
    if (lastOf.get(document) === name) for (const [n, q] of byDocument.get(document) ?? []) out.set(n, q);
  }
  for (const [document, list] of byDocument) if (!lastOf.has(document)) for (const [n, q] of list) out.set(n, q);
  return out;
}
