/**
 * The store worker's store: owns the Oxigraph store (engine.ts), the write-ahead log (wal.ts) and
 * the snapshots (snapshot.ts) of one data directory; worker.ts answers EmbeddedStore's messages with it.
 *
 * Writes (replaceGraphs, update) are applied in arrival order and answered once their log record
 * is fdatasync'ed, in the write turn (writeTurn.ts). A read
 * that arrives while a write's fdatasync is in flight already sees that write: if the process
 * dies before the sync, the write is lost, but its writer was never told it had succeeded.
 *
 * Compaction (snapshots that replace the log) is workerCompaction.ts's: a SPARQL update waits
 * while one runs, and a replacement applied meanwhile is never marked `new` (see there).
 */
// Before engine.js: it catches Oxigraph's WebAssembly memory as the module loads.
import { wasmMemoryBytes } from './wasmMemory.js';
import { Engine } from './engine.js';
import { ReplicaFeeds } from './replicaFeeds.js';
import { QuadCount } from './quadCount.js';
import { FatalError } from './FatalError.js';
import { storeCeiling, type StoreCeiling } from './storeCeiling.js';
import { WriteAheadLog } from './wal.js';
import { replayLog } from './recovery.js';
import { restoreSnapshot } from './snapshot.js';
import { WorkerCompaction } from './workerCompaction.js';
import type { IdleSnapshot } from './idleSnapshot.js';
import { WriteTurn, type WriteJob } from './writeTurn.js';
import type { OpenInfo, StoreStats, WorkerInit } from './protocol.js';

export class StoreWorker {
  readonly engine = new Engine();
  private wal: WriteAheadLog | null = null;
  private lastSeq = 0;
  private fatal: Error | null = null;
  private closed = false;
  /** The service's reads not yet answered (EmbeddedStore counts them), or null: never applied in pieces. */
  private readonly readersWaiting: Int32Array | null;
  private readonly ceiling: StoreCeiling;
  private readonly quadCount = new QuadCount();
  /** The writes, in arrival order (writeTurn.ts). */
  private readonly turn: WriteTurn;
  /** The query replicas (queryWorker.ts): seeded from this store, then fed every write. */
  readonly replicas: ReplicaFeeds;
  /** Its snapshots, and when they are due (workerCompaction.ts). */
  private readonly compaction: WorkerCompaction;
  /** The snapshot taken once the log has outgrown the last one and the store is left alone (idleSnapshot.ts; worker.ts touches it). */
  readonly idle: IdleSnapshot;

  constructor(
    private readonly init: WorkerInit,
    private readonly warn: (msg: string) => void,
  ) {
    this.ceiling = storeCeiling(init.maxStoreBytes);
    this.readersWaiting = init.readersWaiting ? new Int32Array(init.readersWaiting) : null;
    this.replicas = new ReplicaFeeds(
      {
        lastSeq: () => this.lastSeq,
        allGraphs: () => this.engine.allGraphs(),
        dumpGraph: (g) => this.engine.dumpGraph(g),
        seedChunkChars: init.seedChunkChars,
        dir: init.dataDir,
        // The files are a seed worth reading while compaction keeps them mostly live (compactionDue's rule).
        filesFit: () =>
          this.wal !== null && this.compaction.deadBytes * 4 < this.compaction.snapshotWeight + this.wal.totalBytes,
        durable: () => this.turn.appended,
      },
      warn,
      () => {
        this.turn.pump();
        this.compaction.maybe();
      },
    );
    this.compaction = new WorkerCompaction({
      dir: init.dataDir,
      compactAfterBytes: init.compactAfterBytes,
      snapshotWhenIdleMs: init.snapshotWhenIdleMs,
      engine: this.engine,
      wal: () => this.wal,
      lastSeq: () => this.lastSeq,
      fatal: () => this.fatal,
      closed: () => this.closed,
      applying: () => this.turn.applying,
      filesInUse: () => this.replicas.filesInUse(),
      pump: () => this.turn.pump(),
      warn,
    });
    this.idle = this.compaction.idle;
    this.turn = new WriteTurn({
      dir: init.dataDir,
      engine: this.engine,
      ceiling: this.ceiling,
      readersWaiting: this.readersWaiting,
      replicas: this.replicas,
      compaction: this.compaction,
      log: () => this.log(),
      checkUsable: () => this.checkUsable(),
      failWith: (err) => this.failWith(err),
      quads: () => this.quads(),
      warn,
      lastSeq: () => this.lastSeq,
      applied: (seq) => {
        this.lastSeq = seq;
      },
    });
  }

