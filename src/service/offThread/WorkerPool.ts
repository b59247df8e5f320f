/**
 * A pool of worker threads, each running one script that answers the jobs posted to it
 * (answerJobs.ts): the document workers (DocumentWorkers.ts) and a load's check workers
 * (load/gate/CheckWorkers.ts). A job goes to an idle worker; else to a new one while the pool
 * has room (in place of one that failed); else to the one with the fewest jobs. A worker that
 * fails fails every job it holds, naming the cause, and the next job starts another.
 */
import { Worker } from 'node:worker_threads';

/** A job as it travels to a worker, and its answer as it comes back. */
export interface JobMessage<W> {
  readonly job: number;
  readonly work: W;
}
export type ReplyMessage<A> =
  { readonly job: number; readonly answer: A } | { readonly job: number; readonly error: string };

export interface WorkerPoolOptions {
  /** The script each worker runs. */
  readonly script: URL;
  /** Workers at most (at least one). */
  readonly size: number;
  /** What a worker is called in errors ('document worker'), and what a job is ('a batch'), if it says. */
  readonly name: string;
  readonly jobName?: string;
  /** False: the workers do not keep the process alive (a server's document workers: the server does). */
  readonly keepAlive: boolean;
}

interface Waiting<A> {
  resolve: (answer: A) => void;
  reject: (error: Error) => void;
}

interface Entry<A> {
  worker: Worker;
  jobs: Map<number, Waiting<A>>;
  failed?: Error;
}

export class WorkerPool<W, A> {
  private readonly entries: Array<Entry<A> | undefined>;
  private nextJob = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.entries = new Array<Entry<A> | undefined>(Math.max(1, options.size)).fill(undefined);
  }

  /** Every worker started now, so each compiles what it needs while the caller goes on. */
  startAll(): void {
    this.entries.forEach((entry, i) => {
      if (!this.closed && (entry === undefined || entry.failed)) this.entries[i] = this.start();
    });
  }

  /** `work` done by a worker; `transfer`: buffers of it to move rather than copy. */
  run(work: W, transfer: ArrayBuffer[] = []): Promise<A> {
    if (this.closed) return Promise.reject(new Error(`the ${this.options.name}s are closed`));
    const entry = this.leastBusy();
    const job = this.nextJob++;
    return new Promise<A>((resolve, reject) => {
      entry.jobs.set(job, { resolve, reject });
      const message: JobMessage<W> = { job, work };
      entry.worker.postMessage(message, transfer);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const entries = this.entries.filter((e): e is Entry<A> => e !== undefined);
    this.entries.fill(undefined);
    await Promise.all(entries.map((e) => e.worker.terminate()));
  }

  /** An idle worker; else a new one while there is room (in place of one that failed); else the one with the fewest jobs. */
  private leastBusy(): Entry<A> {
    const idle = this.entries.find((e) => e !== undefined && !e.failed && e.jobs.size === 0);
    if (idle) return idle;
    const free = this.entries.findIndex((e) => e === undefined || e.failed !== undefined);
    if (free >= 0) return (this.entries[free] = this.start());
    return (this.entries as Array<Entry<A>>).reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private start(): Entry<A> {
    const { name, jobName } = this.options;
    const entry: Entry<A> = { worker: new Worker(this.options.script), jobs: new Map() };
    if (!this.options.keepAlive) entry.worker.unref();
    entry.worker.on('message', (reply: ReplyMessage<A>) => {
      const waiting = entry.jobs.get(reply.job);
      if (!waiting) return;
      entry.jobs.delete(reply.job);
      if ('answer' in reply) waiting.resolve(reply.answer);
      else waiting.reject(new Error(`a ${name} failed${jobName ? ` on ${jobName}` : ''}: ${reply.error}`));
    });
    // The first failure says why (a crash, then its exit): later ones keep it.
    const fail = (error: Error): void => {
      entry.failed ??= error;
      for (const waiting of entry.jobs.values()) waiting.reject(entry.failed);
      entry.jobs.clear();
    };
    entry.worker.on('error', (error) => fail(new Error(`a ${name} crashed: ${error.message}`, { cause: error })));
    entry.worker.on('exit', (code) => fail(new Error(`a ${name} exited (code ${code})`)));
    return entry;
  }
}
