/**
 * The store worker's compaction (StoreWorker.ts): what it weighs, when it runs, and the run.
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
import type { Engine, GraphRef } from './engine.js';
import type { WriteAheadLog } from './wal.js';
import { compactionDue, compactionThreshold, dropCoveredLogs, writeSnapshot } from './compaction.js';
import { IdleSnapshot } from './idleSnapshot.js';

/** What a compaction reads of the store worker, and how it lets its writes go on. */
export interface CompactionHost {
  readonly dir: string;
  readonly compactAfterBytes: number;
  readonly snapshotWhenIdleMs: number;
  readonly engine: Engine;
  wal(): WriteAheadLog | null;
  lastSeq(): number;
  fatal(): Error | null;
  closed(): boolean;
  /** A replacement being applied in pieces: a snapshot begins after it. */
  applying(): Promise<void> | null;
  /** The replicas' reading of the files a compaction would replace, or null. */
  filesInUse(): Promise<void> | null;
  /** The queued writes go on (they wait while the next log file is created, and an update for the whole run). */
  pump(): void;
  warn(msg: string): void;
}

export class WorkerCompaction {
  snapshotSeq = 0;
  snapshotBytes = 0;
  /** The snapshot's data as N-Triples characters, the unit dead data is counted in: what compaction's rules weigh. */
  snapshotWeight = 0;
  /** Data made dead since the snapshot: what replaced graphs held (N-Triples characters), and every SPARQL update record. */
  deadBytes = 0;
  compactions = 0;
  /** Writes wait while a compaction creates the next log file. */
  rotating = false;
  private running: Promise<void> | null = null;
  /** After a failed compaction, do not retry before the log reaches this size. */
  private nextAt: number;
  /** The snapshot taken once the log has outgrown the last one and the store is left alone (idleSnapshot.ts; worker.ts touches it). */
  readonly idle: IdleSnapshot;

  constructor(private readonly host: CompactionHost) {
    this.nextAt = host.compactAfterBytes;
    this.idle = new IdleSnapshot(host.snapshotWhenIdleMs, {
      outgrown: () => this.may() && this.host.wal()!.totalBytes >= this.nextAt,
      snapshot: () => this.start(),
    });
  }

  /** The snapshot the open restored (or none). */
  restored(snap: { seq: number; bytes: number; ntriples: number } | null): void {
    this.snapshotSeq = snap?.seq ?? 0;
    this.snapshotBytes = snap?.bytes ?? 0;
    this.snapshotWeight = snap?.ntriples ?? 0;
    this.nextAt = this.threshold();
  }

  /** Whether a compaction is running (a write applied meanwhile is not `new`; an update waits). */
  get compacting(): boolean {
    return this.running !== null;
  }

  private threshold(): number {
    return compactionThreshold(this.host.compactAfterBytes, this.snapshotWeight);
  }

  private due(atClose: boolean): boolean {
    const wal = this.host.wal();
    if (!wal) return false;
    const { deadBytes, snapshotWeight: snapshotBytes, nextAt: nextCompactionAt } = this;
    return compactionDue({ deadBytes, snapshotBytes, logBytes: wal.totalBytes, nextCompactionAt }, atClose);
  }

  /** Not while a replica reads the files a compaction would replace (it calls maybe() once they are read). */
  private may(): boolean {
    const h = this.host;
    return h.wal() !== null && !this.running && !h.closed() && !h.fatal() && !h.filesInUse();
  }

  /** After a write or a seeding: a compaction if one is due, else the idle snapshot's timer again. */
  maybe(): void {
    if (!this.may()) return;
    if (this.due(false)) this.start();
    else this.idle.arm();
  }

  private start(): void {
    this.compact().catch((err: unknown) => {
      this.host.warn(
        `compaction of ${this.host.dir} failed (the log keeps growing until one succeeds): ${(err as Error).message}`,
      );
    });
  }

  /**
   * Writes a snapshot covering everything applied so far and drops the log files it covers.
   * While one runs, a second call gets the same promise.
   */
  compact(): Promise<void> {
    if (this.running) return this.running;
    const run = this.run().catch((err: unknown) => {
      // Set before the check below, so that a failing compaction is not retried at once.
      this.nextAt = (this.host.wal()?.totalBytes ?? 0) + this.host.compactAfterBytes;
      throw err;
    });
    this.running = run.finally(() => {
      this.running = null;
      this.host.pump();
      // Writes that landed during the snapshot may have filled the log again: compact now
      // rather than at the next write's end, which may never come.
      this.maybe();
    });
    return this.running;
  }

  /** At close: a compaction in flight finishes, the log drains, and one more runs if enough of the data is dead. */
  async beforeClose(wal: WriteAheadLog): Promise<void> {
    // Its failure was already reported to whoever started it. A log of new graphs stays as it
    // is, to be replayed at the next open.
    while (this.running) await this.running.catch(() => undefined);
    await wal.drain();
    if (!this.host.fatal() && this.due(true)) await this.run();
  }

  private async run(): Promise<void> {
    const h = this.host;
    const fatal = h.fatal();
    if (fatal) throw fatal;
    // A record built before the snapshot began may be marked `new` (see the file comment).
    for (let applying = h.applying(); applying; applying = h.applying()) await applying;
    // A replica seeding from the files reads them to the end first (seedFromFiles.ts).
    for (let inUse = h.filesInUse(); inUse; inUse = h.filesInUse()) await inUse;
    const wal = h.wal();
    if (!wal) throw new Error('store is not open');
    // Writes wait while the next log file is created: its name is the sequence number after s0.
    // (If it cannot be, on a full disk, the compaction fails and writes go on in the current file.)
    this.rotating = true;
    let s0: number;
    let dead0: number;
    let graphs: GraphRef[];
    let rotated: Promise<void>;
    try {
      s0 = h.lastSeq();
      const next = await wal.createNext(s0 + 1);
      rotated = wal.switchTo(next); // records <= s0 stay in older files, later ones go to the new file
      rotated.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      // What the snapshot makes live again: the dead data so far (later writes' stays in the log).
      dead0 = this.deadBytes;
      graphs = h.engine.allGraphs(); // graphs created later are in the new log
    } finally {
      this.rotating = false;
      h.pump();
    }
    const info = await writeSnapshot(
      h.dir,
      s0,
      graphs,
      (g) => h.engine.dumpGraph(g),
      async () => {
        await rotated; // every record <= s0 is durable in the log
        // A write whose log append failed meanwhile may be in the dump: do not make it durable.
        const failed = h.fatal();
        if (failed) throw failed;
      },
    );
    this.snapshotSeq = s0;
    this.snapshotBytes = info.bytes;
    this.snapshotWeight = info.ntriples;
    this.deadBytes -= dead0;
    this.compactions++;
    this.nextAt = this.threshold();
    await dropCoveredLogs(h.dir, wal);
  }
}
