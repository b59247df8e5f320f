/**
 * Requests as an operator counts them: how many, by kind and status, and how long they took,
 * by kind. The only metrics touched while a request is answered: one counter increment and one
 * histogram observation, after the response has been sent (the access log's `finish`).
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { RouteKind } from './routeKinds.js';

/**
 * Bucket bounds in seconds: a warm dereference takes well under a millisecond, a render a few
 * milliseconds, a SPARQL query up to its time limit (30 s by default), a bulk load minutes.
 */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface RequestMetrics {
  /** One answered request: its kind, HTTP status, and seconds from arrival to the last byte handed to the socket. */
  observe(kind: RouteKind, status: number, seconds: number): void;
}

export function requestMetrics(registry: Registry, prefix: string): RequestMetrics {
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by route kind (what the request was for) and status code.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: "Time from a request's arrival to its response's last byte handed to the socket, by route kind.",
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    observe(kind, status, seconds) {
      requests.inc({ route: kind, status });
      duration.observe({ route: kind }, seconds);
    },
  };
}
