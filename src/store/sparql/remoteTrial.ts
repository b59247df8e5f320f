/**
 * A curator's SPARQL Update tried against a remote store without changing it: the same contract
 * as the embedded trial (store/embedded/trialUpdate.ts: the graphs it touches and their quads
 * after it; LOAD, writes into the default graph and into internal graphs refused, with the same
 * messages). The store only matches data: each operation's WHERE is sent as a `SELECT *`, and
 * SPARQL 1.1 Update's semantics (templates made ground per solution, DELETE before INSERT,
 * CLEAR / DROP / COPY / MOVE / ADD) are evaluated here, on copies of the graphs read.
 *
 * The store cannot see what earlier operations of the same update did, so an operation that
 * matches data after an earlier one changed some is refused (the curator can send them apart).
 */
import sparqljs from 'sparqljs';
import { refusal } from '../../sparql/updateRefusals.js';
import { fromPlainQuad, type PlainQuad, type Quad } from '../../rdf/terms.js';
import { SparqlRefused, UpdateRefused } from '../../sparql/errors.js';
import { isInternalGraph } from '../internalGraphs.js';
import { NO_GRAPH, UNION_GRAPH } from './graphWrites.js';
import type { SparqlHttp } from './SparqlHttp.js';
import { fromStored } from './storedTerms.js';
import { StoreReader, type Solution, type WhereDataset } from './trial/storeReader.js';
import { BlankScope, FreshNodes, groundQuads } from './trial/templates.js';
import { WorkingCopy } from './trial/workingCopy.js';

type Operation = sparqljs.UpdateOperation;
type InsertDelete = sparqljs.InsertDeleteOperation;

export async function tryUpdateRemotely(
  http: SparqlHttp,
  sparql: string,
  timeoutMs: number,
): Promise<Map<string, Quad[]>> {
  const parsed = new sparqljs.Parser().parse(sparql);
  if (parsed.type !== 'update') throw new UpdateRefused('This is a query, not an update.');
  const trial = new Trial(new StoreReader(http, Date.now() + timeoutMs));
  for (const [i, op] of parsed.updates.entries()) {
    if (matchesData(op) && trial.copy.changed()) {
      throw new UpdateRefused(
        `On a remote store, an update whose operation ${i + 1} matches data after earlier operations changed it cannot be tried; ` +
          'send the operations as separate updates (each is checked and committed on its own).',
      );
    }
    await trial.run(op);
  }
  return trial.result();
}

class Trial {
  readonly copy: WorkingCopy;
  private readonly targets = new Set<string>();
  private readonly fresh = new FreshNodes();

  constructor(private readonly reader: StoreReader) {
    this.copy = new WorkingCopy(reader);
  }

  async run(op: Operation): Promise<void> {
    if ('updateType' in op) return this.insertDelete(op);
    switch (op.type) {
      case 'load':
        throw new UpdateRefused(refusal.load(op.source.value));
      case 'clear':
      case 'drop':
        return this.clearDrop(op);
      case 'create':
        return this.create(op);
      default:
        return this.copyMoveAdd(op);
    }
  }

  async result(): Promise<Map<string, Quad[]>> {
    await this.copy.load(this.targets);
    const out = new Map<string, Quad[]>();
    for (const g of this.targets) {
      out.set(
        g,
        this.copy.quads(g).map(([s, p, o]) => fromPlainQuad([fromStored(s), p, fromStored(o), { t: 'N', v: g }])),
      );
    }
    return out;
  }

  /** Adds the graphs an operation writes, refusing the default graph and internal graphs (trialUpdate.ts's order and words). */
  private async target(graphs: Iterable<string>, defaultGraph = false): Promise<void> {
    if (defaultGraph) {
      throw new UpdateRefused(refusal.defaultGraph());
    }
    for (const g of graphs) {
      if (isInternalGraph(g)) throw new UpdateRefused(refusal.internalGraph(g));
      this.targets.add(g);
    }
    await this.copy.load(this.targets);
  }

