/**
 * One query replica: a worker (queryWorker.ts) with its own Oxigraph copy of the entity graphs,
 * seeded and then fed by the store worker, running one request at a time. A request running
 * past its time limit is stopped the only way Oxigraph allows: the worker is terminated (the
 * documents' store and the HTTP thread never notice). Which replica runs what, and when a
 * stopped one is seeded again, is ReplicaPool's choice; this file only runs the worker.
 *
 * The time limit counts from the moment the replica starts on the request (the worker says
 * so): waiting for the writes acknowledged before it is not counted.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { QueryDataset, ReplicaStatus } from '../../sparql/SparqlEngine.js';
import { QueryTimedOut, SparqlRefused, SparqlSyntaxError, UpdateRefused } from '../../sparql/errors.js';
import type { PlainQueryResult, ReplicaNotice, ReplicaRequest, ReplicaResponse, SerializedError } from './protocol.js';
import type { PlainQuad } from '../../rdf/terms.js';

/** What a replica needs of the store worker: be fed, stop feeding, and the last acknowledged write. */
export interface ReplicaSource {
  attachReplica(replica: number, port: MessagePort): Promise<void>;
  detachReplica(replica: number): Promise<void>;
  lastWriteSeq(): number;
}

export type Ask = { op: 'query'; sparql: string; dataset: QueryDataset } | { op: 'tryUpdate'; sparql: string };

export type Answer = PlainQueryResult | Array<[string, PlainQuad[]]>;

export interface Job {
  readonly ask: Ask;
  readonly timeoutMs: number;
  readonly resolve: (value: Answer) => void;
  readonly reject: (error: Error) => void;
}

/** What the pool hears from a replica. */
export interface ReplicaEvents {
  /** Seeded, or a request done: it may take the next one. */
  idle(replica: QueryReplica): void;
  /** Terminated (`timedOut`: by its time limit) or died: it holds nothing until started again. */
  stopped(replica: QueryReplica, timedOut: boolean): void;
}

type Started = { id: number; started: true };

