/**
 * The service's metrics, for /metrics (the Prometheus text format): a registry of its own per
 * app (never prom-client's global one, so several apps in one process, as in the tests, keep
 * their counts apart), Node's process metrics under the same prefix, and the service's own.
 * Only the request metrics are touched while requests are answered; every other figure is read
 * when /metrics is scraped.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { DocumentService } from '../service/DocumentService.js';
import type { Representations } from '../service/Representations.js';
import type { SparqlService } from '../service/SparqlService.js';
import type { FeedLag } from '../follow/FeedFollower.js';
import { feedMetrics } from './feedMetrics.js';
import { loadMetrics, type LoadTally } from './loadMetrics.js';
import { renderCacheMetrics } from './renderCacheMetrics.js';
import { requestMetrics, type RequestMetrics } from './requestMetrics.js';
import { sparqlMetrics } from './sparqlMetrics.js';
import { storeMetrics } from './storeMetrics.js';
import { violationMetrics } from './violationMetrics.js';

/** Every metric's name begins with it. */
export const METRIC_PREFIX = 'linkedart_';

export interface MetricsSources {
  readonly documents: DocumentService;
  readonly representations: Representations;
  readonly sparql?: SparqlService;
  /** Whether the service is ready (/ready's answer). */
  readonly ready: () => boolean;
  /** How far behind the store's change feed this process is, when it follows it (other processes write to the store). */
  readonly feedLag?: () => Promise<FeedLag> | undefined;
}

export interface ServiceMetrics {
  readonly registry: Registry;
  readonly requests: RequestMetrics;
  readonly loads: LoadTally;
}

export function serviceMetrics({ documents, representations, sparql, ready, feedLag }: MetricsSources): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  new Gauge({
    name: `${METRIC_PREFIX}ready`,
    registers: [registry],
    help: "Whether the service is ready (1) or not yet, or no longer, while it shuts down (0): /ready's answer.",
    collect() {
      this.set(ready() ? 1 : 0);
    },
  });
  const requests = requestMetrics(registry, METRIC_PREFIX);
  renderCacheMetrics(registry, METRIC_PREFIX, () => representations.stats());
  storeMetrics(registry, METRIC_PREFIX, { documents, ready });
  violationMetrics(registry, METRIC_PREFIX, { documents, ready });
  if (sparql) sparqlMetrics(registry, METRIC_PREFIX, sparql);
  if (feedLag) feedMetrics(registry, METRIC_PREFIX, feedLag);
  const loads = loadMetrics(registry, METRIC_PREFIX);
  return { registry, requests, loads };
}
