/**
 * The Violations a document was admitted with (the `report` conformance policy, conformance.ts),
 * kept as derived data beside it, in its hint graph (the service's bookkeeping of the document,
 * never exported, invisible to curators' SPARQL): each violation as one JSON literal in the
 * Problem format, each rule it breaks as a literal of its own (so the counts by rule are one
 * SPARQL query, on either store), and how many there are (read with every GET, so a document
 * served says so: a Link to its report, a banner). Every write of a document writes its hint
 * graph whole, so they are written in the same atomic write as the document, gone with the write
 * of a version without any, and with its delete, at no cost to a document that has none.
 *
 * Derived: the shapes re-run on the stored document give them again (`linkedart reindex`).
 */
import { isProblem, type Problem } from '../linkedart/Problem.js';
import { df, XSD, type Quad } from '../rdf/terms.js';
import { hintGraphOf } from '../hints/Skeleton.js';

export const VIOLATION_PREDICATE = 'urn:linkedart-service:violation';
export const BREAKS_PREDICATE = 'urn:linkedart-service:breaks';
/** In the hint graph: the number of violations (absent: none). */
export const VIOLATION_COUNT_PREDICATE = 'urn:linkedart-service:violations';

/** Where they are kept: the document's hint graph. */
export function validationGraphOf(id: string): string {
  return hintGraphOf(id);
}

/** The hint quads of `id` holding `violations` and their count (none for none). */
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
  if (violations.length > 0)
    out.push(
      df.quad(
        subject,
        df.namedNode(VIOLATION_COUNT_PREDICATE),
        df.literal(String(violations.length), df.namedNode(XSD + 'integer')),
        graph,
      ),
    );
  return out;
}

/** Whether a hint quad is one of these (what revalidate replaces). */
export function isValidationQuad(q: Quad): boolean {
  return (
    q.predicate.value === VIOLATION_PREDICATE ||
    q.predicate.value === BREAKS_PREDICATE ||
    q.predicate.value === VIOLATION_COUNT_PREDICATE
  );
}

/** The number of violations a stored document's hint quads record (0: it conforms, or was stored strictly). */
export function violationCountOf(hints: readonly Quad[]): number {
  for (const q of hints) if (q.predicate.value === VIOLATION_COUNT_PREDICATE) return Number(q.object.value) || 0;
  return 0;
}

/** The violations of document `id` read back from its hint quads, by path then rule. */
export function violationsFrom(id: string, quads: readonly Quad[]): Problem[] {
  const out: Problem[] = [];
  for (const q of quads) {
    if (q.predicate.value !== VIOLATION_PREDICATE) continue;
    let kept: unknown;
    try {
      kept = JSON.parse(q.object.value);
    } catch {
      continue; /* not written by this service: left out */
    }
    const problem = { document: id, ...(kept as object) };
    if (isProblem(problem)) out.push(problem);
  }
  return out.sort(
    (a, b) => a.path.localeCompare(b.path) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message),
  );
}
