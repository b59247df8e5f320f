/**
 * The names of the conformance policies (conformance.ts decides what each admits), apart from
 * the decision so that the configuration can check a name without loading the shapes.
 */
export const CONFORMANCE_POLICIES = ['strict', 'report'] as const;
export type ConformancePolicy = (typeof CONFORMANCE_POLICIES)[number];

export const DEFAULT_CONFORMANCE: ConformancePolicy = 'strict';

/** The policy of this name (`strict`, `report`), or undefined. */
export function conformancePolicyNamed(name: string): ConformancePolicy | undefined {
  const word = name.trim().toLowerCase();
  return (CONFORMANCE_POLICIES as readonly string[]).includes(word) ? (word as ConformancePolicy) : undefined;
}
