/**
 * The rows of a SELECT ?g ?s ?p ?o read as the set of quads they stand for. A graph is a set,
 * and Virtuoso now and then answers such a read with a row twice: seen with several service
 * processes writing (a document's rdf:type triples, 50 of some 3,000 reads in one test run),
 * while no graph held the triple twice. Read as given, the document renders with its `type`
 * twice (the render takes two quads for two statements) and a different ETag, so a conditional
 * write on the version the PUT answered fails with a spurious 412.
 */
import type { PlainQuad, PlainTerm } from '../../rdf/terms.js';

/** The quads of these rows (g, s, p, o bound), each once, in the order first answered. */
export function quadRowsAsSet(rows: ReadonlyArray<Readonly<Record<string, PlainTerm>>>): PlainQuad[] {
  const quads: PlainQuad[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const { g, s, p, o } = row;
    if (!g || !s || !p || !o) continue;
    // (Terms as their kind, value, datatype and language: an IRI and a literal of one text are two terms.)
    const key = `${termKey(g)}\n${termKey(s)}\n${p.v}\n${termKey(o)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    quads.push([s, p, o, g]);
  }
  return quads;
}

function termKey(term: PlainTerm): string {
  return term.t === 'L' ? `L${term.l ?? ''}^${term.d ?? ''}^${term.v}` : term.t + term.v;
}
