/**
 * Where curators' SPARQL runs: over the entity graphs only (shape hints and other internal
 * graphs are invisible), never on the thread or the store copy that answers dereferences, and
 * stopped for real when it runs past its time. The embedded store implements it with a query
 * worker holding its own copy of the entity graphs (store/embedded/ReplicaPool.ts); a remote
 * SPARQL 1.1 store implements it over HTTP (store/sparql/RemoteSparqlEngine.ts).
 */
import type { Quad } from '../rdf/terms.js';
import type { QueryResult } from './QueryResult.js';

/**
 * The RDF dataset of a query, from the protocol's default-graph-uri / named-graph-uri (SPARQL 1.1
 * Protocol §2.1.4). Given (either list not empty), it is the whole dataset and replaces the
 * query's FROM / FROM NAMED: a list not given is an empty part (named graphs alone: an empty
 * default graph; default graphs alone: no named graph). Absent: the query's own FROM /
 * FROM NAMED, else the union of every entity graph as the default graph and every entity
 * graph as a named graph.
 */
export interface QueryDataset {
  readonly defaultGraphs?: readonly string[];
  readonly namedGraphs?: readonly string[];
}

/** One query replica of the embedded store (a worker with its own copy of the entity graphs). */
export interface ReplicaStatus {
  /** 'stopped': not started (or terminated, to be started again); 'seeding': being filled; 'ready': answering (or idle). */
  readonly state: 'stopped' | 'seeding' | 'ready';
  /** Whether it is running a request now. */
  readonly busy: boolean;
  /** Quads it holds (named graphs and the union default graph), so far while seeding. */
  readonly quads: number;
  /** Entity graphs seeded so far and in all, for its current (or last) seeding. */
  readonly seededGraphs: number;
  readonly totalGraphs: number;
  /** How long its last completed seeding took (ms), null before one completed. */
  readonly seedMs: number | null;
  /** Times it was started (the first, then after each timeout or failure). */
  readonly starts: number;
  /** Requests it answered (results or errors other than a timeout), over all its starts. */
  readonly answered: number;
}

/** What an engine says of itself for /ready and /metrics: read-only, cheap, never waits. */
export interface SparqlStatus {
  /**
   * 'ready': a query is answered without waiting for a seeding; 'seeding': not yet (queries wait,
   * or get 503 when the wait would pass the time limit); 'lazy': nothing started, the first query
   * starts it (--query-replicas 0).
   */
  readonly state: 'ready' | 'seeding' | 'lazy';
  /** Each replica (embedded store); empty for a remote store. */
  readonly replicas: readonly ReplicaStatus[];
  /** Queries and updates stopped at the time limit since start. */
  readonly timeouts: number;
  /** Starts of the replicas given back since start (auto's standby, idle): counted on, so a total of starts never goes down. */
  readonly startsGivenBack?: number;
  /** While seeding: the expected wait until one replica is ready (ms), null when not known yet. */
  readonly expectedWaitMs: number | null;
}

export interface SparqlEngine {
  /** Starts getting ready to answer, in the background (the embedded store seeds its replicas); returns at once. */
  warmUp(): void;

  /** Where it stands: see SparqlStatus. */
  status(): SparqlStatus;

  /** Runs a query (already checked by parseSparql). Rejects with QueryTimedOut after timeoutMs, the query stopped. */
  query(sparql: string, dataset: QueryDataset, timeoutMs: number): Promise<QueryResult>;

  /**
   * Runs an update on a trial basis and answers what it would do, changing nothing: each entity
   * graph it touched, with its quads after the update ([] when the update empties it).
   * Rejects with UpdateRefused when the update writes outside the entity graphs (into the
   * default graph or an internal graph), with QueryTimedOut after timeoutMs.
   */
  tryUpdate(sparql: string, timeoutMs: number): Promise<Map<string, Quad[]>>;

  /** Stops the engine's threads or connections. */
  close(): Promise<void>;
}
