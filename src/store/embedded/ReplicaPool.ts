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
 * With keepStandby (`auto`), a standby is seeded beside the replicas kept from the start once a
 * query times out or has waited QUEUE_WAIT_MS behind another, and given back (its worker
 * terminated, its memory freed) once it has answered nothing for STANDBY_IDLE_MS.
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

/**
 * A query that has waited this long behind another (a replica busy, none free) starts the
 * standby's seeding (auto). Long enough that queries of a few milliseconds arriving together are
 * served by one replica and seed nothing; short beside the time limit (30 s by default), so one
 * slow query holds the others back for a second and a seeding, not for the whole limit.
 */
export const QUEUE_WAIT_MS = 1000;
/**
 * A standby that has answered nothing for this long is given back: a burst of queries does not
 * keep its memory (about the store's own) forever. Long beside a seeding (about the store's own
 * load time), so curators' queries minutes apart keep it rather than seeding it again and again.
 */
export const STANDBY_IDLE_MS = 10 * 60 * 1000;

/** When the standby is seeded and given back (the constants above; tests use shorter ones). */
export interface StandbyBounds {
  readonly queueWaitMs: number;
  readonly idleMs: number;
}

/** A request waiting for a replica; `behindSince`: since when a running query (not a seeding) holds it back. */
interface Waiting {
  readonly job: Job;
  behindSince: number | undefined;
}

export class ReplicaPool implements SparqlEngine {
  private readonly replicas: QueryReplica[];
  private readonly events: ReplicaEvents;
  private readonly queue: Waiting[] = [];
  /** warmUp() was called: keep every replica seeded, refuse requests that would wait too long. */
  private warm = false;
  private closed = false;
  private timeouts = 0;
  private numbered = 0;
  /** Starts of the standbys given back (status().startsGivenBack). */
  private startsGivenBack = 0;

  private readonly lazy: boolean;
  /** Replicas kept whatever happens (from the start, or grow()): never given back. */
  private kept: number;
  /** Replicas to keep with `auto`'s standby, once a query timed out or waited (replicaBudget.ts); 0 for none. */
  private withStandby = 0;
  /** Armed for the first waiting request held back by a running query: it may start the standby. */
  private queueWatch: { timer: NodeJS.Timeout; waiting: Waiting } | undefined;
  /** Armed for the standby that will have been idle STANDBY_IDLE_MS first. */
  private idleWatch: NodeJS.Timeout | undefined;

