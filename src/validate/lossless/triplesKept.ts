/**
 * For a graph record (Turtle, N-Quads, SPARQL Update): the record is rendered to the document it
 * stands for, then ingested like any other. The record's triples are its truth, so what the
 * ingested quads must hold is every one of them: a triple the render did not show (a node that is
 * two things, shown once and cut where it stands again) would otherwise vanish without a word.
 * Blank nodes are compared by where they stand, not by their labels (ingest makes its own), and
 * literals by value as the stores keep them (`1.50` and `1.5` are one number).
 */
import { canonicalLexical } from '../../hints/Skeleton.js';
import type { Problem } from '../../linkedart/Problem.js';
import { XSD, XSD_STRING, type Quad, type Term } from '../../rdf/terms.js';
import { LOSSLESS_HINTS, LOSSLESS_RULE } from './losslessHints.js';

const NUMERIC = new Set(['integer', 'double', 'decimal', 'float', 'int', 'long', 'short', 'nonNegativeInteger', 'positiveInteger'].map((t) => XSD + t));

function termKey(term: Term): string {
  if (term.termType === 'BlankNode') return '_';
  if (term.termType !== 'Literal') return `<${term.value}>`;
  const lit = term as { value: string; language?: string; datatype?: { value: string } };
  if (lit.language) return `"${lit.value}"@${lit.language.toLowerCase()}`;
  const datatype = lit.datatype?.value ?? XSD_STRING;
  if (NUMERIC.has(datatype)) return `"${canonicalLexical(lit.value, datatype)}"^^number`;
  return `"${canonicalLexical(lit.value, datatype)}"^^${datatype}`;
}

const tripleKey = (q: Quad) => `${termKey(q.subject)} <${q.predicate.value}> ${termKey(q.object)}`;

/** The triples of `record` (graph `graph`) that `kept` does not hold, as N-Triples-like lines; counted, so a triple written twice needs two. */
export function triplesNotKept(graph: string, record: readonly Quad[], kept: readonly Quad[]): string[] {
  const counts = new Map<string, number>();
  for (const q of kept) if (q.graph.value === graph) counts.set(tripleKey(q), (counts.get(tripleKey(q)) ?? 0) + 1);
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const q of record) {
    if (q.graph.value !== graph && q.graph.termType !== 'DefaultGraph') continue;
    const key = tripleKey(q);
    // A triple given twice is one triple (RDF is a set), unless it hangs off blank nodes, which may be different ones.
    if (q.subject.termType !== 'BlankNode' && q.object.termType !== 'BlankNode' && seen.has(key)) continue;
    seen.add(key);
    const n = counts.get(key) ?? 0;
    if (n > 0) counts.set(key, n - 1);
    else missing.push(key);
  }
  return missing;
}

/** The `lossless` Violation of a graph record whose document would not hold all its triples. */
export function triplesLostProblem(document: string, missing: readonly string[]): Problem {
  const shown = missing.slice(0, 5).join(' . ');
  return {
    document, path: '', rule: LOSSLESS_RULE, severity: 'Violation', hint: LOSSLESS_HINTS.triple,
    message: `${missing.length} triple(s) of the graph would vanish: the document rendered from it does not hold them (${shown}${missing.length > 5 ? ' …' : ''})`,
  };
}
