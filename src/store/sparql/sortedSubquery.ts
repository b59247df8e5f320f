/**
 * Virtuoso sorts at most MaxSortedTopRows rows (10,000 by default) for an ORDER BY cut by
 * LIMIT / OFFSET ("SR353: Sorted TOP clause specifies more then 10001 rows to sort"), and the
 * service cuts every query without a smaller LIMIT at max-rows + 1 (sparql/parseSparql.ts), so
 * with the default --max-rows every ORDER BY query is refused. Sorted in a subquery that is not
 * cut, and cut outside it, the same rows come back in the same order: Virtuoso keeps a
 * subquery's order. SPARQL does not promise that, so this form is sent only to a store that has
 * refused the sorted cut.
 */
import sparqljs from 'sparqljs';
import { SparqlRefused } from '../../sparql/errors.js';
import { StoreRequestFailed } from './errors.js';

/** The store refused a sort cut by LIMIT / OFFSET as too large (Virtuoso's SR353). */
export function refusedSortedCut(error: unknown): error is StoreRequestFailed {
  return error instanceof StoreRequestFailed && /\bSR353\b/.test(error.body);
}

/** What a curator is told when the store cannot sort that many rows even so. */
export function sortedCutRefusal(error: StoreRequestFailed): SparqlRefused {
  const said = error.body.split('\nSPARQL query:')[0].replace(/\s+/g, ' ').trim().slice(0, 300);
  return new SparqlRefused(
    'The SPARQL store cannot sort this many rows for ORDER BY with LIMIT / OFFSET (Virtuoso: raise MaxSortedTopRows); ' +
      `use a smaller LIMIT and OFFSET. The store said: ${said}`,
  );
}

/**
 * The query sorted inside and cut outside: `SELECT <its variables> WHERE { { <the query,
 * uncut> } } OFFSET … LIMIT …`, or for a CONSTRUCT (DESCRIBE alike) `CONSTRUCT { … } WHERE
 * { { SELECT * WHERE { … } ORDER BY … } } OFFSET … LIMIT …`. Undefined when the query is not
 * sorted and cut, or has no such form (a grouped CONSTRUCT or DESCRIBE: SELECT * cannot be grouped).
 */
export function sortedInSubquery(query: sparqljs.Query): string | undefined {
  const q = query as sparqljs.Query & Modifiers;
  if (!q.order || (q.limit === undefined && q.offset === undefined) || !q.where) return undefined;
  const cut = {
    ...(q.limit !== undefined ? { limit: q.limit } : {}),
    ...(q.offset !== undefined ? { offset: q.offset } : {}),
  };
  let outer: sparqljs.Query & Modifiers;
  if (q.queryType === 'SELECT') {
    const { limit: _limit, offset: _offset, from, prefixes, base, ...sorted } = q;
    const inner: sparqljs.SelectQuery = { ...sorted, prefixes: {} };
    outer = {
      type: 'query',
      queryType: 'SELECT',
      prefixes,
      ...(base !== undefined ? { base } : {}),
      ...(from ? { from } : {}),
      variables: projected(q.variables),
      where: [{ type: 'group', patterns: [inner] }],
      ...cut,
    };
  } else if (q.queryType !== 'ASK' && !q.group && !q.having) {
    const inner: sparqljs.SelectQuery = {
      type: 'query',
      queryType: 'SELECT',
      prefixes: {},
      variables: [new sparqljs.Wildcard()],
      where: q.where,
      order: q.order,
      ...(q.values ? { values: q.values } : {}),
    };
    const { limit: _limit, offset: _offset, order: _order, values: _values, ...construct } = q;
    outer = { ...construct, where: [{ type: 'group', patterns: [inner] }], ...cut };
  } else {
    return undefined;
  }
  return new sparqljs.Generator().stringify(outer);
}

/** The solution modifiers sparqljs sets on every query form; its declarations have them on SELECT only. */
type Modifiers = Pick<sparqljs.SelectQuery, 'order' | 'limit' | 'offset' | 'group' | 'having'>;

/** The variables a subquery answers, to project them outside in the same order. */
function projected(variables: sparqljs.SelectQuery['variables']): sparqljs.SelectQuery['variables'] {
  if (variables.length === 1 && variables[0] instanceof sparqljs.Wildcard) return [new sparqljs.Wildcard()];
  return (variables as Array<sparqljs.Variable>).map((v) => ('variable' in v ? v.variable : v));
}
