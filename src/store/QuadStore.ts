/**
 * The store behind the service: named graphs of quads, one graph per Linked Art entity,
 * plus the internal graphs that hold shape hints. The embedded Oxigraph store implements it
 * now; a remote SPARQL 1.1 store will implement it later, so nothing here may assume Oxigraph.
 *
 * All methods are asynchronous: the embedded store does its synchronous work in a worker
 * thread, and a remote store does it over HTTP.
 */
import type { Quad } from '../rdf/terms.js';

import type { QueryResult } from '../sparql/QueryResult.js';

/** Results of a SPARQL query (defined with the SPARQL layer, which the stores serve). */
export type { QueryResult } from '../sparql/QueryResult.js';

/**
 * Graphs read in a write's turn before it is made (QuadStore.readForWrite), handed to the write:
 * what the caller needs of them (a document's digest, the version its history copies out) and
 * what the store reads before replacing them come from one read.
 */
export interface GraphsRead {
  /** The graphs read (one that holds nothing is among them, with no quads). */
  readonly names: ReadonlySet<string>;
  readonly quads: readonly Quad[];
}

/**
 * Graphs a write fills from others, as graph written → graph copied: the graph written holds,
 * besides the quads the write gives it, those the copied graph held just before the write (a
 * document's live graphs copied out as a past version while the same write replaces them).
 */
export type GraphCopies = ReadonlyMap<string, string>;

export interface QuadStore {
  /** What it can do beyond this interface (capabilities.ts: ask with capabilitiesOf). */
  readonly capabilities?: import('./StoreCapabilities.js').StoreCapabilities;

  /**
   * Replace named graphs atomically and durably: once the promise resolves, every graph in
   * `graphs` holds exactly the given quads (an empty array removes the graph), and this
   * survives a crash (kill -9) of the process. Either all graphs change or none does.
   * The graph term of each given quad is ignored; the map key names the graph.
   * `absent`: graphs the caller knows hold nothing now (a load's new documents into a store that
   * held none, the feed's next activities): a store that must read a graph before replacing it
   * (the remote store) need not read these.
   * `expected`: the stored digest each document replaced must still have (undefined: none stored)
   * for the write to apply, on a store other processes write to (the remote store); otherwise it
   * rejects with WriteConflict (WriteConflict.ts) and stores nothing. A store with one writer
   * (the embedded store, its writes in one queue) need not check.
   * `read`: graphs this store's readForWrite read in the same turn, not read again.
   */
  replaceGraphs(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    absent?: ReadonlySet<string>,
    expected?: ReadonlyMap<string, string | undefined>,
    read?: GraphsRead,
  ): Promise<void>;

  /**
   * replaceGraphs where the change feed's new activity graphs among `absent` (numbered on from the
   * feed's end as this process knew it) take the first free numbers in the store, in the same
   * atomic write, on a store other processes write to (the remote store: two processes' writes
   * of different documents then never take one number, nor does either lose its place). Resolves
   * with each activity's number as given → as stored (one not placed is absent: it kept its number).
   */
  replaceGraphsPlacing?(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    absent?: ReadonlySet<string>,
    expected?: ReadonlyMap<string, string | undefined>,
    read?: GraphsRead,
  ): Promise<ReadonlyMap<number, number>>;

  /**
   * replaceGraphs for graphs already encoded (src/rdf/wireGraphs.ts), where the store can
   * take them so: the embedded store posts them to its worker as they are. `copies`: graphs among
   * them that also get the quads another graph held before this write (GraphCopies), on a store
   * whose capabilities say graphCopies.
   */
  replaceWireGraphs?(graphs: import('../rdf/wireGraphs.js').WireGraphs, copies?: GraphCopies): Promise<void>;

  /**
   * The quads of the given named graphs, read with a SPARQL CONSTRUCT, in one round trip.
   * Each returned quad carries its graph name. A graph that does not exist has no quads.
   */
  readGraphs(names: readonly string[]): Promise<Quad[]>;

  /**
   * readGraphs, kept to be handed to the write that follows in the same turn (replaceGraphs'
   * `read`), where a store reads a write's graphs before it (the remote store: it writes only
   * the difference). The write's own checks still hold: a document changed since is a WriteConflict.
   */
  readForWrite?(names: readonly string[]): Promise<GraphsRead>;

  /** Whether a named graph exists (has at least one quad). */
  hasGraph(name: string): Promise<boolean>;

  /** Names of all named graphs, in no particular order. */
  listGraphs(): Promise<string[]>;

  /**
   * listGraphs without the internal graphs (the documents' own), where a store can leave them
   * out as it reads (the remote store: three in four of its graphs are internal).
   */
  listDocumentGraphs?(): Promise<string[]>;

  /** Run a SPARQL 1.1 query over the dataset (default graph = union of the named graphs). */
  query(sparql: string): Promise<QueryResult>;

  /** Run a SPARQL 1.1 Update, durably (survives kill -9 once resolved). */
  update(sparql: string): Promise<void>;

  /**
   * Where curators' SPARQL runs: the entity graphs only, off the path of document reads and
   * writes, with a real time limit (src/sparql/SparqlEngine.ts).
   */
  sparqlEngine(): import('../sparql/SparqlEngine.js').SparqlEngine;

  /**
   * On a store other processes write to (the remote store): a value that changes with every
   * write committed to it, by any process, and never comes back. Render caches use it to know
   * whether anything was written since they last looked. Absent when this process is the only writer.
   */
  writeGeneration?(): Promise<string>;

  /**
   * What the store can do now (StoreCondition.ts): a store that can refuse writes while reads go
   * on (the embedded store, its disk full) or fail says so here. Absent: always 'ok'.
   */
  condition?(): import('./StoreCondition.js').StoreCondition;

  /** Number of quads in the whole store. */
  size(): Promise<number>;

  /** Flush, compact if useful, release the data directory. */
  close(): Promise<void>;
}
