/**
 * EmbeddedStore's calls to its store worker (worker.ts): each a numbered message answered once,
 * errors rebuilt as this thread's (a full store's StoreFull, a failed one's StoreFailed, with the
 * caller's stack), the service's reads counted while they wait (replaceInPieces.ts), and every
 * call failed at once if the worker crashes or exits.
 */
import type { TransferListItem, Worker } from 'node:worker_threads';
import { StoreFull } from '../StoreFull.js';
import { StoreFailed } from '../StoreFailed.js';
import type { Notice, OpName, Ops, Response } from './protocol.js';

/** The operations a reader waits on (counted in readersWaiting). */
const READS: ReadonlySet<string> = new Set(['readGraphs', 'readGraphTexts', 'hasGraph', 'listGraphs', 'query', 'size']);

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  caller: Error;
  read: boolean;
}

/** What the calls tell their store. */
export interface CallsHost {
  /** The data directory's path, kept out of messages every client may read. */
  readonly dataDir: string;
  warning(message: string): void;
  /** The store failed and must be reopened (said without the directory's path). */
  failed(detail: string): void;
}

export class StoreWorkerCalls {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;
  /** The worker exited (crashed or terminated): nothing more can be sent. */
  exited = false;

  constructor(
    private readonly worker: Worker,
    /** Reads sent and not yet answered, shared with the worker (WorkerInit.readersWaiting); null unless yieldToReaders. */
    private readonly readersWaiting: Int32Array | null,
    private readonly host: CallsHost,
  ) {
    worker.unref();
    worker.on('message', (msg: Response | Notice) => this.onMessage(msg));
    worker.on('error', (err: Error) =>
      this.failAll(new Error(`embedded store worker crashed: ${err.message}`, { cause: err })),
    );
    worker.on('exit', (code) => {
      this.exited = true;
      this.failAll(new Error(`embedded store worker exited (code ${code})`));
    });
  }

  /** An error's message as every client may read it (a failed store's 503, /ready): without the data directory's path. */
  private withoutPath(message: string): string {
    return message.split(this.host.dataDir).join('<data directory>');
  }

  send<K extends OpName>(
    op: K,
    args: Ops[K]['args'],
    transfer?: readonly TransferListItem[],
  ): Promise<Ops[K]['result']> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Ops[K]['result']>((resolve, reject) => {
      // The caller's stack, appended to errors from the worker (whose own stack ends at the message handler).
      const caller = new Error('caller');
      const read = this.readersWaiting !== null && READS.has(op);
      if (read && this.readersWaiting) Atomics.add(this.readersWaiting, 0, 1);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, caller, read });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, op, ...args }, transfer);
    });
  }

  /** Once every call already sent is answered (or failed); their callers are told first. */
  async settled(): Promise<void> {
    await Promise.allSettled(
      [...this.pending.values()].map(
        (p) =>
          new Promise<void>((r) => {
            const { resolve, reject } = p;
            p.resolve = (v) => {
              resolve(v);
              r();
            };
            p.reject = (e) => {
              reject(e);
              r();
            };
          }),
      ),
    );
  }

  private onMessage(msg: Response | Notice): void {
    if (msg.id === null) {
      if (msg.notice === 'warning') this.host.warning(msg.message);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (p.read) Atomics.sub(this.readersWaiting!, 0, 1);
    if (this.pending.size === 0) this.worker.unref();
    if (msg.ok) {
      p.resolve(msg.value);
    } else {
      const err = msg.error.full
        ? new StoreFull(msg.error.full)
        : msg.error.fatal
          ? new StoreFailed(this.withoutPath(msg.error.message))
          : new Error(msg.error.message);
      err.name = msg.error.name;
      if (msg.error.fatal) this.host.failed(this.withoutPath(msg.error.message));
      if (msg.error.stack) {
        err.stack = `${msg.error.stack}\n    --- (in the store worker) called from:\n${p.caller.stack?.split('\n').slice(1).join('\n') ?? ''}`;
      }
      p.reject(err);
    }
  }

  private failAll(err: Error): void {
    if (!this.failure) this.failure = err;
    this.host.failed(this.withoutPath(err.message));
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.worker.unref();
  }
}