  private async insertDelete(op: InsertDelete): Promise<void> {
    const inserts = 'insert' in op ? op.insert : [];
    const deletes = 'delete' in op ? op.delete : [];
    const withGraph = graphName(op.graph);
    const named = new Set<string>();
    const variables = new Set<string>();
    let defaultGraph = false;
    for (const q of [...inserts, ...deletes]) {
      if (q.type === 'bgp') {
        if (withGraph === undefined) defaultGraph = true;
        else named.add(withGraph);
      } else if (q.name.termType === 'NamedNode') named.add(q.name.value);
      else variables.add(q.name.value);
    }
    await this.target(named, defaultGraph);
    if (op.updateType === 'insert' || op.updateType === 'delete') {
      // INSERT DATA / DELETE DATA: one scope of blank nodes for the whole operation.
      const quads = groundQuads(inserts.length > 0 ? inserts : deletes, {}, withGraph, new BlankScope(this.fresh));
      if (op.updateType === 'insert') this.copy.insert(quads);
      else this.copy.delete(quads);
      return;
    }
    const solutions = await this.solutions(op);
    const bound = new Set<string>();
    for (const s of solutions) for (const v of variables) if (s[v]?.t === 'N') bound.add(s[v].v);
    await this.target(bound);
    const removed = solutions.flatMap((s) => groundQuads(deletes, s, withGraph, new BlankScope(this.fresh)));
    // A blank node in an INSERT template is a new node for every solution.
    const added = solutions.flatMap((s) => groundQuads(inserts, s, withGraph, new BlankScope(this.fresh)));
    this.copy.delete(removed);
    this.copy.insert(added);
  }

  /** The WHERE's solutions on the dataset the operation names (USING, else WITH, else the union of the documents). */
  private async solutions(op: InsertDelete & { updateType: 'insertdelete' | 'deletewhere' }): Promise<Solution[]> {
    const where = op.updateType === 'insertdelete' ? op.where : op.delete.map(asPattern);
    if (where.length === 0) return [{}];
    let dataset: WhereDataset;
    if (op.updateType === 'insertdelete' && op.using && op.using.default.length + op.using.named.length > 0) {
      // The store's own graphs stay invisible, as on the embedded store (the replica has none).
      const visible = (graphs: sparqljs.IriTerm[]): string[] => {
        const out = graphs.map((g) => g.value).filter((g) => !isInternalGraph(g));
        return out.length > 0 ? out : [NO_GRAPH];
      };
      // Both lists given: the store then keeps GRAPH ?g to the named ones (Virtuoso ignores an absent FROM NAMED).
      dataset = { default: visible(op.using.default), named: visible(op.using.named), restrict: false };
    } else {
      const withGraph = graphName(op.graph);
      const dflt = withGraph === undefined ? UNION_GRAPH : isInternalGraph(withGraph) ? NO_GRAPH : withGraph;
      dataset = { default: [dflt], named: [], restrict: true };
    }
    const rows = await this.reader.solutions(where, dataset);
    // Blank nodes in the answer (BNODE()) are scoped to the result set.
    const scope = new BlankScope(this.fresh);
    for (const row of rows) for (const [k, v] of Object.entries(row)) if (v.t === 'B') row[k] = scope.node(v.v);
    return rows;
  }

  private async clearDrop(op: sparqljs.ClearDropOperation): Promise<void> {
    const ref = op.graph;
    if (!ref.name && !ref.named) return this.target([], true);
    const graphs = ref.name
      ? [ref.name.value]
      : [...new Set([...(await this.reader.registeredGraphs()), ...this.copy.nonEmpty()])];
    await this.target(graphs);
    for (const g of graphs) {
      if (ref.name && !op.silent && !this.copy.exists(g)) throw couldNot(`The graph <${g}> does not exist`);
      if (op.type === 'clear') this.copy.clear(g);
      else this.copy.drop(g);
    }
  }

