/**
 * Where the Linked Art API spec and its v1 JSON-LD context disagree on a property's form (one
 * value or an array): the rule the render follows, and the part of a document's written form
 * that its digest and skeleton keep (hints/) because the render uses it.
 */

/**
 * Properties whose form the spec and the v1 context disagree on: spec says array, context
 * one value (true); spec says one object, context `@set` (false). These keep the form they
 * were written in, and take the spec's when nobody wrote them.
 */
export const SPEC_FORM_OVER_CONTEXT: ReadonlyMap<string, boolean> = new Map([
  ['current_permanent_custodian', true],
  ['removed_by', false],
]);

/**
 * The written form as far as the render uses it: "one value where the context declares a set"
 * (0) only matters for the keys where spec and context disagree; `@set` keys are arrays anyway.
 */
export function formThatMatters(key: string, written: 0 | 1 | undefined): 0 | 1 | undefined {
  return written === 0 && !SPEC_FORM_OVER_CONTEXT.has(key) ? undefined : written;
}
