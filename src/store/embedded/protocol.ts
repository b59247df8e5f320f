/** Messages between EmbeddedStore (request thread) and its workers. Only plain data crosses. */
import type { MessagePort } from 'node:worker_threads';
import type { PlainQuad, PlainTerm } from '../../rdf/terms.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';
import type { StoreFullDetails } from '../StoreFull.js';
import type { ShapeApart } from './shapeApart.js';

export interface WorkerInit {
  dataDir: string;
  compactAfterBytes: number;
  restoreChunkBytes: number;
  /** `--max-store-mb` in bytes: writes that grow the store past it are refused (storeCeiling.ts). */
  maxStoreBytes?: number;
  /** Seed messages to a query replica hold about this many characters of N-Quads each. */
  seedChunkChars: number;
  /** Snapshot once the log has outgrown the last one and no read or write came for this long (0: never). */
  snapshotWhenIdleMs: number;
  /**
   * The service's reads sent to the worker and not yet answered (one Int32), counted by
   * EmbeddedStore: present, a large replacement is applied in pieces, the worker answering the
   * reads waiting between two (replaceInPieces.ts). Absent (a load, a harvest): applied whole.
   */
  readersWaiting?: SharedArrayBuffer;
}

export type PlainQueryResult =
  | { kind: 'boolean'; value: boolean }
  | { kind: 'bindings'; variables: string[]; rows: Array<Record<string, PlainTerm>> }
  | { kind: 'quads'; quads: PlainQuad[] };

export interface OpenInfo {
  /** Sequence number covered by the snapshot that was loaded (0 = none). */
  snapshotSeq: number;
  snapshotBytes: number;
  /** Log records replayed after the snapshot. */
  replayedRecords: number;
  /** Bytes cut off the end of the log (a torn tail), with the reason. */
  discardedTailBytes: number;
  discardReason: string | null;
  lastSeq: number;
  quads: number;
  restoreMs: number;
  /** With `keptSince` asked: the graphs written after it (recovery.ts LogReplay.writtenSince). */
  writtenSince?: string[] | null;
}

export interface StoreStats {
  lastSeq: number;
  snapshotSeq: number;
  logBytes: number;
  /** fdatasync calls on the log since open (concurrent writes share them). */
  logSyncs: number;
  snapshotBytes: number;
  /** Data made dead since the snapshot (replaced graphs' old quads, update records): what compaction goes by. */
  deadBytes: number;
  compactions: number;
  compacting: boolean;
  quads: number;
  /** process.memoryUsage() seen from the worker: its heap; `external` includes Oxigraph's WASM memory. */
  workerMemory: NodeJS.MemoryUsage;
  /** Oxigraph's WebAssembly memory, in bytes: how full the store is (wasmMemory.ts). */
  memoryBytes: number;
  /** The most it may use after a write that grows it (storeCeiling.ts). */
  limitBytes: number;
}

/** Each operation's arguments and result. */
export interface Ops {
  open: { args: { keptSince?: number }; result: OpenInfo };
  /**
   * Result: the write's sequence number. `graphs.codes.buffer` is transferred. `copies`: graph
   * written → graph whose quads before the write it also gets (QuadStore's GraphCopies).
   */
  replaceGraphs: { args: { graphs: WireGraphs; copies?: Array<[string, string]> }; result: number };
  readGraphs: { args: { names: string[] }; result: PlainQuad[] };
  /**
   * Each distinct graph's quads as N-Triples, in the order of `names` (no duplicates): one string
   * a graph crosses the thread in one copy and the request thread parses it (cheaper, for a
   * document, than interning its quads into wire graphs here and decoding them there). A hint
   * graph's skeleton is apart, in `shapes` at the graph's place (null: none; engine.graphTexts).
   */
  readGraphTexts: { args: { names: string[] }; result: { texts: string[]; shapes: Array<ShapeApart | null> } };
  hasGraph: { args: { name: string }; result: boolean };
  listGraphs: { args: Record<string, never>; result: string[] };
  query: { args: { sparql: string }; result: PlainQueryResult };
  update: { args: { sparql: string }; result: number };
  /** Seed query replica number `replica`, listening on `port`, with every entity graph, then feed it every write. */
  attachReplica: { args: { replica: number; port: MessagePort }; result: void };
  detachReplica: { args: { replica: number }; result: void };
  size: { args: Record<string, never>; result: number };
  compact: { args: Record<string, never>; result: void };
  stats: { args: Record<string, never>; result: StoreStats };
  close: { args: Record<string, never>; result: void };
}
export type OpName = keyof Ops;

export type Request = { [K in OpName]: { id: number; op: K } & Ops[K]['args'] }[OpName];

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fatal?: boolean;
  full?: StoreFullDetails;
}

export type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** Unsolicited worker → main messages. */
export type Notice = { id: null; notice: 'warning'; message: string };

// ---- The query replica (queryWorker.ts) ------------------------------------------------------

/**
 * What the store worker sends the query replica on their own channel, in write order: the
 * entity graphs as of write `seq` (in chunks), then every later write, each with its sequence
 * number. Internal graphs are never sent.
 */
export type ReplicaFeed =
  | { kind: 'seedStart'; graphs: number }
  /**
   * `withUnion`: the graphs' quads then the same triples in the default graph (withDefaultCopy), as
   * UTF-8; `fresh`: no write was fed since the seeding began, so none of these graphs is in the replica yet.
   */
  | { kind: 'seed'; names: string[]; withUnion: Uint8Array; fresh: boolean }
  | { kind: 'seeded'; seq: number }
  /**
   * Seed from the data directory `dir` itself: its snapshot and log records up to write `seq`
   * (seedFromFiles.ts), in load() calls of about `chunkChars`; `graphs`: the entity graphs the
   * store holds, for the progress.
   */
  | {
      kind: 'seedFromFiles';
      dir: string;
      seq: number;
      graphs: number;
      chunkChars: number;
      /** Attached while the store opens: `seq` and `graphs` are not known yet, the store worker sets them here (seedEnd.ts). */
      end?: SharedArrayBuffer;
    }
  | { kind: 'replace'; seq: number; names: string[]; nquads: string }
  | { kind: 'update'; seq: number; sparql: string };

/**
 * A replica's answer on its feed: a seed chunk loaded (the store worker sends the next ones only
 * as they are taken), or its seed from the files read (they may be compacted away again).
 */
export type ReplicaFeedAck = { kind: 'seedLoaded' } | { kind: 'filesRead' };

export interface ReplicaDataset {
  defaultGraphs?: string[];
  namedGraphs?: string[];
}

/** Requests from EmbeddedStore to the replica; each waits until the replica has applied write `afterSeq`. */
export type ReplicaRequest =
  | { id: number; op: 'query'; sparql: string; dataset: ReplicaDataset; afterSeq: number }
  | { id: number; op: 'tryUpdate'; sparql: string; afterSeq: number };

/** Unsolicited replica → EmbeddedStore messages: how far its seeding is. */
export type ReplicaNotice =
  { id: null; progress: { graphs: number; total: number } } | { id: null; seeded: { quads: number } };

export type ReplicaResponse =
  | { id: number; ok: true; value: PlainQueryResult | Array<[string, PlainQuad[]]> }
  | { id: number; ok: false; error: SerializedError & { refused?: boolean } };
