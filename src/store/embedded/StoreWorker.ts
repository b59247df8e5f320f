/**
 * The store worker's store: owns the Oxigraph store (engine.ts), the write-ahead log (wal.ts) and
 * the snapshots (snapshot.ts) of one data directory; worker.ts answers EmbeddedStore's messages with it.
 *
 * Writes (replaceGraphs, update) are validated and applied to the in-memory store in arrival
 * order, each gets the next sequence number, and its log record is appended; the reply is sent
 * once the record is fdatasync'ed (records of concurrent writes share one fdatasync). A read
 * that arrives while a write's fdatasync is in flight already sees that write: if the process
 * dies before the sync, the write is lost, but its writer was never told it had succeeded.
 *
 * Compaction writes a snapshot and drops the log it covers: when the data made dead since the
 * last snapshot (graphs replaced or emptied, SPARQL updates) is a quarter of what recovery reads
 * and the log has reached compactAfterBytes and the last snapshot's size; at close() on the first
 * condition alone; on compact() always (compactionDue says why); and once the log has outgrown the
 * last snapshot and the store is left alone (idleSnapshot.ts), not during a load, which it would slow.
 *
 * A snapshot is written while the worker keeps serving: at its start it takes S0 = the last
 * sequence number and switches the log to a new file for records > S0, then dumps graph after
 * graph. Replacements that land meanwhile may or may not be in the snapshot; recovery replays
 * every record > S0 on top of it, and since a replace record sets whole graphs, the result is
 * the same either way. (Which is why such a record is never marked `new`: replay must drop its
 * graphs, which the snapshot may hold already.) SPARQL updates are not idempotent, so an update
 * waits (with every write queued behind it, to keep arrival order) until the snapshot is committed.
 */
// Before engine.js: it catches Oxigraph's WebAssembly memory as the module loads.
import { wasmMemoryBytes } from './wasmMemory.js';
import { Engine, type GraphRef } from './engine.js';
import { ReplicaFeeds } from './replicaFeeds.js';
import { QuadCount } from './quadCount.js';
import { FatalError } from './FatalError.js';
import { storeCeiling, type StoreCeiling } from './storeCeiling.js';
import { StoreFull } from '../StoreFull.js';
import { WriteAheadLog } from './wal.js';
import { replayLog } from './recovery.js';
import { restoreSnapshot } from './snapshot.js';
import { compactionDue, compactionThreshold, dropCoveredLogs, writeSnapshot } from './compaction.js';
import { diskFullDetails, isNoSpace } from './logRoom.js';
import { IdleSnapshot } from './idleSnapshot.js';
import { replaceRecord, updateRecord, type ReplaceRecord, type WrittenTexts } from './writeRecords.js';
import { applyPieces, documentPieces, large, textsInSteps } from './replaceInPieces.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';
import type { OpenInfo, StoreStats, WorkerInit } from './protocol.js';

type ReplaceJob = {
  kind: 'replace';
  graphs: WireGraphs;
  /** Graph written → graph whose quads before the write it also gets (writeRecords.ts). */
  copies?: ReadonlyArray<readonly [string, string]>;
  /** Its texts, written in steps before it is applied (replaceInPieces.ts), or null: tried, refused. */
  written?: WrittenTexts | null;
  resolve: (seq: number) => void;
  reject: (e: unknown) => void;
};
type WriteJob =
  ReplaceJob | { kind: 'update'; sparql: string; resolve: (seq: number) => void; reject: (e: unknown) => void };

