/**
 * A curator's SPARQL Update, tried on the query replica and undone there: what would it do to
 * which entity graphs? SPARQL gives no list of changes, so each operation's target graphs are
 * read off the update itself (sparqljs): IRIs in its templates, the values its WHERE binds to
 * a template's graph variable, the graphs a CLEAR / DROP / COPY / MOVE / ADD names. Those graphs
 * are copied before the operation runs (as Oxigraph's own quads: put back, their blank nodes are
 * the same nodes the default graph's triples use, so the replica is exactly as before), read
 * after the last one, and given back their copies.
 *
 * Operations run one at a time (the graphs of the second may depend on what the first wrote).
 * An update writing into the default graph (the union of the documents, kept by the replica),
 * or into an internal graph, is refused: a curator's data belongs in a document's graph
 * (GRAPH <id> { ... } or WITH <id>). A WHERE clause without GRAPH matches the union.
 */
import sparqljs from 'sparqljs';
import { refusal } from '../../sparql/updateRefusals.js';
import type { PlainQuad } from '../../rdf/terms.js';
import { isInternalGraph } from '../internalGraphs.js';
import type { Engine, GraphCopy } from './engine.js';

type Update = sparqljs.Update;
type Operation = sparqljs.UpdateOperation;
type Quads = sparqljs.Quads;

/** An update this endpoint will not run; nothing was changed. */
export class TrialRefused extends Error {
  override name = 'UpdateRefused';
}

/** The graphs an operation writes to: by name, plus the default graph. */
interface Targets {
  readonly graphs: Set<string>;
  defaultGraph: boolean;
}

export function tryUpdate(engine: Engine, sparql: string): Array<[string, PlainQuad[]]> {
  const parsed = new sparqljs.Parser().parse(sparql);
  if (parsed.type !== 'update') throw new TrialRefused('This is a query, not an update.');
  const before = new Map<string, GraphCopy>();
  const sizeBefore = engine.size();
  // The next operation's WHERE must see this one's changes in the default graph too: with more
  // than one, the default graph (the union) follows each operation's graphs, and is put back after.
  const many = parsed.updates.length > 1;
  try {
    for (const op of parsed.updates) {
      const targets = targetsOf(op, engine);
      if (targets.defaultGraph) {
        throw new TrialRefused(refusal.defaultGraph());
      }
      for (const g of targets.graphs) {
        if (isInternalGraph(g)) throw new TrialRefused(refusal.internalGraph(g));
        if (!before.has(g)) before.set(g, engine.copyGraph(g));
      }
      const changing = many ? [...targets.graphs].map((g) => engine.copyGraph(g)) : [];
      engine.update(many ? operationText(parsed, op) : sparql);
      engine.keepUnionAfter(changing);
    }
    return [...before.keys()].map((g) => [g, engine.readGraphs([g])]);
  } finally {
    const changed = many ? [...before.keys()].map((g) => engine.copyGraph(g)) : [];
    for (const copy of before.values()) engine.putBack(copy);
    engine.keepUnionAfter(changed);
    // A graph the analysis above missed would now differ from the store's: say so rather than drift.
    if (engine.size() !== sizeBefore) throw new ReplicaDiverged();
  }
}

/** The replica no longer matches the store; it must be rebuilt (and the update refused). */
export class ReplicaDiverged extends Error {
  override name = 'ReplicaDiverged';
  constructor() {
    super('the update changed graphs it did not name; the query replica is being rebuilt');
  }
}

function operationText(update: Update, op: Operation): string {
  return new sparqljs.Generator().stringify({
    type: 'update',
    prefixes: update.prefixes,
    base: update.base,
    updates: [op],
  });
}

// ---- Which graphs an operation writes -------------------------------------------------------

function targetsOf(op: Operation, engine: Engine): Targets {
  const targets: Targets = { graphs: new Set(), defaultGraph: false };
  if ('updateType' in op) {
    const templates: Quads[] = [...('insert' in op ? op.insert : []), ...('delete' in op ? op.delete : [])];
    const g = op.graph;
    const withGraph = g === undefined ? undefined : 'termType' in g ? g.value : g.name?.value;
    const variables = new Set<string>();
    for (const q of templates) {
      if (q.type === 'bgp') {
        if (withGraph) targets.graphs.add(withGraph);
        else targets.defaultGraph = true;
      } else if (q.name.termType === 'NamedNode') targets.graphs.add(q.name.value);
      else variables.add(q.name.value);
    }
    if (variables.size > 0) {
      const where: sparqljs.Pattern[] = op.updateType === 'insertdelete' ? op.where : templates.map(asPattern);
      const from =
        op.updateType === 'insertdelete'
          ? (op.using ?? (op.graph ? { default: [op.graph], named: [] } : undefined))
          : undefined;
      for (const g of graphsBound(engine, [...variables], where, from)) targets.graphs.add(g);
    }
    return targets;
  }
  switch (op.type) {
    case 'load':
      throw new TrialRefused(refusal.load(op.source.value));
    case 'clear':
    case 'drop':
    case 'create':
      addGraph(targets, op.graph, engine);
      return targets;
    case 'copy':
    case 'add':
      addGraph(targets, op.destination, engine);
      return targets;
    case 'move':
      addGraph(targets, op.source, engine);
      addGraph(targets, op.destination, engine);
      return targets;
  }
}

function addGraph(targets: Targets, ref: sparqljs.GraphReference, engine: Engine): void {
  if (ref.name) targets.graphs.add(ref.name.value);
  else if (ref.default) targets.defaultGraph = true;
  else if (ref.named || ref.all) {
    for (const g of engine.listGraphs()) targets.graphs.add(g);
    if (ref.all) targets.defaultGraph = true;
  }
}

/** A template (DELETE WHERE's) as the pattern it also is. */
function asPattern(q: Quads): sparqljs.Pattern {
  const bgp: sparqljs.BgpPattern = { type: 'bgp', triples: q.triples };
  return q.type === 'bgp' ? bgp : { type: 'graph', name: q.name, patterns: [bgp] };
}

/** The IRIs the WHERE clause binds to these variables (the template's graph names), on the dataset the update sees. */
function graphsBound(
  engine: Engine,
  variables: string[],
  where: sparqljs.Pattern[],
  from: { default: sparqljs.IriTerm[]; named: sparqljs.IriTerm[] } | undefined,
): string[] {
  const query: sparqljs.SelectQuery = {
    type: 'query',
    queryType: 'SELECT',
    prefixes: {},
    distinct: true,
    where,
    from,
    variables: variables.map((v) => ({ termType: 'Variable', value: v }) as sparqljs.VariableTerm),
  };
  const result = engine.query(new sparqljs.Generator().stringify(query), 'asWritten');
  const out = new Set<string>();
  if (result.kind !== 'bindings') return [];
  for (const row of result.rows) for (const v of variables) if (row[v]?.t === 'N') out.add(row[v].v);
  return [...out];
}
