/**
 * Curators' SPARQL for the embedded store (a SparqlEngine): requests go, one at a time, to the
 * query replica (queryWorker.ts), a worker with its own copy of the entity graphs fed by the
 * store worker. A request running past its time limit is stopped the only way Oxigraph allows:
 * the replica is terminated (the documents' store and the HTTP thread never notice), and the
 * next request starts a new one, seeded afresh. The replica is started on first use, so a
 * service nobody queries pays no memory for it.
 *
 * The time limit counts from the moment the replica starts on the request: waiting behind
 * another curator's query, or for a new replica's seeding, is not counted.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { fromPlainQuad, type Quad } from '../../rdf/terms.js';
import type { QueryResult } from '../QuadStore.js';
import type { EngineStatus, QueryDataset, SparqlEngine } from '../../sparql/SparqlEngine.js';
import { QueryTimedOut, SparqlRefused, SparqlSyntaxError, UpdateRefused } from '../../sparql/errors.js';
import type { PlainQueryResult, ReplicaRequest, ReplicaResponse, SerializedError } from './protocol.js';
import type { PlainQuad } from '../../rdf/terms.js';

/** What the replica needs of the store worker: be fed, stop feeding, and the last acknowledged write. */
export interface ReplicaSource {
  attachReplica(port: MessagePort): Promise<void>;
  detachReplica(): Promise<void>;
  lastWriteSeq(): number;
}

type Ask =
  | { op: 'query'; sparql: string; dataset: QueryDataset }
  | { op: 'tryUpdate'; sparql: string };

interface Job {
  readonly ask: Ask;
  readonly timeoutMs: number;
  readonly resolve: (value: PlainQueryResult | Array<[string, PlainQuad[]]>) => void;
  readonly reject: (error: Error) => void;
}

type Started = { id: number; started: true };

export class QueryReplica implements SparqlEngine {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private current: { job: Job; id: number; timer?: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private closed = false;
  /** Replicas started so far (the first, then one after each stopped query). */
  starts = 0;
  /** When the running worker was started, until it starts its first request (it is seeded then). */
  private seedingSince: number | undefined;
  /** How long the last seeding took, in milliseconds. */
  private lastSeedMs: number | undefined;

  constructor(private readonly source: ReplicaSource, private readonly onWarning: (message: string) => void) {}

  async query(sparql: string, dataset: QueryDataset, timeoutMs: number): Promise<QueryResult> {
    const plain = await this.run({ op: 'query', sparql, dataset }, timeoutMs) as PlainQueryResult;
    return plain.kind === 'quads' ? { kind: 'quads', quads: plain.quads.map(fromPlainQuad) } : plain;
  }

  async tryUpdate(sparql: string, timeoutMs: number): Promise<Map<string, Quad[]>> {
    const graphs = await this.run({ op: 'tryUpdate', sparql }, timeoutMs) as Array<[string, PlainQuad[]]>;
    return new Map(graphs.map(([name, quads]) => [name, quads.map(fromPlainQuad)]));
  }

  status(): EngineStatus {
    const seeding = this.worker !== null && this.seedingSince !== undefined;
    return {
      ready: this.worker !== null && !seeding ? 1 : 0, seeding: seeding ? 1 : 0, starts: this.starts,
      lastSeedSeconds: this.lastSeedMs === undefined ? undefined : this.lastSeedMs / 1000,
      running: this.current ? 1 : 0, waiting: this.queue.length,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('the service is shutting down');
    for (const job of this.queue.splice(0)) job.reject(stopped);
    if (this.current) this.finish(this.current.id)?.reject(stopped);
    await this.stopWorker();
  }

  // ------------------------------------------------------------------ one request at a time

  private run(ask: Ask, timeoutMs: number): Promise<PlainQueryResult | Array<[string, PlainQuad[]]>> {
    if (this.closed) return Promise.reject(new Error('the SPARQL engine is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ ask, timeoutMs, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.current || this.queue.length === 0 || this.closed) return;
    const job = this.queue.shift()!;
    const id = this.nextId++;
    this.current = { job, id };
    this.ensureWorker().then((worker) => {
      const request: ReplicaRequest = { id, ...job.ask, afterSeq: this.source.lastWriteSeq() } as ReplicaRequest;
      worker.postMessage(request);
    }).catch((error: Error) => this.finish(id)?.reject(error));
  }

  /** Ends the current request (if it is still `id`) and starts the next one; the job, to settle. */
  private finish(id: number): Job | undefined {
    if (this.current?.id !== id) return undefined;
    const { job, timer } = this.current;
    clearTimeout(timer);
    this.current = null;
    queueMicrotask(() => this.next());
    return job;
  }

  private onMessage(message: ReplicaResponse | Started): void {
    const current = this.current;
    if (!current || message.id !== current.id) return;
    if ('started' in message) {
      // A worker starts a request only once it is seeded.
      if (this.seedingSince !== undefined) this.lastSeedMs = performance.now() - this.seedingSince;
      this.seedingSince = undefined;
      current.timer = setTimeout(() => this.stopRunaway(current.id), current.job.timeoutMs);
      return;
    }
    const job = this.finish(message.id)!;
    if (message.ok) job.resolve(message.value);
    else {
      if (message.error.name === 'ReplicaDiverged') void this.restart(message.error.message);
      job.reject(asSparqlError(message.error));
    }
  }

  private stopRunaway(id: number): void {
    const job = this.finish(id);
    if (!job) return;
    void this.stopWorker();
    job.reject(new QueryTimedOut(job.timeoutMs));
  }

  // ------------------------------------------------------------------ the worker

  private async ensureWorker(): Promise<Worker> {
    if (this.worker) return this.worker;
    const channel = new MessageChannel();
    const worker = new Worker(new URL('./queryWorker.js', import.meta.url), { workerData: { feed: channel.port2 }, transferList: [channel.port2] });
    this.worker = worker;
    this.starts++;
    this.seedingSince = performance.now();
    worker.unref();
    worker.on('message', (m: ReplicaResponse | Started) => this.onMessage(m));
    worker.on('error', (error: Error) => this.lost(worker, `the query replica failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(worker, `the query replica stopped (exit code ${code})`));
    await this.source.attachReplica(channel.port1);
    return worker;
  }

  /** The worker died by itself (not stopped by us): fail its request; the next one starts a new replica. */
  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.onWarning(why);
    void this.source.detachReplica().catch(() => undefined);
    if (this.current) this.finish(this.current.id)?.reject(new Error(why));
  }

  private async restart(why: string): Promise<void> {
    this.onWarning(why);
    await this.stopWorker();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    await this.source.detachReplica().catch(() => undefined);
    await worker.terminate();
  }
}

/** The replica's errors as the SPARQL error classes the endpoint answers. */
function asSparqlError(error: SerializedError): Error {
  switch (error.name) {
    case 'UpdateRefused': return new UpdateRefused(error.message);
    case 'SyntaxError': return new SparqlSyntaxError(error.message);
    case 'ReplicaDiverged': return new Error(`the update could not be tried: ${error.message}`);
    default: return new SparqlRefused(`The store could not run this: ${error.message}`);
  }
}
