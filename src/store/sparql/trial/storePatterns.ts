/**
 * A WHERE clause rewritten so that Virtuoso 7 matches what the embedded store would:
 *
 *   - Given FROM <x> and no FROM NAMED, Virtuoso lets `GRAPH ?g` range over every graph but
 *     matches `GRAPH <iri>` only when <iri> is a FROM graph (`FROM <union> … GRAPH <doc> {…}`
 *     finds nothing, nor does restrictGraphs's `GRAPH <registry>` join). Through a variable the
 *     graph is found, so `GRAPH <iri> { P }` becomes `{ VALUES ?__graphN { <iri> } GRAPH ?__graphN { P } }`.
 *   - Blank nodes are stored as skolem IRIs: `isBlank(x)` must hold for them and `isIRI(x)` /
 *     `isURI(x)` must not.
 */
import type sparqljs from 'sparqljs';
import { SKOLEM_PREFIX } from '../storedTerms.js';

type Pattern = sparqljs.Pattern;
type Expression = sparqljs.Expression;

const op = (operator: string, ...args: Expression[]): Expression => ({ type: 'operation', operator, args }) as sparqljs.OperationExpression;
const skolem = (x: Expression): Expression =>
  op('&&', op('isiri', x), op('strstarts', op('str', x), { termType: 'Literal', value: SKOLEM_PREFIX } as sparqljs.LiteralTerm));

/**
 * `graphsByVariable` false: only the blank-node tests are rewritten (a curator's query, whose
 * variables a `SELECT *` would show, and which runs without FROM, see curatorDataset.ts).
 */
export function storePatterns(patterns: Pattern[], options: { graphsByVariable: boolean } = { graphsByVariable: true }): Pattern[] {
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
      case 'group': case 'optional': case 'minus': case 'union': case 'service':
        return { ...p, patterns: p.patterns.map(pattern) } as Pattern;
      case 'query':
        return { ...p, where: p.where?.map(pattern) };
      case 'filter': case 'bind':
        return { ...p, expression: expression(p.expression) } as Pattern;
      default:
        return p;
    }
  };

  const expression = (e: Expression): Expression => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || !('type' in e)) return e;
    if (e.type === 'functionCall') return { ...e, args: e.args.map(expression) };
    if (e.type !== 'operation') return e;
    // EXISTS / NOT EXISTS carry patterns.
    if (e.operator === 'exists' || e.operator === 'notexists') return { ...e, args: (e.args as Pattern[]).map(pattern) } as Expression;
    const args = e.args.map((a) => expression(a as Expression));
    if (e.operator === 'isblank') return op('||', op('isblank', args[0]!), skolem(args[0]!));
    if (e.operator === 'isiri' || e.operator === 'isuri') return op('&&', op('isiri', args[0]!), op('!', skolem(args[0]!)));
    return { ...e, args } as Expression;
  };

  return patterns.map(pattern);
}
