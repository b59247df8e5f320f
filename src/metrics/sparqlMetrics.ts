/**
 * Curators' SPARQL, read at scrape time: queries stopped at the time limit (any store), and
 * the state of the query replicas where the engine has them (the embedded store's pool).
 */
import { Gauge, type Registry } from 'prom-client';
import type { SparqlService } from '../service/SparqlService.js';
import { scrapedFigures, scrapedTotal } from './scrapedMetrics.js';

export function sparqlMetrics(registry: Registry, prefix: string, sparql: SparqlService): void {
  const registers = [registry];
  scrapedTotal(
    registry,
    `${prefix}sparql_timeouts_total`,
    'SPARQL queries and updates stopped at the time limit (--query-timeout-s) since start.',
    () => sparql.timeouts,
  );
  const engine = sparql.engine;
  const first = engine.status();
  // A remote store's engine has no replicas of its own.
  if (first.replicas.length === 0 && first.state !== 'lazy') return;
  const replicas = () => engine.status().replicas;
  scrapedFigures(
    registry,
    `${prefix}sparql_replicas`,
    'state',
    'Query replicas (workers with their own copy of the entity graphs), by state: ready to answer, seeding, or stopped.',
    () =>
      (['ready', 'seeding', 'stopped'] as const).map((state) => [
        state,
        replicas().filter((r) => r.state === state).length,
      ]),
  );
  scrapedTotal(
    registry,
    `${prefix}sparql_replica_starts_total`,
    'Query replicas started since start: each replica once, then again for each stop (a query past its time limit, a failure); a standby each time it is seeded.',
    () => {
      const status = engine.status();
      return status.replicas.reduce((n, r) => n + r.starts, status.startsGivenBack ?? 0);
    },
  );
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
  scrapedFigures(
    registry,
    `${prefix}sparql_requests`,
    'state',
    'SPARQL queries and update trials running at the replicas now.',
    () => [['running', replicas().filter((r) => r.busy).length]],
  );
}
