/**
 * The gates of one load (Loader.ts): the first batch is checked in this thread, the batches after a full
 * one in check workers (when the load has any), so a small load starts no thread. The workers
 * start at the first full batch, or with the load when its inputs are large.
 */
import { CheckWorkers } from './CheckWorkers.js';
import { inThreadGateFor, type Gate, type GateBatch } from './Gate.js';
import type { GateOptions } from './checkBatch.js';

export class Gates {
  private workers: CheckWorkers | undefined;
  private readonly here: Gate;

  constructor(
    private readonly count: number,
    private readonly options: GateOptions,
  ) {
    this.here = inThreadGateFor(options);
  }

  /** A full batch was read, or the inputs are large: the load is worth its workers. */
  started(): void {
    if (!this.workers && this.count > 0) this.workers = new CheckWorkers(this.count, this.options);
  }

  batch(): GateBatch {
    return (this.workers ?? this.here).batch();
  }

  /** Batches a pass may have in flight besides the one it reads: one being stored, and one per worker. */
  get ahead(): number {
    return this.workers ? this.count + 1 : 1;
  }

  close(): Promise<void> {
    return this.workers?.close() ?? Promise.resolve();
  }
}
