/**
 * Curators' SPARQL, read at scrape time: queries stopped at the time limit (any store), and
 * the state of the query replicas where the engine has them (the embedded store's pool).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { SparqlService } from '../service/SparqlService.js';

export function sparqlMetrics(registry: Registry, prefix: string, sparql: SparqlService): void {
  const registers = [registry];
  new Counter({
    name: `${prefix}sparql_timeouts_total`,
    registers,
    help: 'SPARQL queries and updates stopped at the time limit (--query-timeout-s) since start.',
    collect() {
      this.reset();
      this.inc(sparql.timeouts);
    },
  });
  const engine = sparql.engine;
  const first = engine.status();
  // A remote store's engine has no replicas of its own.
  if (first.replicas.length === 0 && first.state !== 'lazy') return;
  const replicas = () => engine.status().replicas;
  new Gauge({
    name: `${prefix}sparql_replicas`,
    registers,
    labelNames: ['state'] as const,
    help: 'Query replicas (workers with their own copy of the entity graphs), by state: ready to answer, seeding, or stopped.',
    collect() {
      for (const state of ['ready', 'seeding', 'stopped'] as const)
        this.set({ state }, replicas().filter((r) => r.state === state).length);
    },
  });
  new Counter({
    name: `${prefix}sparql_replica_starts_total`,
    registers,
    help: 'Query replicas started since start: each replica once, then again for each stop (a query past its time limit, a failure).',
    collect() {
      this.reset();
      this.inc(replicas().reduce((n, r) => n + r.starts, 0));
    },
  });
  new Gauge({
    name: `${prefix}sparql_replica_seed_seconds`,
    registers,
    help: "The longest of the replicas' last completed seedings, in seconds (absent until one has completed).",
    collect() {
      this.reset();
      const times = replicas().flatMap((r) => (r.seedMs === null ? [] : [r.seedMs]));
      if (times.length > 0) this.set(Math.max(...times) / 1000);
    },
  });
  new Gauge({
    name: `${prefix}sparql_requests`,
    registers,
    labelNames: ['state'] as const,
    help: 'SPARQL queries and update trials running at the replicas now.',
    collect() {
      this.set({ state: 'running' }, replicas().filter((r) => r.busy).length);
    },
  });
}
