/**
 * Curators' SPARQL, read at scrape time: queries stopped at the time limit (any store), and
 * the state of the query workers (replicas) where the engine has them (the embedded store).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { EngineStatus } from '../sparql/SparqlEngine.js';
import type { SparqlService } from '../sparql/SparqlService.js';

export function sparqlMetrics(registry: Registry, prefix: string, sparql: SparqlService): void {
  const registers = [registry];
  new Counter({
    name: `${prefix}sparql_timeouts_total`, registers,
    help: 'SPARQL queries and updates stopped at the time limit (--query-timeout-s) since start.',
    collect() { this.reset(); this.inc(sparql.timeouts); },
  });
  const engine = sparql.engine;
  if (!engine.status) return;
  const status = (): EngineStatus => engine.status!();
  new Gauge({
    name: `${prefix}sparql_replicas`, registers, labelNames: ['state'] as const,
    help: 'Query replicas (workers with their own copy of the entity graphs), by state: ready to answer, or seeding.',
    collect() {
      const { ready, seeding } = status();
      this.set({ state: 'ready' }, ready);
      this.set({ state: 'seeding' }, seeding);
    },
  });
  new Counter({
    name: `${prefix}sparql_replica_starts_total`, registers,
    help: 'Query replicas started since start: the first, then one for each replica stopped (a query past its time limit, a failure).',
    collect() { this.reset(); this.inc(status().starts); },
  });
  new Gauge({
    name: `${prefix}sparql_replica_seed_seconds`, registers,
    help: 'How long the last seeding of a query replica took, from its start to its first request (absent until one has ended).',
    collect() {
      this.reset();
      const seconds = status().lastSeedSeconds;
      if (seconds !== undefined) this.set(seconds);
    },
  });
  new Gauge({
    name: `${prefix}sparql_requests`, registers, labelNames: ['state'] as const,
    help: 'SPARQL queries and update trials at the replicas, by state: running, or waiting for a replica.',
    collect() {
      const { running, waiting } = status();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
}
