/**
 * Check workers: a load's batches checked in worker threads, so that the loader's thread
 * only reads the input and keeps order. Checking (render, ingest, shapes, digest) is most of
 * a load's work per document; in the loader's thread it held the pace of the whole load
 * while the store's worker waited.
 *
 * A batch goes to the worker with the fewest batches waiting; answers may come back out of
 * order (the loader puts them back in order). A worker that fails fails every batch it holds.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Gate, GateBatch, GateResult } from './Gate.js';
import { DEFAULT_GATE_OPTIONS, type GateOptions } from './checkBatch.js';
import { JobBuilder, type ResultMessage } from './gateMessages.js';

interface Waiting {
  resolve: (result: GateResult) => void;
  reject: (error: Error) => void;
}

/** As many as the machine has cores besides the loader's and the store's threads, from 1 to 4. */
export function defaultCheckWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 2));
}

export class CheckWorkers implements Gate {
  private readonly workers: Array<{ worker: Worker; jobs: Map<number, Waiting>; failed?: Error }>;
  private nextJob = 0;

  /** `options`: how the workers repair records before checking them (sent with each batch). */
  constructor(
    count: number,
    private readonly options: GateOptions = DEFAULT_GATE_OPTIONS,
  ) {
    this.workers = Array.from({ length: Math.max(1, count) }, () => {
      const entry: { worker: Worker; jobs: Map<number, Waiting>; failed?: Error } = {
        worker: new Worker(new URL('./checkWorker.js', import.meta.url)),
        jobs: new Map(),
      };
      entry.worker.on('message', (answer: ResultMessage) => {
        const waiting = entry.jobs.get(answer.job);
        if (!waiting) return;
        entry.jobs.delete(answer.job);
        if ('error' in answer) waiting.reject(new Error(`a check worker failed on a batch: ${answer.error}`));
        else waiting.resolve({ verdicts: answer.verdicts, graphs: answer.wire });
      });
      // The first failure says why (a crash, then its exit; or closing): later ones keep it.
      const fail = (error: Error): void => {
        entry.failed ??= error;
        for (const waiting of entry.jobs.values()) waiting.reject(entry.failed);
        entry.jobs.clear();
      };
      entry.worker.on('error', (error) =>
        fail(new Error(`a check worker crashed: ${error.message}`, { cause: error })),
      );
      entry.worker.on('exit', (code) => fail(new Error(`a check worker exited (code ${code})`)));
      return entry;
    });
  }

  batch(): GateBatch {
    const builder = new JobBuilder();
    return {
      add: (record, source) => builder.add(record, source),
      check: (before, now, storing) => {
        const entry = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
        if (entry.failed) return Promise.reject(entry.failed);
        const job = this.nextJob++;
        const { message, transfer } = builder.message(job, before, now, storing, this.options);
        return new Promise<GateResult>((resolve, reject) => {
          entry.jobs.set(job, { resolve, reject });
          entry.worker.postMessage(message, transfer);
        });
      },
    };
  }

  async close(): Promise<void> {
    for (const entry of this.workers) entry.failed ??= new Error('the check workers are closed');
    await Promise.all(this.workers.map((e) => e.worker.terminate()));
  }
}
