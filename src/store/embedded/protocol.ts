/** Messages between EmbeddedStore (request thread) and its worker. Only plain data crosses. */
import type { PlainQuad, PlainTerm } from '../../rdf/terms.js';

export interface WorkerInit {
  dataDir: string;
  compactAfterBytes: number;
  restoreChunkBytes: number;
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
}

export interface StoreStats {
  lastSeq: number;
  snapshotSeq: number;
  logBytes: number;
  /** fdatasync calls on the log since open (concurrent writes share them). */
  logSyncs: number;
  snapshotBytes: number;
  compactions: number;
  compacting: boolean;
  quads: number;
  /** process.memoryUsage() seen from the worker: its heap; `external` includes Oxigraph's WASM memory. */
  workerMemory: NodeJS.MemoryUsage;
}

/** Each operation's arguments and result. */
export interface Ops {
  open: { args: Record<string, never>; result: OpenInfo };
  replaceGraphs: { args: { graphs: Array<[string, PlainQuad[]]> }; result: void };
  readGraphs: { args: { names: string[] }; result: PlainQuad[] };
  hasGraph: { args: { name: string }; result: boolean };
  listGraphs: { args: Record<string, never>; result: string[] };
  query: { args: { sparql: string }; result: PlainQueryResult };
  update: { args: { sparql: string }; result: void };
  size: { args: Record<string, never>; result: number };
  compact: { args: Record<string, never>; result: void };
  stats: { args: Record<string, never>; result: StoreStats };
  close: { args: Record<string, never>; result: void };
}
export type OpName = keyof Ops;

export type Request = { [K in OpName]: { id: number; op: K } & Ops[K]['args'] }[OpName];

export interface SerializedError { name: string; message: string; stack?: string; fatal?: boolean }

export type Response =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** Unsolicited worker → main messages. */
export type Notice = { id: null; notice: 'warning'; message: string };