export class StoreWorker {
  readonly engine = new Engine();
  private wal: WriteAheadLog | null = null;
  private lastSeq = 0;
  private snapshotSeq = 0;
  private snapshotBytes = 0;
  /** The snapshot's data as N-Triples characters, the unit dead data is counted in: what compaction's rules weigh. */
  private snapshotWeight = 0;
  /** Data made dead since the snapshot: what replaced graphs held (N-Triples characters), and every SPARQL update record. */
  private deadBytes = 0;
  private compactions = 0;
  private compacting: Promise<void> | null = null;
  /** After a failed compaction, do not retry before the log reaches this size. */
  private nextCompactionAt: number;
  private fatal: Error | null = null;
  private closed = false;
  private readonly writes: WriteJob[] = [];
  /** Writes wait while the log takes room for the first of them (makeRoomFor), and while a compaction creates the next log file. */
  private makingRoom = false;
  private rotating = false;
  /** A replacement being applied in pieces (replaceInPieces.ts): later writes, compaction and close wait for it. */
  private applying: Promise<void> | null = null;
  /** The service's reads not yet answered (EmbeddedStore counts them), or null: never applied in pieces. */
  private readonly readersWaiting: Int32Array | null;
  private readonly ceiling: StoreCeiling;
  private readonly quadCount = new QuadCount();
  /** The last log append: once it is on disk, every write applied so far is (they are written in order). */
  private appended: Promise<void> = Promise.resolve();
  /** The query replicas (queryWorker.ts): seeded from this store, then fed every write. */
  readonly replicas: ReplicaFeeds;
  /** The snapshot taken once the log has outgrown the last one and the store is left alone (idleSnapshot.ts; worker.ts touches it). */
  readonly idle: IdleSnapshot;

