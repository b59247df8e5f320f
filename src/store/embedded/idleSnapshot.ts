/**
 * The snapshot a store takes once its log has outgrown the last one (issue 35: after a load of
 * 100,000 documents, a restart replayed a 1.58 GB log with no snapshot at all), written in the
 * background when the store has been left alone for a while: not during a load, whose writes it
 * would slow (a snapshot dumps the whole store), and not at close (`linkedart load` would wait
 * for it), but once the writes and reads stop, e.g. after a serving process's start.
 *
 * Whether the log has outgrown the snapshot is compaction's growth rule (compactionThreshold):
 * at least compactAfterBytes and the last snapshot's size, so the snapshots' total stays linear
 * in what was written. The snapshot itself is compaction's, crash-safe as every snapshot
 * (snapshot.ts: only a whole one is ever renamed into place).
 */

/** What the timer asks of the store worker. */
export interface IdleSnapshotStore {
  /** Whether a snapshot would be taken now: the log has outgrown the last one and nothing stops it. */
  readonly outgrown: () => boolean;
  /** Starts the snapshot (compaction: it reports its own failure). */
  readonly snapshot: () => void;
}

export class IdleSnapshot {
  private lastActivity = performance.now();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  /** `idleMs`: how long without a read or write before the snapshot starts (0: never). */
  constructor(
    private readonly idleMs: number,
    private readonly store: IdleSnapshotStore,
  ) {}

  /** A read or a write came: the store is not idle. */
  touch(): void {
    this.lastActivity = performance.now();
  }

  /** Called when the log may have outgrown the snapshot (after open, after a write, after a compaction). */
  arm(): void {
    if (this.stopped || this.timer || this.idleMs <= 0 || !this.store.outgrown()) return;
    this.wait(this.idleMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wait(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped || !this.store.outgrown()) return;
      const quiet = performance.now() - this.lastActivity;
      if (quiet < this.idleMs) this.wait(this.idleMs - quiet);
      else this.store.snapshot();
    }, ms);
    // The worker thread's own handle: it must not keep a closed store's process alive.
    this.timer.unref();
  }
}