  /** `count`: replicas to keep seeded once warmed up; 0: lazy, one replica started by the first request (warmUp does nothing). */
  constructor(
    private readonly source: ReplicaSource,
    count: number,
    private readonly onWarning: (message: string) => void,
    private readonly bounds: StandbyBounds = { queueWaitMs: QUEUE_WAIT_MS, idleMs: STANDBY_IDLE_MS },
  ) {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`query replicas: a whole number, at least 0 (not ${count})`);
    this.lazy = count === 0;
    this.kept = Math.max(1, count);
    this.events = {
      idle: () => this.dispatch(),
      stopped: (_r: QueryReplica, timedOut: boolean) => this.stopped(timedOut),
    };
    this.replicas = Array.from({ length: this.kept }, () => this.newReplica());
  }

  /**
   * Keeps `count` replicas from now on, if that is more (`auto`'s choice, made once the store is
   * open, after the first replica began seeding while it opened: EmbeddedStore's seedWhileOpening).
   */
  grow(count: number): void {
    if (this.lazy) return;
    this.kept = Math.max(this.kept, count);
    while (this.replicas.length < count) this.replicas.push(this.newReplica());
    if (this.warm) this.keepSeeded();
  }

  /**
   * `auto`: up to `count` replicas (if more than kept) once a query has timed out or waited
   * QUEUE_WAIT_MS behind another; the ones beyond those kept are given back when idle.
   */
  keepStandby(count: number): void {
    this.withStandby = count;
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
      startsGivenBack: this.startsGivenBack,
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
    clearTimeout(this.queueWatch?.timer);
    clearTimeout(this.idleWatch);
    for (const waiting of this.queue.splice(0)) waiting.job.reject(stopped);
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
      const behindSince = this.replicas.some((r) => r.busy) ? performance.now() : undefined;
      this.queue.push({ job: { ask, timeoutMs, resolve, reject }, behindSince });
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
      replica.run(this.queue.shift()!.job);
    }
    if (this.warm) this.keepSeeded();
    else if (this.queue.length > 0 && this.replicas.every((r) => r.stopped)) this.replicas[0].start();
    this.watchQueue();
    this.watchIdle();
  }

  private stopped(timedOut: boolean): void {
    if (timedOut) {
      this.timeouts++;
      // Grown before the next dispatch: the stopped replica is seeded again first (keepSeeded), then the standby.
      this.addStandby('a query reached its time limit');
    }
    queueMicrotask(() => this.dispatch());
  }

  // ------------------------------------------------------------------ auto's standby

  /**
   * Arms the wait of the first request held back by a running query: past QUEUE_WAIT_MS the
   * standby is seeded, and the request goes to whichever replica is free first, the busy one or
   * the standby. A request waiting for a seeding only (at start, after a timeout) starts nothing.
   */
  private watchQueue(): void {
    const head = this.queue[0];
    if (this.queueWatch && this.queueWatch.waiting === head) return;
    clearTimeout(this.queueWatch?.timer);
    this.queueWatch = undefined;
    if (!head || !this.warm || this.withStandby <= this.replicas.length) return;
    if (head.behindSince === undefined && this.replicas.some((r) => r.busy)) head.behindSince = performance.now();
    if (head.behindSince === undefined) return;
    const since = head.behindSince;
    const timer = setTimeout(
      () => {
        this.queueWatch = undefined;
        if (this.queue[0] !== head) return this.watchQueue();
        this.addStandby(`a query waited ${((performance.now() - since) / 1000).toFixed(1)} s behind another`);
        this.watchQueue();
      },
      timerDelay(since + this.bounds.queueWaitMs - performance.now()),
    );
    timer.unref();
    this.queueWatch = { timer, waiting: head };
  }

  private addStandby(why: string): void {
    if (this.lazy || this.closed || this.withStandby <= this.replicas.length) return;
    while (this.replicas.length < this.withStandby) this.replicas.push(this.newReplica());
    this.onWarning(`query replicas: ${this.replicas.length}, a standby seeded (${why})`);
    if (this.warm) this.keepSeeded();
  }

  /** Arms the give-back of the standby idle longest (none kept from the start, none in use). */
  private watchIdle(): void {
    clearTimeout(this.idleWatch);
    this.idleWatch = undefined;
    if (this.closed) return;
    let first = Infinity;
    for (const r of this.replicas.slice(this.kept)) if (r.idle) first = Math.min(first, r.idleSince);
    if (first === Infinity) return;
    this.idleWatch = setTimeout(() => this.giveBackIdle(), timerDelay(first + this.bounds.idleMs - performance.now()));
    this.idleWatch.unref();
  }

  private giveBackIdle(): void {
    const now = performance.now();
    for (const r of this.replicas.slice(this.kept)) {
      if (!r.idle || now - r.idleSince < this.bounds.idleMs) continue;
      this.replicas.splice(this.replicas.indexOf(r), 1);
      this.startsGivenBack += r.status().starts;
      void r.stop(new Error(`query replica ${r.number} given back`));
      this.onWarning(
        `query replica ${r.number} given back: a standby that answered nothing for ${Math.round((now - r.idleSince) / 1000)} s; ` +
          `${this.replicas.length} kept`,
      );
    }
    this.watchIdle();
    this.watchQueue();
  }

  private newReplica(): QueryReplica {
    return new QueryReplica(++this.numbered, this.source, this.events, this.onWarning);
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

/** A delay setTimeout keeps: past 2^31-1 ms Node fires it after 1 ms instead (a bound set out of reach would fire at once). */
function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), 2 ** 31 - 1);
}
