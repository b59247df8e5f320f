/**
 * The shapes of query result each writer takes, named once: the SPARQL result formats write
 * solutions (an ASK's boolean, a SELECT's rows), the RDF formats write a graph (the quads of
 * a CONSTRUCT or DESCRIBE).
 */
import type { PlainTerm } from '../../rdf/terms.js';
import type { QueryResult } from '../QueryResult.js';

export type BooleanResult = Extract<QueryResult, { kind: 'boolean' }>;
export type BindingsResult = Extract<QueryResult, { kind: 'bindings' }>;
export type SolutionsResult = BooleanResult | BindingsResult;
export type GraphResult = Extract<QueryResult, { kind: 'quads' }>;

/** A bound value that is an IRI, a blank node or a literal; a graph term is never a solution's value. */
export type BoundTerm = PlainTerm & { t: 'N' | 'B' | 'L' };

/** The value of `variable` in `row`, undefined when unbound; throws for a term no solution can hold. */
export function boundValue(row: Readonly<Record<string, PlainTerm>>, variable: string): BoundTerm | undefined {
  const term = row[variable];
  if (term === undefined) return undefined;
  if (term.t === 'D')
    throw new Error(`?${variable} is bound to the default graph, which is not an RDF term a query result can carry.`);
  return term as BoundTerm;
}