export class QueryReplica {
  private worker: Worker | null = null;
  private state: ReplicaStatus['state'] = 'stopped';
  private current: { job: Job; id: number; timer?: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private seedStarted = 0;
  /** When the first chunk was in, and its graphs: the rate is measured from there (the worker's start-up is not seeding). */
  private firstChunk: { at: number; graphs: number } | null = null;
  private seededGraphs = 0;
  private totalGraphs = 0;
  private quads = 0;
  private seedMs: number | null = null;
  private starts = 0;
  private answered = 0;
  /** When it last became free (seeded, or a request done): the pool gives back a standby free for long (ReplicaPool.ts). */
  private freeSince = 0;

  constructor(
    readonly number: number,
    private readonly source: ReplicaSource,
    private readonly events: ReplicaEvents,
    private readonly onWarning: (message: string) => void,
  ) {}

  get ready(): boolean {
    return this.state === 'ready';
  }
  get seeding(): boolean {
    return this.state === 'seeding';
  }
  get stopped(): boolean {
    return this.state === 'stopped';
  }
  get idle(): boolean {
    return this.state === 'ready' && this.current === null;
  }
  /** Running a request. */
  get busy(): boolean {
    return this.current !== null;
  }
  /** Since when (performance.now()) it has been idle; meaningful only while `idle`. */
  get idleSince(): number {
    return this.freeSince;
  }

  status(): ReplicaStatus {
    return {
      state: this.state,
      busy: this.current !== null,
      quads: this.quads,
      seededGraphs: this.seededGraphs,
      totalGraphs: this.totalGraphs,
      seedMs: this.seedMs,
      starts: this.starts,
      answered: this.answered,
    };
  }

  /**
   * While seeding, how long until it is ready (ms). Early on (under a tenth of the graphs in),
   * what the last seeding took less the time since, if there was one; else the graphs left at
   * the rate measured since the first chunk; null before two chunks are in (nothing to go by).
   */
  expectedSeedMs(now = performance.now()): number | null {
    if (this.state !== 'seeding') return this.state === 'ready' ? 0 : null;
    const left = this.totalGraphs - this.seededGraphs;
    if (this.seedMs !== null && (this.totalGraphs === 0 || this.seededGraphs * 10 < this.totalGraphs)) {
      return Math.max(0, this.seedMs - (now - this.seedStarted));
    }
    const first = this.firstChunk;
    if (!first || this.seededGraphs <= first.graphs) return null;
    return ((now - first.at) * left) / (this.seededGraphs - first.graphs);
  }

  /** Starts a worker and has the store seed it (in the background: `idle` says when it is ready). */
  start(): void {
    if (this.worker) return;
    const channel = new MessageChannel();
    const worker = new Worker(new URL('./queryWorker.js', import.meta.url), {
      workerData: { feed: channel.port2 },
      transferList: [channel.port2],
    });
    this.worker = worker;
    this.state = 'seeding';
    this.starts++;
    this.seedStarted = performance.now();
    this.firstChunk = null;
    this.seededGraphs = 0;
    this.totalGraphs = 0;
    this.quads = 0;
    worker.unref();
    worker.on('message', (m: ReplicaResponse | Started | ReplicaNotice) => this.onMessage(worker, m));
    worker.on('error', (error: Error) => this.lost(worker, `query replica ${this.number} failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(worker, `query replica ${this.number} stopped (exit code ${code})`));
    this.source
      .attachReplica(this.number, channel.port1)
      .catch((error: Error) => this.lost(worker, `query replica ${this.number} could not be seeded: ${error.message}`));
  }

  /** Runs a request (the replica must be idle); the job is settled by its answer, its time limit or the replica's end. */
  run(job: Job): void {
    if (!this.worker || !this.idle) throw new Error(`query replica ${this.number} is not idle`);
    const id = this.nextId++;
    this.current = { job, id };
    const request = { id, ...job.ask, afterSeq: this.source.lastWriteSeq() } as ReplicaRequest;
    this.worker.postMessage(request);
  }

  /** Terminates the worker; a request in flight is rejected with `error`. */
  async stop(error: Error): Promise<void> {
    const worker = this.worker;
    const job = this.current?.job;
    this.clear();
    job?.reject(error);
    if (!worker) return;
    await this.source.detachReplica(this.number).catch(() => undefined);
    await worker.terminate();
  }

  // ------------------------------------------------------------------ the worker's messages

  private onMessage(worker: Worker, message: ReplicaResponse | Started | ReplicaNotice): void {
    if (worker !== this.worker) return;
    if (message.id === null) {
      if ('progress' in message) {
        this.seededGraphs = message.progress.graphs;
        this.totalGraphs = message.progress.total;
        if (!this.firstChunk && this.seededGraphs > 0)
          this.firstChunk = { at: performance.now(), graphs: this.seededGraphs };
        return;
      }
      this.quads = message.seeded.quads;
      this.seedMs = performance.now() - this.seedStarted;
      this.state = 'ready';
      this.freeSince = performance.now();
      this.events.idle(this);
      return;
    }
    const current = this.current;
    if (!current || message.id !== current.id) return;
    if ('started' in message) {
      current.timer = setTimeout(() => this.timedOut(current.id), current.job.timeoutMs);
      return;
    }
    clearTimeout(current.timer);
    this.current = null;
    this.answered++;
    this.freeSince = performance.now();
    if (message.ok) current.job.resolve(message.value);
    else current.job.reject(asSparqlError(message.error));
    if (!message.ok && message.error.name === 'ReplicaDiverged') {
      this.onWarning(message.error.message);
      void this.stop(new Error(message.error.message)).then(() => this.events.stopped(this, false));
      return;
    }
    this.events.idle(this);
  }

  private timedOut(id: number): void {
    if (this.current?.id !== id) return;
    const job = this.current.job;
    void this.stop(new QueryTimedOut(job.timeoutMs));
    this.events.stopped(this, true);
  }

  /** The worker died by itself (not stopped by us): fail its request; the pool decides what next. */
  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.onWarning(why);
    void this.stop(new Error(why));
    this.events.stopped(this, false);
  }

  private clear(): void {
    clearTimeout(this.current?.timer);
    this.current = null;
    this.worker = null;
    this.state = 'stopped';
  }
}

/** The replica's errors as the SPARQL error classes the endpoint answers. */
function asSparqlError(error: SerializedError): Error {
  switch (error.name) {
    case 'UpdateRefused':
      return new UpdateRefused(error.message);
    case 'SyntaxError':
      return new SparqlSyntaxError(error.message);
    case 'ReplicaDiverged':
      return new Error(`the update could not be tried: ${error.message}`);
    default:
      return new SparqlRefused(`The store could not run this: ${error.message}`);
  }
}