  private get dir(): string {
    return this.init.dataDir;
  }

  /** Whether open() is done (until then, a replica attached seeds from the files the open replays). */
  isOpen(): boolean {
    return this.wal !== null;
  }

  private log(): WriteAheadLog {
    if (!this.wal) throw new Error('store is not open');
    return this.wal;
  }

  private failWith(err: unknown): Error {
    if (!this.fatal) {
      const e = err as Error;
      this.fatal = new FatalError(
        `embedded store in ${this.dir} failed and must be reopened: ${e?.message ?? String(err)}`,
      );
      this.warn(this.fatal.message);
    }
    return this.fatal;
  }

  checkUsable(): void {
    if (this.fatal) throw this.fatal;
    if (this.closed) throw new Error(`embedded store in ${this.dir} is closed`);
  }

  // ---------------------------------------------------------------- recovery

  /** `keptSince`: the position the kept start-up indexes are at (OpenInfo.writtenSince). */
  async open(keptSince?: number): Promise<OpenInfo> {
    const t0 = performance.now();
    const snap = await restoreSnapshot(this.dir, this.init.restoreChunkBytes, (chunk, format) =>
      this.engine.loadSnapshotChunk(chunk, format),
    );
    const c = this.compaction;
    c.restored(snap);
    this.lastSeq = c.snapshotSeq;

    const found = await replayLog(this.dir, c.snapshotSeq, this.engine, this.warn, keptSince);
    this.lastSeq = found.lastSeq;
    this.replicas.opened(this.lastSeq); // before the log's torn tail is cut and anything appended
    c.deadBytes += found.deadBytes;
    this.wal = await WriteAheadLog.open(this.dir, found.current, this.lastSeq + 1, found.olderBytes);
    this.idle.arm();
    return {
      snapshotSeq: c.snapshotSeq,
      snapshotBytes: c.snapshotBytes,
      replayedRecords: found.replayed,
      discardedTailBytes: found.discarded,
      discardReason: found.discardReason,
      lastSeq: this.lastSeq,
      quads: this.engine.size(),
      restoreMs: performance.now() - t0,
      writtenSince: found.writtenSince,
    };
  }

  // ---------------------------------------------------------------- writes

  write(job: WriteJob): void {
    this.turn.write(job);
  }

  // ---------------------------------------------------------------- compaction

  /** Writes a snapshot now and drops the log it covers (workerCompaction.ts). */
  compact(): Promise<void> {
    return this.compaction.compact();
  }

  // ---------------------------------------------------------------- close

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.idle.stop();
    const wal = this.wal;
    if (!wal) return;
    try {
      // A replacement in pieces ends first; then the compaction's turn (workerCompaction.ts).
      while (this.turn.applying) await this.turn.applying;
      await this.compaction.beforeClose(wal);
    } finally {
      await wal.close();
    }
  }

  /** Quads in the store (quadCount.ts). */
  private quads = (): number => this.quadCount.at(this.lastSeq, () => this.engine.size(), this.fatal !== null);

  stats(): StoreStats {
    return {
      lastSeq: this.lastSeq,
      snapshotSeq: this.compaction.snapshotSeq,
      logBytes: this.wal?.totalBytes ?? 0,
      logSyncs: this.wal?.syncs ?? 0,
      snapshotBytes: this.compaction.snapshotBytes,
      deadBytes: this.compaction.deadBytes,
      compactions: this.compaction.compactions,
      compacting: this.compaction.compacting,
      quads: this.quads(),
      workerMemory: process.memoryUsage(),
      memoryBytes: wasmMemoryBytes(),
      limitBytes: this.ceiling.limitBytes,
    };
  }
}
