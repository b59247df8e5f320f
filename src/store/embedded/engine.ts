/**
 * The Oxigraph store as the worker uses it: synchronous, in memory, no durability of its own.
 *
 * Results leave Oxigraph as text (N-Triples for CONSTRUCT, SPARQL JSON for SELECT/ASK) and are
 * turned into PlainQuads/PlainTerms here: measured, this beats walking Oxigraph's JS term
 * objects (fewer WASM boundary crossings, and no finalizer churn that shows up as p95 spikes).
 */
import { Store, namedNode, blankNode, defaultGraph, quad, type Quad as OxigraphQuad } from 'oxigraph';
import type { PlainQuad, PlainTerm } from '../../rdf/terms.js';
import { checkGraphIri, parseNTriples } from '../../rdf/syntax/plainNQuads.js';
import { iri } from '../../rdf/sparqlTerm.js';
import { isHintGraph } from '../../hints/Skeleton.js';
import { hintGraphText } from './hintGraphText.js';
import { unpackedText } from './packedGraph.js';
import { isInternalGraph } from '../internalGraphs.js';
import type { ShapeApart } from './shapeApart.js';
import { fromSparqlJson } from '../../sparql/results/readJson.js';
import type { PlainQueryResult } from './protocol.js';

const NQUADS = 'application/n-quads';
const NTRIPLES = 'application/n-triples';
const TRIG = 'application/trig';
const SPARQL_JSON = 'application/sparql-results+json';
const TSV = 'text/tab-separated-values';
const DEFAULT_GRAPH: PlainTerm = { t: 'D', v: '' };

type QueryOptions = NonNullable<Parameters<Store['query']>[1]>;

/** What a replacement overwrites (Engine.overwritten). */
export interface Overwritten {
  /** The graphs that held quads, each with them as N-Triples. */
  graphs: Array<readonly [string, string]>;
  /** The N-Triples' total length in characters: about the bytes the snapshot or log holds for them. */
  chars: number;
}

/** One update emptying the named graphs ('' for none). */
function dropGraphs(names: readonly string[]): string {
  return [...new Set(names)].map((n) => `DROP SILENT GRAPH ${iri(checkGraphIri(n))}`).join(' ;\n');
}

/**
 * A named graph's quads as Oxigraph holds them, blank nodes included: put back (putBack), the
 * graph is the very same graph, where text loaded again would get fresh blank nodes.
 */
export interface GraphCopy {
  readonly name: string;
  readonly quads: readonly OxigraphQuad[];
}

/** A graph of the store: an IRI, a blank node label (only reachable through raw loads), or the default graph. */
export type GraphRef = { t: 'N' | 'B'; v: string } | { t: 'D' };

/**
 * The query form (SELECT, ASK, CONSTRUCT, DESCRIBE) after the prologue (BASE/PREFIX) and
 * comments, or null if it cannot be told.
 */
