/**
 * The conformance policy of a write: `strict` (the default) refuses a document with any
 * Violation; `report` admits one whose only Violations are the shapes' (shapes/*.ttl), so a
 * collection can be published while its records are fixed, the violations kept beside the
 * document (violationsGraph.ts) and shown with it. Never one that would lose data: a Violation
 * of any other rule (ingest's unmapped key, relative id, no kind; a failed lossless check; any
 * rule added later) still refuses it. Classified by "is it a shape's rule", so a new rule that
 * is not a shape's is refused by default.
 */
import type { Problem } from '../linkedart/Problem.js';
import { INGEST_HINTS } from '../ingest/ruleHints.js';
import { shaclValidator } from './ShaclValidator.js';
import type { ConformancePolicy } from './conformancePolicy.js';

export {
  CONFORMANCE_POLICIES,
  conformancePolicyNamed,
  DEFAULT_CONFORMANCE,
  type ConformancePolicy,
} from './conformancePolicy.js';

/** Whether `rule` is one of the SHACL shapes' (never one of ingest's, whatever a shape is named). */
export function isShapeRule(rule: string): boolean {
  return shaclValidator().rules.has(rule) && !Object.hasOwn(INGEST_HINTS, rule);
}

/**
 * Of a document's problems (ingest's and the shapes'), the Violations it is admitted with
 * under `policy`: none when it has none; undefined when it is refused.
 */
export function violationsAdmitted(policy: ConformancePolicy, problems: readonly Problem[]): Problem[] | undefined {
  const violations = problems.filter((p) => p.severity === 'Violation');
  if (violations.length === 0) return violations;
  if (policy !== 'report') return undefined;
  return violations.every((p) => isShapeRule(p.rule)) ? violations : undefined;
}
