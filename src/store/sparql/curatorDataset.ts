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
 *   - a protocol dataset replaces FROM / FROM NAMED (Virtuoso would merge them), and is the whole
 *     dataset (SPARQL 1.1 Protocol §2.1.4): named graphs alone, the default graph is empty (the
 *     empty graph NO_GRAPH); default graphs alone, no graph is named (GRAPH matches nothing);
 *   - the named graphs, when the dataset lists them (FROM alone, or default graphs alone, list none): `GRAPH <iri>` of
 *     another matches nothing, an empty `GRAPH ?g {}` lists them (Virtuoso answers it with no
 *     row); otherwise `GRAPH ?g { … }` is joined with the registry of the service's graphs,
 *     internal graphs (hints, bookkeeping) filtered out, and an empty `GRAPH <iri> {}` matches
 *     once if <iri> is a document's graph (Virtuoso: always once);
 *   - an internal graph named (GRAPH, FROM, FROM NAMED, default-graph-uri, named-graph-uri) is
 *     an empty graph, as on the embedded store, whose query replica holds none of them;
 *   - isBlank / isIRI hold for the skolem IRIs blank nodes are stored as, and ORDER BY sorts by
 *     kind first, as SPARQL says (trial/storePatterns.ts);
 *   - a sort Virtuoso refuses as too large is sent again sorted in a subquery (sortedSubquery.ts).
 */
import sparqljs from 'sparqljs';
import { SparqlRefused } from '../../sparql/errors.js';
import { iriProblem } from '../../rdf/sparqlTerm.js';
import type { QueryDataset } from '../../sparql/SparqlEngine.js';
import { INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../internalGraphs.js';
import { NO_GRAPH, REGISTERED_CLASS, REGISTRY_GRAPH, UNION_GRAPH } from './graphWrites.js';
import { storeOrder, storePatterns } from './trial/storePatterns.js';

type Pattern = sparqljs.Pattern;
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const named = (v: string): sparqljs.IriTerm => ({ termType: 'NamedNode', value: v }) as sparqljs.IriTerm;

/** A curator's query as it is sent to the store. */
export interface CuratorQuery {
  /** The rewritten query (for a second form of it, see sortedSubquery.ts). */
  readonly query: sparqljs.Query;
  readonly text: string;
  /** The protocol's dataset, internal graphs replaced by an empty one. */
  readonly dataset: QueryDataset;
}

export function curatorQuery(sparql: string, dataset: QueryDataset): CuratorQuery {
  const parsed = new sparqljs.Parser().parse(sparql);
  if (parsed.type !== 'query') throw new SparqlRefused('This is an update, not a query.');
  // The dataset's graphs are written into the query's text (VALUES): each must be an IRI the term writer takes.
  for (const g of [...(dataset.defaultGraphs ?? []), ...(dataset.namedGraphs ?? [])]) {
    const problem = iriProblem(g);
    if (problem !== undefined)
      throw new SparqlRefused(`The dataset's graph ${JSON.stringify(g.slice(0, 200))} ${problem}.`);
  }
  const protocol: { defaultGraphs?: string[]; namedGraphs?: string[] } = {};
  let namedGraphs: string[] | undefined;
  if (dataset.defaultGraphs?.length || dataset.namedGraphs?.length) {
    delete parsed.from;
    // The protocol's dataset is the whole dataset (SPARQL 1.1 Protocol §2.1.4): a part not given is empty.
    protocol.defaultGraphs = visible(dataset.defaultGraphs) ?? [NO_GRAPH];
    namedGraphs = visible(dataset.namedGraphs) ?? [];
    if (namedGraphs.length > 0) protocol.namedGraphs = namedGraphs;
  } else if (parsed.from) {
    parsed.from = {
      default: (visible(parsed.from.default.map((t) => t.value)) ?? []).map(named),
      named: (visible(parsed.from.named.map((t) => t.value)) ?? []).map(named),
    };
    namedGraphs = parsed.from.named.map((t) => t.value);
  }
  const hasDataset =
    protocol.defaultGraphs !== undefined || (parsed.from?.default.length ?? 0) + (parsed.from?.named.length ?? 0) > 0;
  if (parsed.where)
    parsed.where = storePatterns(restrictGraphs(parsed.where, namedGraphs), { graphsByVariable: false });
  const sorted = parsed as { order?: sparqljs.Ordering[] }; // on every query form; sparqljs declares it on SELECT only
  if (sorted.order) sorted.order = storeOrder(sorted.order);
  if (!hasDataset) {
    if (parsed.queryType === 'DESCRIBE') parsed.from = { default: [named(UNION_GRAPH)], named: [] };
    else if (parsed.where) parsed.where = [{ type: 'graph', name: named(UNION_GRAPH), patterns: parsed.where }];
  }
  return { query: parsed, text: new sparqljs.Generator().stringify(parsed), dataset: protocol };
}

/** A list of graphs without the internal ones; one that named only internal graphs names the empty graph instead (not none, which would mean "all"). */
function visible(graphs: readonly string[] | undefined): string[] | undefined {
  if (!graphs?.length) return undefined;
  const out = graphs.filter((g) => !isInternalGraph(g));
  return out.length > 0 ? out : [NO_GRAPH];
}

/**
 * The patterns with every graph a document's graph, recursively: `GRAPH ?var` limited to the
 * registered ones, or, when the dataset lists its named graphs (`namedGraphs`), left to the
 * store, but for an empty `GRAPH ?var {}`, which lists them; an internal graph named is empty.
 */
export function restrictGraphs(patterns: Pattern[], namedGraphs?: readonly string[]): Pattern[] {
  const restrict = (p: Pattern): Pattern => {
    switch (p.type) {
      case 'graph': {
        const inner: sparqljs.GraphPattern = { ...p, patterns: p.patterns.map(restrict) };
        if (p.name.termType === 'NamedNode') {
          // Not a document's graph, or not in the dataset: no match (Virtuoso would match it under FROM, or count one).
          if (isInternalGraph(p.name.value) || (namedGraphs && !namedGraphs.includes(p.name.value))) return NOTHING;
          if (!isEmpty(p)) return inner;
          // Virtuoso answers an empty GRAPH <iri> {} once, whether or not there is such a graph.
          return namedGraphs ? { type: 'group', patterns: [] } : isRegistered(p.name);
        }
        if (!namedGraphs)
          return { type: 'group', patterns: [{ type: 'group', patterns: [registeredGraphs(p.name)] }, inner] };
        // Without FROM NAMED, Virtuoso's GRAPH ?g would reach every graph.
        return isEmpty(p) || namedGraphs.length === 0 ? listed(p.name, namedGraphs) : inner;
      }
      case 'group':
      case 'optional':
      case 'minus':
      case 'union':
      case 'service':
        return { ...p, patterns: p.patterns.map(restrict) };
      case 'query':
        return { ...p, where: p.where?.map(restrict) };
      case 'filter':
        return { ...p, expression: expression(p.expression) };
      case 'bind':
        return { ...p, expression: expression(p.expression) };
      default:
        return p;
    }
  };
  /** EXISTS / NOT EXISTS inside an expression carry patterns too. */
  const expression = (e: sparqljs.Expression): sparqljs.Expression => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || !('type' in e) || e.type !== 'operation') return e;
    if (e.operator === 'exists' || e.operator === 'notexists')
      return { ...e, args: (e.args as Pattern[]).map(restrict) };
    return { ...e, args: e.args.map((a) => expression(a as sparqljs.Expression)) };
  };
  return patterns.map(restrict);
}

