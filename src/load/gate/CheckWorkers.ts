/**
 * Check workers: a load's batches checked in worker threads, so that the loader's thread
 * only reads the input and keeps order. Checking (render, ingest, shapes, digest) is most of
 * a load's work per document; in the loader's thread it held the pace of the whole load
 * while the store's worker waited.
 *
 * A pool of the same kind as the document workers (service/offThread/WorkerPool.ts), all started
 * with it so that they compile the context and the shapes while the loader reads. A batch goes
 * to the worker with the fewest batches waiting; answers may come back out of order (the loader
 * puts them back in order). A worker that fails fails every batch it holds.
 */
import { availableParallelism } from 'node:os';
import { WorkerPool } from '../../service/offThread/WorkerPool.js';
import type { Gate, GateBatch, GateResult } from './Gate.js';
import { DEFAULT_GATE_OPTIONS, type GateOptions } from './checkBatch.js';
import { JobBuilder, type BatchAnswer, type BatchJob } from './gateMessages.js';

/** As many as the machine has cores besides the loader's and the store's threads, from 1 to 4. */
export function defaultCheckWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 2));
}

export class CheckWorkers implements Gate {
  private readonly pool: WorkerPool<BatchJob, BatchAnswer>;

  /** `options`: how the workers repair records before checking them (sent with each batch). */
  constructor(
    count: number,
    private readonly options: GateOptions = DEFAULT_GATE_OPTIONS,
  ) {
    this.pool = new WorkerPool({
      script: new URL('./checkWorker.js', import.meta.url),
      size: count,
      name: 'check worker',
      jobName: 'a batch',
      keepAlive: true,
    });
    this.pool.startAll();
  }

  batch(): GateBatch {
    const builder = new JobBuilder();
    return {
      add: (record, source) => builder.add(record, source),
      check: async (before, now, storing, keeping): Promise<GateResult> => {
        const { work, transfer } = builder.job(before, now, storing, this.options, keeping);
        const answer = await this.pool.run(work, transfer);
        return { verdicts: answer.verdicts, graphs: answer.wire, ...(answer.kept ? { kept: answer.kept } : {}) };
      },
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
