/**
 * The rules that refuse a document before the shapes can run on it: nothing of it can be read as
 * a Linked Art document (not an object, no usable root id or type, an unknown context, text that
 * is not Unicode, a graph with no root or with triples no key can say). Every other problem is
 * reported together with what the shapes find in the rest (see validate/everyProblem.ts).
 */
export const REFUSED_AT_ONCE: ReadonlySet<string> = new Set([
  'not-an-object',
  'root-id',
  'context',
  'root-type',
  'not-unicode',
  'graph-root',
  'not-renderable',
]);

/** Said of such a rule wherever refusals are counted: its documents may have other problems. */
export const NOT_CHECKED_FURTHER =
  'the shapes do not run on a document this rule refuses, so it may have other problems';