  private async create(op: sparqljs.CreateOperation): Promise<void> {
    const g = graphName(op.graph);
    if (g === undefined) return this.target([], true);
    await this.target([g]);
    if (this.copy.exists(g) && !op.silent) throw couldNot(`The graph <${g}> already exists`);
    this.copy.create(g);
  }

  private async copyMoveAdd(op: sparqljs.CopyMoveAddOperation): Promise<void> {
    const to = graphName(op.destination);
    const from = graphName(op.source);
    const moved = op.type === 'move' ? [from] : [];
    await this.target(
      [to, ...moved].filter((g): g is string => g !== undefined),
      to === undefined || moved.includes(undefined),
    );
    if (from === to) return;
    const destination = to!;
    // The source's triples, or undefined for a graph that does not exist (internal graphs are not in the embedded replica).
    let triples: PlainQuad[] | undefined;
    if (from === undefined) triples = (await this.reader.graphs([UNION_GRAPH])).get(UNION_GRAPH) ?? [];
    else if (!isInternalGraph(from)) {
      await this.copy.load([from]);
      if (this.copy.exists(from)) triples = this.copy.quads(from);
    }
    if (triples === undefined && op.type === 'move' && !op.silent) throw couldNot(`The graph <${from}> does not exist`);
    // As Oxigraph does: COPY and MOVE (SILENT) of a missing graph leave the destination empty, ADD leaves it alone.
    if (op.type !== 'add') this.copy.drop(destination);
    this.copy.insert((triples ?? []).map(([s, p, o]) => [s, p, o, { t: 'N', v: destination }]));
    if (op.type === 'move' && from !== undefined) this.copy.drop(from);
  }
}

/** An operation the embedded store would reject while running it, in the words the replica's refusal uses. */
function couldNot(why: string): SparqlRefused {
  return new SparqlRefused(`The store could not run this: ${why}`);
}

function graphName(g: sparqljs.GraphOrDefault | sparqljs.IriTerm | undefined): string | undefined {
  return g === undefined ? undefined : 'termType' in g ? g.value : g.name?.value;
}

/** A DELETE WHERE's template as the pattern it also is. */
function asPattern(q: sparqljs.Quads): sparqljs.Pattern {
  const bgp: sparqljs.BgpPattern = { type: 'bgp', triples: q.triples };
  return q.type === 'bgp' ? bgp : { type: 'graph', name: q.name, patterns: [bgp] };
}

/** Whether the operation's outcome depends on data the store holds (then the store must not be stale). */
function matchesData(op: Operation): boolean {
  if ('updateType' in op)
    return op.updateType === 'deletewhere' || (op.updateType === 'insertdelete' && op.where.some(readsData));
  return (op.type === 'copy' || op.type === 'move' || op.type === 'add') && graphName(op.source) === undefined;
}

function readsData(p: sparqljs.Pattern): boolean {
  switch (p.type) {
    case 'bgp':
      return p.triples.length > 0;
    case 'values':
      return false;
    case 'bind':
    case 'filter':
      return expressionReads(p.expression);
    case 'group':
    case 'optional':
    case 'union':
    case 'minus':
      return p.patterns.some(readsData);
    default:
      return true; // GRAPH, SERVICE, subqueries
  }
}

function expressionReads(e: sparqljs.Expression): boolean {
  if (typeof e !== 'object' || e === null || Array.isArray(e) || !('type' in e)) return false;
  if (e.type === 'operation' && (e.operator === 'exists' || e.operator === 'notexists')) return true;
  if (e.type === 'operation' || e.type === 'functionCall')
    return (e.args as sparqljs.Expression[]).some(expressionReads);
  if (e.type === 'aggregate') return expressionReads(e.expression as sparqljs.Expression);
  return false;
}