  constructor(
    private readonly init: WorkerInit,
    private readonly warn: (msg: string) => void,
  ) {
    this.nextCompactionAt = init.compactAfterBytes;
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
        filesFit: () => this.wal !== null && this.deadBytes * 4 < this.snapshotWeight + this.wal.totalBytes,
        durable: () => this.appended,
      },
      warn,
      () => {
        this.pump();
        this.maybeCompact();
      },
    );
    this.idle = new IdleSnapshot(init.snapshotWhenIdleMs, {
      outgrown: () => this.mayCompact() && this.log().totalBytes >= this.nextCompactionAt,
      snapshot: () => this.startCompaction(),
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
    this.snapshotSeq = snap?.seq ?? 0;
    this.snapshotBytes = snap?.bytes ?? 0;
    this.snapshotWeight = snap?.ntriples ?? 0;
    this.nextCompactionAt = this.compactionThreshold();
    this.lastSeq = this.snapshotSeq;

    const found = await replayLog(this.dir, this.snapshotSeq, this.engine, this.warn, keptSince);
    this.lastSeq = found.lastSeq;
    this.replicas.opened(this.lastSeq); // before the log's torn tail is cut and anything appended
    this.deadBytes += found.deadBytes;
    this.wal = await WriteAheadLog.open(this.dir, found.current, this.lastSeq + 1, found.olderBytes);
    this.idle.arm();
    return {
      snapshotSeq: this.snapshotSeq,
      snapshotBytes: this.snapshotBytes,
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
    this.writes.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.writes.length > 0 && !this.makingRoom && !this.rotating && !this.applying) {
      const job = this.writes[0];
      // Resumed when the compaction or the seeding ends: an update is not idempotent (see above).
      if (job.kind === 'update' && (this.compacting || this.replicas.seeding())) return;
      if (job.kind === 'replace' && job.written === undefined && this.readersWaiting && large(job.graphs)) {
        this.applying = textsInSteps(job.graphs, this.readersWaiting).then((written) => {
          job.written = written ?? null;
          this.applying = null;
          this.pump();
        });
        return;
      }
      const roomNeeded = this.applyAndLog(job);
      if (roomNeeded !== null) {
        this.makeRoomFor(job, roomNeeded);
        return;
      }
      this.writes.shift();
    }
  }

  /**
   * The disk has no room taken yet for the log record of the write at the head of the queue:
   * take it (wal.ts, logRoom.ts), then apply the write from the start (what it overwrites may
   * be read again; its record is built again). A disk without room refuses that write alone,
   * with StoreFull (507), before anything of it was applied: the store goes on as it was, and the
   * next write tries again, so writes resume by themselves once space is freed.
   */
  private makeRoomFor(job: WriteJob, bytes: number): void {
    this.makingRoom = true;
    this.log()
      .makeRoom(bytes)
      .then(
        () => {
          this.makingRoom = false;
          this.pump();
        },
        async (err: unknown) => {
          const refusal = isNoSpace(err)
            ? new StoreFull(await diskFullDetails(this.dir, bytes, this.quads()))
            : new Error(`could not take room for the log in ${this.dir}: ${(err as Error).message}`, { cause: err });
          if (isNoSpace(err)) this.warn(refusal.message);
          this.makingRoom = false;
          this.writes.shift(); // `job`: nothing else ran while the room was being taken
          job.reject(refusal);
          this.pump();
        },
      );
  }

  /** Applies and logs a write; or, if the log has no room for its record yet, does nothing and says how much it needs. */
  private applyAndLog(job: WriteJob): number | null {
    let record: Buffer;
    try {
      this.checkUsable();
      const seq = this.lastSeq + 1;
      if (job.kind === 'replace') {
        // Not `new` while a snapshot is being written: see the file comment.
        const r = replaceRecord(
          this.engine,
          this.ceiling,
          seq,
          job.graphs,
          this.compacting !== null,
          job.written ?? undefined,
          job.copies,
        );
        record = r.record;
        if (!this.log().hasRoomFor(record.length)) return record.length;
        const pieces = this.readersWaiting && documentPieces(job.graphs.names, r.texts, r.body, r.before);
        if (pieces) {
          this.applying = applyPieces(this.engine, pieces, r.plain, this.readersWaiting)
            .then(() => this.replaced(job, seq, r))
            .catch((err: unknown) => this.refused(job, err))
            .finally(() => {
              this.applying = null;
              this.pump();
            });
          return null;
        }
        // Oxigraph loads the record's UTF-8 bytes: cheaper than having it encode the string again.
        this.engine.replaceGraphs(job.graphs.names, r.body, r.before, r.plain);
        this.deadBytes += r.before.chars;
        this.replicas.replaced(seq, job.graphs.names, r.texts);
      } else {
        record = updateRecord(this.engine, this.ceiling, seq, job.sparql);
        if (!this.log().hasRoomFor(record.length)) return record.length;
        this.engine.update(job.sparql);
        this.deadBytes += record.length;
        this.replicas.updated(seq, job.sparql);
      }
      this.lastSeq = seq;
    } catch (err) {
      this.refused(job, err);
      return null;
    }
    this.logged(job, this.lastSeq, record);
    return null;
  }

  private refused(job: WriteJob, err: unknown): void {
    // A WebAssembly trap (a panic in Oxigraph) leaves the store in an unknown state.
    if (err instanceof WebAssembly.RuntimeError) this.failWith(err);
    job.reject(err);
  }

  /** The last piece of a replacement applied (replaceInPieces.ts): counted, fed to the replicas, logged. */
  private replaced(job: ReplaceJob, seq: number, r: ReplaceRecord): void {
    this.deadBytes += r.before.chars;
    this.replicas.replaced(seq, job.graphs.names, r.texts);
    this.lastSeq = seq;
    this.logged(job, seq, r.record);
  }

  /** A write applied as `seq`: its record appended, its writer told once it is on disk. */
  private logged(job: WriteJob, seq: number, record: Buffer): void {
    const appending = this.log().append(record);
    this.appended = appending.catch(() => undefined);
    appending.then(
      () => {
        job.resolve(seq);
        this.maybeCompact();
      },
      (err: unknown) => {
        job.reject(this.failWith(err));
      },
    );
  }

  // ---------------------------------------------------------------- compaction

  private compactionThreshold(): number {
    return compactionThreshold(this.init.compactAfterBytes, this.snapshotWeight);
  }

  private compactionDue(atClose: boolean): boolean {
    const wal = this.wal;
    if (!wal) return false;
    const { deadBytes, snapshotWeight: snapshotBytes, nextCompactionAt } = this;
    return compactionDue({ deadBytes, snapshotBytes, logBytes: wal.totalBytes, nextCompactionAt }, atClose);
  }

  /** Not while a replica reads the files a compaction would replace (it calls maybeCompact once they are read). */
  private mayCompact(): boolean {
    return this.wal !== null && !this.compacting && !this.closed && !this.fatal && !this.replicas.filesInUse();
  }

  private maybeCompact(): void {
    if (!this.mayCompact()) return;
    if (this.compactionDue(false)) this.startCompaction();
    else this.idle.arm();
  }

  private startCompaction(): void {
    this.compact().catch((err: unknown) => {
      this.warn(
        `compaction of ${this.dir} failed (the log keeps growing until one succeeds): ${(err as Error).message}`,
      );
    });
  }

  /**
   * Writes a snapshot covering everything applied so far and drops the log files it covers.
   * While one runs, a second call gets the same promise.
   */
  compact(): Promise<void> {
    if (this.compacting) return this.compacting;
    const run = this.runCompaction().catch((err: unknown) => {
      // Set before the check below, so that a failing compaction is not retried at once.
      this.nextCompactionAt = (this.wal?.totalBytes ?? 0) + this.init.compactAfterBytes;
      throw err;
    });
    this.compacting = run.finally(() => {
      this.compacting = null;
      this.pump();
      // Writes that landed during the snapshot may have filled the log again: compact now
      // rather than at the next write's end, which may never come.
      this.maybeCompact();
    });
    return this.compacting;
  }

  private async runCompaction(): Promise<void> {
    if (this.fatal) throw this.fatal;
    // A record built before the snapshot began may be marked `new` (see the file comment).
    while (this.applying) await this.applying;
    // A replica seeding from the files reads them to the end first (seedFromFiles.ts).
    for (let inUse = this.replicas.filesInUse(); inUse; inUse = this.replicas.filesInUse()) await inUse;
    const wal = this.log();
    // Writes wait while the next log file is created: its name is the sequence number after s0.
    // (If it cannot be, on a full disk, the compaction fails and writes go on in the current file.)
    this.rotating = true;
    let s0: number;
    let dead0: number;
    let graphs: GraphRef[];
    let rotated: Promise<void>;
    try {
      s0 = this.lastSeq;
      const next = await wal.createNext(s0 + 1);
      rotated = wal.switchTo(next); // records <= s0 stay in older files, later ones go to the new file
      rotated.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      // What the snapshot makes live again: the dead data so far (later writes' stays in the log).
      dead0 = this.deadBytes;
      graphs = this.engine.allGraphs(); // graphs created later are in the new log
    } finally {
      this.rotating = false;
      this.pump();
    }
    const info = await writeSnapshot(
      this.dir,
      s0,
      graphs,
      (g) => this.engine.dumpGraph(g),
      async () => {
        await rotated; // every record <= s0 is durable in the log
        // A write whose log append failed meanwhile may be in the dump: do not make it durable.
        if (this.fatal) throw this.fatal;
      },
    );
    this.snapshotSeq = s0;
    this.snapshotBytes = info.bytes;
    this.snapshotWeight = info.ntriples;
    this.deadBytes -= dead0;
    this.compactions++;
    this.nextCompactionAt = this.compactionThreshold();
    await dropCoveredLogs(this.dir, wal);
  }

  // ---------------------------------------------------------------- close

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.idle.stop();
    const wal = this.wal;
    if (!wal) return;
    try {
      // A compaction in flight finishes first (its failure was already reported to whoever
      // started it); then one more is written if enough of the data is dead (compactionDue):
      // a log of new graphs stays as it is, to be replayed at the next open.
      while (this.applying) await this.applying;
      while (this.compacting) await this.compacting.catch(() => undefined);
      await wal.drain();
      if (!this.fatal && this.compactionDue(true)) await this.runCompaction();
    } finally {
      await wal.close();
    }
  }

  /** Quads in the store (quadCount.ts). */
  private quads = (): number => this.quadCount.at(this.lastSeq, () => this.engine.size(), this.fatal !== null);

  stats(): StoreStats {
    return {
      lastSeq: this.lastSeq,
      snapshotSeq: this.snapshotSeq,
      logBytes: this.wal?.totalBytes ?? 0,
      logSyncs: this.wal?.syncs ?? 0,
      snapshotBytes: this.snapshotBytes,
      deadBytes: this.deadBytes,
      compactions: this.compactions,
      compacting: this.compacting !== null,
      quads: this.quads(),
      workerMemory: process.memoryUsage(),
      memoryBytes: wasmMemoryBytes(),
      limitBytes: this.ceiling.limitBytes,
    };
  }
}