/** `GRAPH ?g {}`: no pattern inside, so nothing but the graph's name to match. */
function isEmpty(p: sparqljs.GraphPattern): boolean {
  return p.patterns.every((q) => q.type === 'bgp' && q.triples.length === 0);
}

/** A group without solutions: `{ FILTER(false) }`. */
const NOTHING: sparqljs.GroupPattern = {
  type: 'group',
  patterns: [
    {
      type: 'filter',
      expression: { termType: 'Literal', value: 'false', datatype: named('http://www.w3.org/2001/XMLSchema#boolean') },
    } as sparqljs.FilterPattern,
  ],
};

/** `VALUES ?g { <named graphs> }`; none but the empty graph: no solution. */
function listed(name: sparqljs.VariableTerm, namedGraphs: readonly string[]): Pattern {
  const names = namedGraphs.filter((g) => g !== NO_GRAPH);
  if (names.length === 0) return NOTHING;
  return { type: 'values', values: names.map((g) => ({ [`?${name.value}`]: named(g) })) };
}

/**
 * `?g` one of the documents' graphs the service registered: a subquery, so that only ?g shows,
 * naming the registry through a variable, which Virtuoso follows under any dataset (it matches
 * `GRAPH <registry>` only when no default-graph-uri or FROM is given).
 */
function registeredGraphs(name: sparqljs.VariableTerm): sparqljs.SelectQuery {
  const registry = { termType: 'Variable', value: '__registry' } as sparqljs.VariableTerm;
  return {
    type: 'query',
    queryType: 'SELECT',
    prefixes: {},
    variables: [name],
    where: [
      { type: 'values', values: [{ [`?${registry.value}`]: named(REGISTRY_GRAPH) }] },
      {
        type: 'graph',
        name: registry,
        patterns: [
          { type: 'bgp', triples: [{ subject: name, predicate: named(RDF_TYPE), object: named(REGISTERED_CLASS) }] },
        ],
      },
      notInternal(name),
    ],
  };
}

/** The graph <iri> is a document's graph the service registered. */
function isRegistered(iri: sparqljs.IriTerm): sparqljs.GraphPattern {
  return {
    type: 'graph',
    name: named(REGISTRY_GRAPH),
    patterns: [
      { type: 'bgp', triples: [{ subject: iri, predicate: named(RDF_TYPE), object: named(REGISTERED_CLASS) }] },
    ],
  };
}

function notInternal(name: sparqljs.VariableTerm): sparqljs.FilterPattern {
  return {
    type: 'filter',
    expression: {
      type: 'operation',
      operator: '!',
      args: [
        {
          type: 'operation',
          operator: 'strstarts',
          args: [
            { type: 'operation', operator: 'str', args: [name] },
            { termType: 'Literal', value: INTERNAL_GRAPH_PREFIX } as sparqljs.LiteralTerm,
          ],
        },
      ],
    },
  };
}
