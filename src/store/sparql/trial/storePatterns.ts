/**
 * A WHERE clause rewritten so that Virtuoso 7 matches what the embedded store would:
 *
 *   - Given FROM <x> and no FROM NAMED, Virtuoso lets `GRAPH ?g` range over every graph but
 *     matches `GRAPH <iri>` only when <iri> is a FROM graph (`FROM <union> … GRAPH <doc> {…}`
 *     finds nothing). Through a variable the graph is found, so `GRAPH <iri> { P }` becomes
 *     `{ VALUES ?__graphN { <iri> } GRAPH ?__graphN { P } }`.
 *   - Blank nodes are stored as skolem IRIs: `isBlank(x)` must hold for them and `isIRI(x)` /
 *     `isURI(x)` must not.
 *   - ORDER BY sorts by kind first, as SPARQL says (storeOrder).
 */
import type sparqljs from 'sparqljs';
import { SKOLEM_PREFIX } from '../storedTerms.js';

type Pattern = sparqljs.Pattern;
type Expression = sparqljs.Expression;

const op = (operator: string, ...args: Expression[]): Expression => ({ type: 'operation', operator, args });
const skolem = (x: Expression): Expression =>
  op(
    '&&',
    op('isiri', x),
    op('strstarts', op('str', x), { termType: 'Literal', value: SKOLEM_PREFIX } as sparqljs.LiteralTerm),
  );

/**
 * `graphsByVariable` false: only the blank-node tests are rewritten (a curator's query, whose
 * variables a `SELECT *` would show, and which runs without FROM, see curatorDataset.ts).
 */
export function storePatterns(
  patterns: Pattern[],
  options: { graphsByVariable: boolean } = { graphsByVariable: true },
): Pattern[] {
  let n = 0;

  const pattern = (p: Pattern): Pattern => {
    switch (p.type) {
      case 'graph': {
        const inner: sparqljs.GraphPattern = { ...p, patterns: p.patterns.map(pattern) };
        if (p.name.termType !== 'NamedNode' || !options.graphsByVariable) return inner;
        const v = { termType: 'Variable', value: `__graph${n++}` } as sparqljs.VariableTerm;
        const values: sparqljs.ValuesPattern = { type: 'values', values: [{ [`?${v.value}`]: p.name }] };
        return { type: 'group', patterns: [values, { ...inner, name: v }] };
      }
      case 'group':
      case 'optional':
      case 'minus':
      case 'union':
      case 'service':
        return { ...p, patterns: p.patterns.map(pattern) };
      case 'query':
        return { ...p, where: p.where?.map(pattern), ...(p.order ? { order: storeOrder(p.order) } : {}) };
      case 'filter':
      case 'bind':
        return { ...p, expression: expression(p.expression) };
      default:
        return p;
    }
  };

  const expression = (e: Expression): Expression => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || !('type' in e)) return e;
    if (e.type === 'functionCall') return { ...e, args: e.args.map(expression) };
    if (e.type !== 'operation') return e;
    // EXISTS / NOT EXISTS carry patterns.
    if (e.operator === 'exists' || e.operator === 'notexists')
      return { ...e, args: (e.args as Pattern[]).map(pattern) };
    const args = e.args.map((a) => expression(a as Expression));
    if (e.operator === 'isblank') return op('||', op('isblank', args[0]), skolem(args[0]));
    if (e.operator === 'isiri' || e.operator === 'isuri')
      return op('&&', op('isiri', args[0]), op('!', skolem(args[0])));
    return { ...e, args };
  };

  return patterns.map(pattern);
}

/**
 * ORDER BY as the embedded store sorts terms of different kinds: unbound, then blank nodes, IRIs,
 * literals (SPARQL 1.1, 15.1). Virtuoso sorts by its own representation (literals among IRIs,
 * skolem IRIs among IRIs), so each variable gets a key before it: its kind's rank. An expression
 * other than a variable is left alone (its value is most often a literal).
 */
export function storeOrder(order: sparqljs.Ordering[]): sparqljs.Ordering[] {
  return order.flatMap((o) => {
    const e = o.expression;
    if (typeof e !== 'object' || !('termType' in e) || e.termType !== 'Variable') return [o];
    const rank = op(
      'if',
      op('bound', e),
      op('if', op('||', op('isblank', e), skolem(e)), integer(1), op('if', op('isiri', e), integer(2), integer(3))),
      integer(0),
    );
    return [{ ...o, expression: rank }, o];
  });
}

const integer = (n: number): Expression =>
  ({
    termType: 'Literal',
    value: String(n),
    datatype: { termType: 'NamedNode', value: 'http://www.w3.org/2001/XMLSchema#integer' },
  }) as sparqljs.LiteralTerm;
