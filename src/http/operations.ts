/**
 * For operators and load balancers: `/health` says the process answers; `/ready` says the
 * store is open and loaded (503 until then, and again while shutting down), and whether
 * curators' SPARQL is ready too (`sparql`: the query replicas may still be seeding while
 * documents are already served, so it does not hold up readiness).
 *
 * Both say the store's condition (`store`, src/store/StoreCondition.ts). While its disk is full
 * and writes are refused, reads go on: /ready stays 200 (a balancer that took the instance out
 * would take the reads away too) and /health 200, each saying `writes refused` and why. A store
 * that failed serves nothing until the service restarts: /ready says 503 with the reason, and
 * /health 503 too, so that a liveness probe restarts the service, which is what repairs it.
 *
 * On a remote store other processes write to, `feed` says how far this process has applied the
 * change feed (src/follow/): the newest activity applied, and `lagMs`, how long ago the feed was
 * last read to its end. A new process is ready only once it has read the feed to its end.
 */
import { sendUncachedJson } from './jsonAnswer.js';
import type { Request, Response } from 'express';
import type { Representations } from '../service/Representations.js';
import type { SparqlEngine, SparqlStatus } from '../sparql/SparqlEngine.js';
import { STORE_OK, type StoreCondition } from '../store/StoreCondition.js';
import type { FeedLag, FollowStatus } from '../follow/FeedFollower.js';

/** Set by whoever opens and loads the store, and stops the service. */
export interface Readiness {
  /** The store is open and loaded: dereferences can be answered. */
  ready: boolean;
  /** Shutting down: /ready says 503 so balancers stop sending, while requests in flight are still answered. */
  stopping?: boolean;
  /** Why not ready, for the 503 answer. */
  reason?: string;
  /** What the store can do now (QuadStore.condition); absent: always ok. */
  store?: () => StoreCondition;
  /** How far this process has applied the change feed (other processes' writes): /ready's `feed`. */
  feed?: () => FollowStatus;
  /** How far behind the store's change feed this process is now (/metrics' feed_lag_*). */
  feedLag?: () => Promise<FeedLag>;
}

export function health(readinessState: Readiness) {
  return (_req: Request, res: Response): void => {
    const store = readinessState.store?.() ?? STORE_OK;
    sendUncachedJson(res, store.state === 'failed' ? 503 : 200, {
      status: store.state === 'failed' ? 'failed' : 'up',
      store,
    });
  };
}

export function readiness(readinessState: Readiness, representations: Representations, sparql?: SparqlEngine) {
  return (_req: Request, res: Response): void => {
    const alongside = {
      ...(sparql ? { sparql: sparqlReadiness(sparql.status()) } : {}),
      ...(readinessState.feed ? { feed: readinessState.feed() } : {}),
    };
    const store = readinessState.store?.() ?? STORE_OK;
    if (store.state === 'failed') {
      sendUncachedJson(res, 503, {
        status: 'not ready',
        reason: `the store failed: ${store.detail}; restart the service`,
        store,
        ...alongside,
      });
      return;
    }
    if (!readinessState.ready || readinessState.stopping) {
      res.setHeader('Retry-After', '1');
      sendUncachedJson(res, 503, { status: 'not ready', reason: readinessState.reason ?? 'starting', ...alongside });
      return;
    }
    sendUncachedJson(res, 200, { status: 'ready', renderCache: representations.stats(), store, ...alongside });
  };
}

/**
 * `/ready`'s `sparql`: its state ('ready', 'seeding', 'lazy': started by the first query), the
 * replicas ready of those kept, and while seeding how far the first is and the wait expected.
 */
export function sparqlReadiness(status: SparqlStatus): Record<string, unknown> {
  const { replicas } = status;
  if (replicas.length === 0) return { state: status.state };
  const seeding = replicas.find((r) => r.state === 'seeding');
  const ready = replicas.filter((r) => r.state === 'ready');
  const seeded = ready[0];
  return {
    state: status.state,
    replicas: replicas.length,
    replicasReady: ready.length,
    ...(seeded ? { quads: seeded.quads, seedMs: Math.round(seeded.seedMs ?? 0) } : {}),
    ...(seeding ? { seeding: { graphs: seeding.seededGraphs, of: seeding.totalGraphs } } : {}),
    ...(status.state === 'seeding' && status.expectedWaitMs !== null
      ? { expectedWaitS: Math.ceil(status.expectedWaitMs / 1000) }
      : {}),
    timeouts: status.timeouts,
  };
}