export function queryForm(sparql: string): string | null {
  const skip = /(?:\s+|#[^\n\r]*|BASE\s*<[^>]*>|PREFIX\s*[^\s:]*:\s*<[^>]*>)/iy;
  let i = 0;
  for (;;) {
    skip.lastIndex = i;
    if (!skip.exec(sparql)) break;
    if (skip.lastIndex === i) break;
    i = skip.lastIndex;
  }
  const m = /(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/iy;
  m.lastIndex = i;
  const r = m.exec(sparql);
  return r ? r[1].toUpperCase() : null;
}

/**
 * N-Quads of named graphs (one quad a line, ending ` <graph> .`, as the store writes them) followed
 * by the same triples in the default graph: one text, so that Oxigraph loads both copies in one
 * call and their blank nodes are the same nodes (Engine.replaceGraphsKeepingUnion).
 */
export function withDefaultCopy(nquads: string): string {
  return nquads + nquads.replace(/ <[^<> ]*> \.$/gm, ' .');
}

/** Graph names tracked as written since the store was empty, at most (a hash each). */
const MAX_TRACKED_GRAPHS = 4_000_000;

/** FNV-1a (32 bits) of a graph name. */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Engine {
  private readonly store = new Store();

  /**
   * While every change to the store since it was empty came through replaceGraphs (or its
   * replay): a hash of each graph name written, so overwritten() knows a graph never written
   * holds nothing without dumping it (6 µs a graph: 0.3 s of a 20,000-document fresh load).
   * A hash that collides only costs that dump. Null once anything else changed the store.
   */
  private writtenSinceEmpty: Set<number> | null = new Set();

  /**
   * `unionDefault`: a query's default graph is the union of all graphs as Oxigraph computes it
   * (the store worker, whose queries are the service's own). Off for the query replica, whose
   * stored default graph is kept as the set union of its graphs (replaceGraphsKeepingUnion).
   */
  constructor(private readonly unionDefault = true) {}

  private noteWritten(names: readonly string[]): void {
    const written = this.writtenSinceEmpty;
    if (written === null) return;
    for (const name of names) written.add(nameHash(name));
    if (written.size > MAX_TRACKED_GRAPHS) this.writtenSinceEmpty = null;
  }

  /**
   * What replacing these graphs overwrites: each one holding quads, with them as N-Triples (the
   * undo copy replaceGraphs needs), and their size in characters (the data the replacement
   * makes dead). A graph holding nothing costs one empty dump (~6 µs), cheaper than asking for
   * the batch's graphs in one query (measured: the same for new graphs, worse for existing ones).
   */
  overwritten(names: readonly string[]): Overwritten {
    const graphs: Array<readonly [string, string]> = [];
    let chars = 0;
    for (const name of new Set(names)) {
      if (this.writtenSinceEmpty !== null && !this.writtenSinceEmpty.has(nameHash(name))) continue;
      const nt = this.store.dump({ format: NTRIPLES, from_graph_name: namedNode(checkGraphIri(name)) });
      if (nt.length === 0) continue;
      graphs.push([name, nt]);
      chars += nt.length;
    }
    return { graphs, chars };
  }

  /**
   * Replaces the named graphs with `nquads` (which holds quads of those graphs only, as text or
   * UTF-8 bytes), as one change: if Oxigraph rejects the data (an invalid IRI, language tag, ...)
   * the graphs get their previous quads back (`before`, from overwritten()) and the error is
   * thrown. No other message runs in between (the worker is single threaded), so readers never
   * see a partial replacement. Only the graphs that held quads are dropped first: dropping an
   * empty one would at most forget an empty named graph, which no snapshot keeps either.
   * `plain`: every IRI and language tag in `nquads` is of a form its checks accept
   * (plainTerms.ts), so they are skipped; the text itself is still parsed as N-Quads.
   */
  replaceGraphs(
    names: readonly string[],
    nquads: string | Uint8Array,
    before: Overwritten,
    plain = false,
    /** Quads the store's own dump gave (graphCopies.ts), loaded after `nquads` unchecked. */
    copied = '',
  ): void {
    const drop = dropGraphs(before.graphs.map(([n]) => n));
    if (drop) this.store.update(drop);
    this.noteWritten(names);
    try {
      // Validating (unless `plain`), but not transactional (20% faster): on failure the graphs may
      // hold part of the new quads, so they are all emptied again and given their old quads back.
      if (nquads.length > 0) this.store.load(nquads, { format: NQUADS, no_transaction: true, lenient: plain });
      if (copied.length > 0) this.store.load(copied, { format: NQUADS, no_transaction: true, lenient: true });
    } catch (err) {
      this.restoreOverwritten(names, before);
      throw err;
    }
  }

  /** The named graphs emptied and given back what they held before a replacement (`before`, from overwritten()). */
  restoreOverwritten(names: readonly string[], before: Overwritten): void {
    this.store.update(dropGraphs(names));
    for (const [n, nt] of before.graphs) {
      this.store.load(nt, { format: NTRIPLES, to_graph_name: namedNode(n), no_transaction: true, lenient: true });
    }
  }

  /**
   * A replacement replayed from the log: the data was accepted before, so no validation and
   * no undo copy. `drop` false (a record marked new): its graphs held nothing when it was
   * written, and hold nothing now either, replay having applied the same writes before it on a
   * snapshot taken before them (worker.ts), so there is nothing to empty.
   */
  replayReplace(names: readonly string[], nquads: string | Uint8Array, drop: boolean, copied = ''): void {
    if (drop && names.length > 0) this.store.update(dropGraphs(names));
    this.noteWritten(names);
    if (nquads.length > 0) this.store.load(nquads, { format: NQUADS, no_transaction: true, lenient: true });
    if (copied.length > 0) this.store.load(copied, { format: NQUADS, no_transaction: true, lenient: true });
  }

  /**
   * For the query replica: replaces named graphs as replaceGraphs does (trusted data), and keeps
   * the stored default graph the set union of all named graphs. SPARQL says a dataset's default
   * graph is a graph (a set: a triple stated in ten documents is there once), while Oxigraph's
   * union option yields each triple once per graph. The old triples of these graphs leave the
   * default graph unless another graph still states them; the new ones are loaded twice in one
   * load() call (so their blank nodes are the same nodes), in their graph and in the default graph.
   * `withUnion`: the graphs' N-Quads as withDefaultCopy gives them (a replica's seed gets them so,
   * as UTF-8 made by the store worker, which has time to spare while the replica loads); `fresh`:
   * the caller knows none of these graphs holds anything yet, so there is nothing to take out
   * (the removal is a third of a seed's work).
   */
  replaceGraphsKeepingUnion(names: readonly string[], withUnion: string | Uint8Array, fresh = false): void {
    this.writtenSinceEmpty = null;
    const unique = [...new Set(names)].map((n) => iri(checkGraphIri(n)));
    if (unique.length > 0 && !fresh) {
      this.store.update(
        `DELETE { ?s ?p ?o } WHERE { VALUES ?g { ${unique.join(' ')} } GRAPH ?g { ?s ?p ?o } ` +
          `FILTER NOT EXISTS { GRAPH ?h { ?s ?p ?o } FILTER(?h NOT IN (${unique.join(', ')})) } }`,
      );
      this.store.update(unique.map((g) => `DROP SILENT GRAPH ${g}`).join(' ;\n'));
    }
    if (withUnion.length > 0) this.store.load(withUnion, { format: NQUADS, no_transaction: true, lenient: true });
  }

  /**
   * For the query replica, after named graphs changed by a raw update (`before`: their copies
   * from before it): the stored default graph made the set union again, at the cost of these
   * graphs only. A triple they held leaves it unless a named graph still states it; what they
   * hold now joins it.
   */
  keepUnionAfter(before: readonly GraphCopy[]): void {
    if (before.length === 0) return;
    this.writtenSinceEmpty = null;
    const inDefault = defaultGraph();
    for (const copy of before) {
      for (const q of copy.quads) {
        const stated = this.store
          .match(q.subject, q.predicate, q.object, null)
          .some((m) => m.graph.termType !== 'DefaultGraph');
        if (!stated) this.store.delete(quad(q.subject, q.predicate, q.object, inDefault));
      }
    }
    const unique = [...new Set(before.map((c) => c.name))].map((n) => iri(checkGraphIri(n)));
    if (unique.length > 0)
      this.store.update(`INSERT { ?s ?p ?o } WHERE { VALUES ?g { ${unique.join(' ')} } GRAPH ?g { ?s ?p ?o } }`);
  }

  /** The stored default graph made the set union of all named graphs again (after a raw update). */
  rebuildUnion(): void {
    this.writtenSinceEmpty = null;
    this.store.update('DROP SILENT DEFAULT ; INSERT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }');
  }

  /** The quads of the named graphs (graphTexts, read). */
  readGraphs(names: readonly string[]): PlainQuad[] {
    const out: PlainQuad[] = [];
    const unique = [...new Set(names)];
    const texts = this.graphTexts(unique);
    for (let i = 0; i < unique.length; i++) {
      const g: PlainTerm = { t: 'N', v: unique[i] };
      for (const q of parseNTriples(texts[i], g)) out.push(q);
    }
    return out;
  }

  /**
   * Each named graph's quads as N-Triples, in the order of `names`: Oxigraph's dump of the graph,
   * which reads its index without a SPARQL query to parse and plan (a CONSTRUCT per graph cost
   * 2-4x as much: most of a cold GET's time in the store). `shapes`: filled in the same order with
   * each hint graph's skeleton, read apart from its text (hintGraphText.ts), null for the others.
   */
  graphTexts(names: readonly string[], shapes?: Array<ShapeApart | null>): string[] {
    return names.map((name) => {
      const apart: { shape?: ShapeApart } | undefined = shapes && {};
      // A hint graph's long skeleton literal is cheaper handed over by match (hintGraphText.ts).
      // A past version's graph may be kept packed (packedGraph.ts): read as the quads it holds.
      const packed =
        isInternalGraph(name) && !isHintGraph(name) ? unpackedText(this.store, checkGraphIri(name)) : undefined;
      const text =
        packed ??
        (isHintGraph(name)
          ? hintGraphText(this.store, checkGraphIri(name), apart)
          : this.store.dump({ format: NTRIPLES, from_graph_name: namedNode(checkGraphIri(name)) }));
      shapes?.push(apart?.shape ?? null);
      return text;
    });
  }

  hasGraph(name: string): boolean {
    return this.store.query(`ASK { GRAPH ${iri(checkGraphIri(name))} { ?s ?p ?o } }`) as boolean;
  }

  /** Named graphs holding at least one quad. */
  listGraphs(): string[] {
    return this.selectGraphs('SELECT ?g WHERE { GRAPH ?g {} FILTER EXISTS { GRAPH ?g { ?s ?p ?o } } }')
      .filter((g): g is { t: 'N'; v: string } => g.t === 'N')
      .map((g) => g.v);
  }

  /** Every graph Oxigraph knows (possibly empty ones), default graph last. */
  allGraphs(): GraphRef[] {
    return [...this.selectGraphs('SELECT ?g WHERE { GRAPH ?g {} }'), { t: 'D' }];
  }

  /** Runs a `SELECT ?g` and reads ?g from tab-separated results (terms in N-Triples syntax: 3x faster than JSON here). */
  private selectGraphs(sparql: string): GraphRef[] {
    const tsv = this.store.query(sparql, { results_format: TSV }) as string;
    const out: GraphRef[] = [];
    const lines = tsv.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (line.startsWith('<')) out.push({ t: 'N', v: line.slice(1, line.lastIndexOf('>')) });
      else if (line.startsWith('_:')) out.push({ t: 'B', v: line.slice(2).trimEnd() });
    }
    return out;
  }

  /** One graph as N-Triples (no graph names: the caller wraps it). */
  dumpGraph(g: GraphRef): string {
    const from = g.t === 'N' ? namedNode(g.v) : g.t === 'B' ? blankNode(g.v) : defaultGraph();
    return this.store.dump({ format: NTRIPLES, from_graph_name: from });
  }

  /** Loads a chunk of a snapshot (whole graph blocks, one blank node scope), as N-Quads or as TriG (snapshot.ts). */
  loadSnapshotChunk(chunk: Uint8Array, format: 'nquads' | 'trig'): void {
    this.writtenSinceEmpty = null;
    this.store.load(chunk, { format: format === 'nquads' ? NQUADS : TRIG, no_transaction: true, lenient: true });
  }

  /** Loads a chunk of a TriG snapshot of before (v1). */
  loadTrig(chunk: Uint8Array): void {
    this.loadSnapshotChunk(chunk, 'trig');
  }

  /**
   * SPARQL query over the dataset. Default: the default graph is the union of all graphs.
   * `dataset` instead is the whole dataset, as the protocol's default-graph-uri / named-graph-uri
   * give it (SPARQL 1.1 Protocol §2.1.4): the query's FROM / FROM NAMED are replaced, and a part
   * not given is empty (named graphs only: an empty default graph); `asWritten` runs the query on the dataset its own
   * FROM / FROM NAMED say, or on the real default graph (as an update's WHERE sees it).
   */
  query(
    sparql: string,
    dataset?: { defaultGraphs?: readonly string[]; namedGraphs?: readonly string[] } | 'asWritten',
  ): PlainQueryResult {
    const options: QueryOptions = {};
    if (dataset === undefined) options.use_default_graph_as_union = this.unionDefault;
    else if (dataset !== 'asWritten') {
      // Both parts always set: Oxigraph keeps the query's FROM (or FROM NAMED) for a part left unset.
      options.default_graph = (dataset.defaultGraphs ?? []).map((g) => namedNode(checkGraphIri(g)));
      options.named_graphs = (dataset.namedGraphs ?? []).map((g) => namedNode(checkGraphIri(g)));
    }
    const form = queryForm(sparql);
    if (form !== 'CONSTRUCT' && form !== 'DESCRIBE') {
      let text: string | null = null;
      try {
        text = this.store.query(sparql, { ...options, results_format: SPARQL_JSON }) as string;
      } catch (err) {
        // The form was misjudged: a graph result cannot be written as SPARQL JSON.
        if (!/Not supported RDF format/i.test((err as Error).message)) throw err;
      }
      if (text !== null) return fromSparqlJson(text);
    }
    const nt = this.store.query(sparql, { ...options, results_format: NTRIPLES }) as string;
    return { kind: 'quads', quads: parseNTriples(nt, DEFAULT_GRAPH) };
  }

  update(sparql: string): void {
    this.writtenSinceEmpty = null;
    this.store.update(sparql);
  }

  /** A named graph as it is now, to put back later (a trial's undo). */
  copyGraph(name: string): GraphCopy {
    return { name, quads: this.store.match(null, null, null, namedNode(checkGraphIri(name))) };
  }

  /** Gives a named graph exactly the quads of the copy, the same blank nodes included. */
  putBack(copy: GraphCopy): void {
    this.noteWritten([copy.name]);
    this.store.update(`DROP SILENT GRAPH ${iri(checkGraphIri(copy.name))}`);
    for (const quad of copy.quads) this.store.add(quad);
  }

  size(): number {
    return this.store.size;
  }
}
