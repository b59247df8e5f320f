/**
 * The Violations a document was admitted with (the `report` conformance policy, conformance.ts),
 * kept as derived data beside it, written in the same atomic write as the document and emptied
 * by the write of a version without any (or its delete):
 *
 * - its validation graph, `urn:linkedart-service:validation:<id>`: each violation as one JSON
 *   literal in the Problem format, and each rule it breaks as a literal of its own (so the counts
 *   by rule are one SPARQL query, on either store);
 * - in its hint graph, how many there are: read with every GET, so a document served says so
 *   (a Link to its report, a banner) without reading another graph.
 *
 * Derived: the shapes re-run on the stored document give it again (`linkedart reindex`).
 */
import type { Problem } from '../linkedart/Problem.js';
import { df, XSD, type Quad } from '../rdf/terms.js';
import { hintGraphOf } from '../hints/Skeleton.js';

/** Under the internal graphs' prefix (store/internalGraphs.ts): never data, never exported, invisible to curators' SPARQL. */
export const VALIDATION_GRAPH_PREFIX = 'urn:linkedart-service:validation:';
export const VIOLATION_PREDICATE = 'urn:linkedart-service:violation';
export const BREAKS_PREDICATE = 'urn:linkedart-service:breaks';
/** In the hint graph: the number of violations (absent: none). */
export const VIOLATION_COUNT_PREDICATE = 'urn:linkedart-service:violations';

export function validationGraphOf(id: string): string {
  return VALIDATION_GRAPH_PREFIX + id;
}

export function isValidationGraph(graph: string): boolean {
  return graph.startsWith(VALIDATION_GRAPH_PREFIX);
}

/** The quads of the validation graph of `id` holding `violations` (none: the graph is emptied). */
export function validationQuads(id: string, violations: readonly Problem[]): Quad[] {
  const graph = df.namedNode(validationGraphOf(id));
  const subject = df.namedNode(id);
  const out: Quad[] = [];
  const rules = new Set<string>();
  for (const { document: _document, ...problem } of violations) {
    out.push(df.quad(subject, df.namedNode(VIOLATION_PREDICATE), df.literal(JSON.stringify(problem)), graph));
    rules.add(problem.rule);
  }
  for (const rule of rules) out.push(df.quad(subject, df.namedNode(BREAKS_PREDICATE), df.literal(rule), graph));
  return out;
}

/** The hint quad saying how many violations `id` was admitted with; undefined for none. */
export function violationCountQuad(id: string, count: number): Quad | undefined {
  if (count === 0) return undefined;
  return df.quad(df.namedNode(id), df.namedNode(VIOLATION_COUNT_PREDICATE), df.literal(String(count), df.namedNode(XSD + 'integer')), df.namedNode(hintGraphOf(id)));
}

/** The number of violations a stored document's hint quads record (0: it conforms, or was stored strictly). */
export function violationCountOf(hints: readonly Quad[]): number {
  for (const q of hints) if (q.predicate.value === VIOLATION_COUNT_PREDICATE) return Number(q.object.value) || 0;
  return 0;
}

/** The violations of document `id` read back from its validation graph's quads, by path then rule. */
export function violationsFrom(id: string, quads: readonly Quad[]): Problem[] {
  const out: Problem[] = [];
  for (const q of quads) {
    if (q.predicate.value !== VIOLATION_PREDICATE) continue;
    try {
      out.push({ document: id, ...(JSON.parse(q.object.value) as Omit<Problem, 'document'>) });
    } catch { /* not written by this service: left out */ }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message));
}
