/** What EmbeddedStore.open takes (EmbeddedStore.ts), and the store worker's init made of it (protocol.ts). */
import type { WorkerInit } from './protocol.js';
import type { StandbyBounds } from './ReplicaPool.js';

export interface EmbeddedStoreOptions {
  /** Directory holding the snapshot, log and lock; created if missing. */
  dataDir: string;
  /**
   * Write a snapshot and start a new log once the log holds this many bytes, and at least as
   * many as the last snapshot (so a growing store is not rewritten again and again), if a
   * quarter of snapshot + log is dead data by then. Default 64 MiB.
   */
  compactAfterBytes?: number;
  /**
   * Restore the snapshot in load() calls of about this many bytes (cut between graphs).
   * Default 4 MiB: as fast as 16 or 64 MiB, and ~100 MB less RSS at 100k documents.
   */
  restoreChunkBytes?: number;
  /**
   * Refuse writes that would grow the store's memory (Oxigraph's WebAssembly memory) past this
   * many bytes (`--max-store-mb`). Default, and at most: the safe ceiling under its 4 GiB
   * (storeCeiling.ts). A refused write throws StoreFull; the store goes on answering.
   */
  maxStoreBytes?: number;
  /** Seed a query replica in messages of about this many characters of N-Quads (default 4 MiB; tests use less, to watch a seeding). */
  seedChunkChars?: number;
  /**
   * Write a snapshot in the background once the log has outgrown the last one (as compactAfterBytes
   * says) and no read or write came for this long, even with no dead data: a restart then loads the
   * snapshot and replays only the log after it. Default 5 s; 0: never.
   */
  snapshotWhenIdleMs?: number;
  /** Receives warnings (torn log tail discarded, compaction failed, ...). Default: process.emitWarning. */
  onWarning?: (message: string) => void;
  /**
   * Query replicas curators' SPARQL keeps seeded once warmed up (ReplicaPool.ts); 0: one,
   * started by the first query; 'auto': as many as the memory holds (replicaBudget.ts). Default 1
   * (the service passes --query-replicas, whose default is auto).
   */
  queryReplicas?: number | 'auto';
  /**
   * With 'auto': how long a query waits behind another before the standby is seeded, and how long
   * the standby stays idle before it is given back (ReplicaPool.ts: 1 s and 10 min; tests use less).
   */
  standbyBounds?: StandbyBounds;
  /**
   * Start seeding the first query replica while the store opens, from the files the open replays
   * (the service's start: its first SPARQL answer then waits for one seeding, not an open and then a
   * seeding), as sparqlEngine().warmUp() would once it is open. Not with `queryReplicas: 0` (lazy).
   */
  seedWhileOpening?: boolean;
  /**
   * The position (log sequence number) the kept start-up indexes are at (src/keptIndexes/): the
   * open notes the graphs written after it (openInfo.writtenSince).
   */
  keptSince?: number;
  /**
   * Called once the store's worker has been asked to open (its snapshot and log are read on that
   * thread): the caller's own start-up work then runs beside the open instead of before it (the
   * service's kept start-up indexes: their file read and parsed on the main thread, issue 35).
   */
  whileOpening?: () => void;
  /**
   * The service: its reads are counted as they wait for the store worker, which then applies a
   * large write a few documents at a time and answers them in between (replaceInPieces.ts). Off
   * for a load or a harvest, which nobody reads while it runs: their writes are applied whole.
   */
  yieldToReaders?: boolean;
}

/** The store worker's settings for `dataDir` (resolved) from the options, with their defaults. */
export function workerInitOf(dataDir: string, options: EmbeddedStoreOptions): WorkerInit {
  return {
    dataDir,
    compactAfterBytes: options.compactAfterBytes ?? 64 * 1024 * 1024,
    restoreChunkBytes: options.restoreChunkBytes ?? 4 * 1024 * 1024,
    ...(options.maxStoreBytes !== undefined ? { maxStoreBytes: options.maxStoreBytes } : {}),
    seedChunkChars: options.seedChunkChars ?? 4 * 1024 * 1024,
    snapshotWhenIdleMs: options.snapshotWhenIdleMs ?? 5000,
    ...(options.yieldToReaders ? { readersWaiting: new SharedArrayBuffer(4) } : {}),
  };
}
