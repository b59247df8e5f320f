/**
 * Where curators' SPARQL runs: over the entity graphs only (shape hints and other internal
 * graphs are invisible), never on the thread or the store copy that answers dereferences, and
 * stopped for real when it runs past its time. The embedded store implements it with a query
 * worker holding its own copy of the entity graphs (store/embedded/QueryWorkerPool.ts); a
 * remote SPARQL 1.1 store will implement it over HTTP.
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

export interface SparqlEngine {
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

  /** What an operator sees of an engine with workers of its own (/metrics); absent for an engine that has none (a remote store). */
  status?(): EngineStatus;
}

/** The state of an engine's query workers (replicas), read when /metrics is scraped. */
export interface EngineStatus {
  /** Workers answering requests. */
  readonly ready: number;
  /** Workers started and still being seeded with the entity graphs. */
  readonly seeding: number;
  /** Workers started since the service started (each replaces one stopped, e.g. after a query ran out of time). */
  readonly starts: number;
  /** Seconds the last seeding took (from the worker's start to its first request), once one has ended. */
  readonly lastSeedSeconds: number | undefined;
  /** Requests being run, and requests waiting for a worker. */
  readonly running: number;
  readonly waiting: number;
}
