/**
 * A curator's query made to see, on a remote store, the dataset the embedded store shows:
 * the default graph is the set union of the documents (the union graph the store keeps), and
 * `GRAPH ?g` ranges over the documents' graphs only. A remote store's own default graph is the
 * bag of all its graphs (Virtuoso's includes its system graphs), and it lets `GRAPH ?g` reach
 * every graph whatever FROM says; so the query is rewritten (sparqljs):
 *
 *   - no FROM and no protocol dataset: the WHERE clause is wrapped in `GRAPH <union> { … }`
 *     (a nested GRAPH still names its own graph); not `FROM <union>`, under which Virtuoso
 *     stops answering `GRAPH <registry>`; a DESCRIBE gets `FROM <union>`, having no GRAPH;
 *   - every `GRAPH ?g { … }` is joined with the registry of the service's graphs, internal
 *     graphs (hints, bookkeeping) filtered out, unless the request names its own named graphs;
 *   - naming an internal graph (GRAPH, FROM, default-graph-uri, named-graph-uri) is refused;
 *   - isBlank / isIRI hold for the skolem IRIs blank nodes are stored as (trial/storePatterns.ts).
 */
import sparqljs from 'sparqljs';
import { SparqlRefused } from '../../sparql/errors.js';
import type { QueryDataset } from '../../sparql/SparqlEngine.js';
import { INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../internalGraphs.js';
import { REGISTERED_CLASS, REGISTRY_GRAPH, UNION_GRAPH } from './graphWrites.js';
import { storePatterns } from './trial/storePatterns.js';

type Pattern = sparqljs.Pattern;
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const named = (v: string): sparqljs.IriTerm => ({ termType: 'NamedNode', value: v }) as sparqljs.IriTerm;

/** The query's text to send, with the dataset the protocol request gave (unchanged). */
export function curatorQueryText(sparql: string, dataset: QueryDataset): string {
  const parsed = new sparqljs.Parser().parse(sparql);
  if (parsed.type !== 'query') throw new SparqlRefused('This is an update, not a query.');
  for (const g of [...dataset.defaultGraphs ?? [], ...dataset.namedGraphs ?? [], ...parsed.from?.default.map((t) => t.value) ?? [], ...parsed.from?.named.map((t) => t.value) ?? []]) {
    refuseInternal(g);
  }
  const namesGraphs = (dataset.namedGraphs?.length ?? 0) + (parsed.from?.named.length ?? 0) > 0;
  const hasDataset = namesGraphs || (dataset.defaultGraphs?.length ?? 0) + (parsed.from?.default.length ?? 0) > 0;
  if (parsed.where && !namesGraphs) parsed.where = restrictGraphs(parsed.where);
  if (parsed.where) parsed.where = storePatterns(parsed.where, { graphsByVariable: false });
  if (!hasDataset) {
    if (parsed.queryType === 'DESCRIBE') parsed.from = { default: [named(UNION_GRAPH)], named: [] };
    else if (parsed.where) parsed.where = [{ type: 'graph', name: named(UNION_GRAPH), patterns: parsed.where } as sparqljs.GraphPattern];
  }
  return new sparqljs.Generator().stringify(parsed);
}

function refuseInternal(graph: string): void {
  if (isInternalGraph(graph)) throw new SparqlRefused(`<${graph}> is one of the service's own graphs, not a document's; it cannot be queried.`);
}

/** The patterns with every GRAPH ?var limited to documents' graphs, recursively. */
export function restrictGraphs(patterns: Pattern[]): Pattern[] {
  return patterns.map(restrict);
}

function restrict(p: Pattern): Pattern {
  switch (p.type) {
    case 'graph': {
      const inner: sparqljs.GraphPattern = { ...p, patterns: restrictGraphs(p.patterns) };
      if (p.name.termType === 'NamedNode') { refuseInternal(p.name.value); return inner; }
      const registered: sparqljs.GraphPattern = {
        type: 'graph', name: named(REGISTRY_GRAPH),
        patterns: [{ type: 'bgp', triples: [{ subject: p.name, predicate: named(RDF_TYPE), object: named(REGISTERED_CLASS) }] }],
      } as sparqljs.GraphPattern;
      const notInternal: sparqljs.FilterPattern = {
        type: 'filter',
        expression: {
          type: 'operation', operator: '!', args: [{
            type: 'operation', operator: 'strstarts',
            args: [{ type: 'operation', operator: 'str', args: [p.name] }, { termType: 'Literal', value: INTERNAL_GRAPH_PREFIX } as sparqljs.LiteralTerm],
          }],
        },
      } as sparqljs.FilterPattern;
      return { type: 'group', patterns: [registered, notInternal, inner] };
    }
    case 'group': case 'optional': case 'minus': case 'union': case 'service':
      return { ...p, patterns: restrictGraphs(p.patterns) } as Pattern;
    case 'query':
      return { ...p, where: p.where && restrictGraphs(p.where) };
    case 'filter':
      return { ...p, expression: restrictExpression(p.expression) };
    case 'bind':
      return { ...p, expression: restrictExpression(p.expression) };
    default:
      return p;
  }
}

/** EXISTS / NOT EXISTS inside an expression carry patterns too. */
function restrictExpression(e: sparqljs.Expression): sparqljs.Expression {
  if (typeof e !== 'object' || e === null || Array.isArray(e) || !('type' in e)) return e;
  if (e.type === 'operation') {
    if (e.operator === 'exists' || e.operator === 'notexists') {
      return { ...e, args: (e.args as Pattern[]).map(restrict) } as sparqljs.Expression;
    }
    return { ...e, args: e.args.map((a) => restrictExpression(a as sparqljs.Expression)) } as sparqljs.Expression;
  }
  return e;
}
