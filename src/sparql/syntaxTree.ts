/**
 * A walk over every object of a parsed query or update (sparqljs's tree: patterns, expressions and
 * RDF terms alike), so that a check sees a kind of node wherever it stands, in a subquery, an
 * OPTIONAL, a FILTER NOT EXISTS or an update's WHERE, without a list of places to forget one in.
 * The walk keeps its own stack: deeply nested text cannot overflow the call stack.
 */

/** Calls `visit` on each object in the tree; the walk goes into an object's values unless `visit` answers false. */
export function visitSyntaxTree(root: object, visit: (node: object) => boolean | void): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      const items: readonly unknown[] = node;
      pending.push(...items);
      continue;
    }
    if (visit(node) === false) continue;
    const values: unknown[] = Object.values(node);
    pending.push(...values);
  }
}
