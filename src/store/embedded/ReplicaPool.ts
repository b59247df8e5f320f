/**
 * Curators' SPARQL for the embedded store (a SparqlEngine): requests go to a pool of query
 * replicas (QueryReplica.ts), each a worker with its own copy of the entity graphs, each fed
 * every write by the store worker. A request runs on an idle, seeded replica; with two or more,
 * two requests run at once (on two cores), and a request that hits its time limit costs only
 * its own replica: that one is terminated and seeded again in the background while the others
 * answer the next requests at once.
 *
 * warmUp() (the service calls it at start) seeds the replicas one after the other, so the
 * first is ready as soon as possible, and keeps them seeded. A request arriving before any is
 * ready waits for the seeding, unless the wait expected from its progress is longer than the
 * request's time limit: then it is refused at once (SparqlNotReady, 503 with Retry-After).
 * With keepAfterTimeout (`auto`), more replicas are kept from the first timeout on.
 * Without warmUp (the CLI, or `--query-replicas 0`: lazy), nothing is started before the first
 * request, which then waits for one replica's seeding whatever it takes, and a replica stopped
 * at its time limit is seeded again only when the next request comes: a service nobody
 * queries pays no memory for SPARQL.
 */
import { fromPlainQuad, type Quad } from '../../rdf/terms.js';
import type { QueryResult } from '../QuadStore.js';
import type { QueryDataset, SparqlEngine, SparqlStatus } from '../../sparql/SparqlEngine.js';
import { SparqlNotReady } from '../../sparql/errors.js';
import {
  QueryReplica,
  type Ask,
  type Answer,
  type Job,
  type ReplicaEvents,
  type ReplicaSource,
} from './QueryReplica.js';
import type { PlainQueryResult } from './protocol.js';
import type { PlainQuad } from '../../rdf/terms.js';

export type { ReplicaSource } from './QueryReplica.js';

export class ReplicaPool implements SparqlEngine {
  private readonly replicas: QueryReplica[];
  private readonly events: ReplicaEvents;
  private readonly queue: Job[] = [];
  /** warmUp() was called: keep every replica seeded, refuse requests that would wait too long. */
  private warm = false;
  private closed = false;
  private timeouts = 0;

  private readonly lazy: boolean;
  /** Replicas to keep once a query has timed out (`auto`'s standby: replicaBudget.ts); 0 for no change. */
  private afterTimeout = 0;

  /** `count`: replicas to keep seeded once warmed up; 0: lazy, one replica started by the first request (warmUp does nothing). */
  constructor(
    private readonly source: ReplicaSource,
    count: number,
    private readonly onWarning: (message: string) => void,
  ) {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`query replicas: a whole number, at least 0 (not ${count})`);
    this.lazy = count === 0;
    this.events = {
      idle: () => this.dispatch(),
      stopped: (_r: QueryReplica, timedOut: boolean) => this.stopped(timedOut),
    };
    this.replicas = Array.from(
      { length: Math.max(1, count) },
      (_, i) => new QueryReplica(i + 1, source, this.events, onWarning),
    );
  }

  /**
   * Keeps `count` replicas from now on, if that is more (`auto`'s choice, made once the store is
   * open, after the first replica began seeding while it opened: EmbeddedStore's seedWhileOpening).
   */
  grow(count: number): void {
    if (this.lazy) return;
    while (this.replicas.length < count)
      this.replicas.push(new QueryReplica(this.replicas.length + 1, this.source, this.events, this.onWarning));
    if (this.warm) this.keepSeeded();
  }

  /** From the first timeout on, keeps `count` replicas (if that is more): the standby a timeout showed is worth its memory. */
  keepAfterTimeout(count: number): void {
    this.afterTimeout = count;
  }

  warmUp(): void {
    if (this.closed || this.warm || this.lazy) return;
    this.warm = true;
    this.keepSeeded();
  }

  status(): SparqlStatus {
    const ready = this.replicas.some((r) => r.ready);
    const seeding = this.replicas.some((r) => r.seeding);
    return {
      state: ready ? 'ready' : this.warm || seeding ? 'seeding' : 'lazy',
      replicas: this.replicas.map((r) => r.status()),
      timeouts: this.timeouts,
      expectedWaitMs: ready ? 0 : this.expectedWaitMs(),
    };
  }

  async query(sparql: string, dataset: QueryDataset, timeoutMs: number): Promise<QueryResult> {
    const plain = (await this.run({ op: 'query', sparql, dataset }, timeoutMs)) as PlainQueryResult;
    return plain.kind === 'quads' ? { kind: 'quads', quads: plain.quads.map(fromPlainQuad) } : plain;
  }

  async tryUpdate(sparql: string, timeoutMs: number): Promise<Map<string, Quad[]>> {
    const graphs = (await this.run({ op: 'tryUpdate', sparql }, timeoutMs)) as Array<[string, PlainQuad[]]>;
    return new Map(graphs.map(([name, quads]) => [name, quads.map(fromPlainQuad)]));
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('the service is shutting down');
    for (const job of this.queue.splice(0)) job.reject(stopped);
    await Promise.all(this.replicas.map((r) => r.stop(stopped)));
  }

  // ------------------------------------------------------------------ requests

  private run(ask: Ask, timeoutMs: number): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('the SPARQL engine is closed'));
    if (this.warm && !this.replicas.some((r) => r.ready)) {
      const wait = this.expectedWaitMs();
      if (wait !== null && wait > timeoutMs)
        return Promise.reject(new SparqlNotReady(Math.max(1, Math.ceil(wait / 1000)), timeoutMs));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ ask, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands waiting requests to idle replicas, in arrival order; starts one if none is on its way. */
  private dispatch(): void {
    if (this.closed) return;
    for (
      let replica = this.replicas.find((r) => r.idle);
      replica && this.queue.length > 0;
      replica = this.replicas.find((r) => r.idle)
    ) {
      replica.run(this.queue.shift()!);
    }
    if (this.warm) this.keepSeeded();
    else if (this.queue.length > 0 && this.replicas.every((r) => r.stopped)) this.replicas[0].start();
  }

  private stopped(timedOut: boolean): void {
    if (timedOut) {
      this.timeouts++;
      // Grown before the next dispatch: the stopped replica is seeded again first (keepSeeded), then the standby.
      if (this.afterTimeout > this.replicas.length) this.grow(this.afterTimeout);
    }
    queueMicrotask(() => this.dispatch());
  }

  /** Once warmed up: one replica seeding at a time (the first ready soonest), until all are seeded. */
  private keepSeeded(): void {
    if (this.closed || this.replicas.some((r) => r.seeding)) return;
    this.replicas.find((r) => r.stopped)?.start();
  }

  /** The shortest expected wait until a replica is ready (ms), null when no seeding says yet. */
  private expectedWaitMs(): number | null {
    const now = performance.now();
    let best: number | null = null;
    for (const r of this.replicas) {
      const ms = r.expectedSeedMs(now);
      if (ms !== null && (best === null || ms < best)) best = ms;
    }
    return best;
  }
}
