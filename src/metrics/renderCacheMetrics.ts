/** The render cache (src/service/Representations.ts), read at scrape time from its stats(). */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { RenderCacheStats } from '../service/Representations.js';

export function renderCacheMetrics(registry: Registry, prefix: string, stats: () => RenderCacheStats): void {
  const registers = [registry];
  new Counter({
    name: `${prefix}render_cache_hits_total`,
    registers,
    help: 'Document reads answered from the render cache since start.',
    collect() {
      this.reset();
      this.inc(stats().hits);
    },
  });
  new Counter({
    name: `${prefix}render_cache_misses_total`,
    registers,
    help: 'Document reads the render cache could not answer since start (rendered from the store, or no such document); 0 with the cache off.',
    collect() {
      this.reset();
      this.inc(stats().misses);
    },
  });
  new Gauge({
    name: `${prefix}render_cache_bytes`,
    registers,
    help: 'Bytes the render cache holds, as counted against its bound (--cache-mb).',
    collect() {
      this.set(stats().bytes);
    },
  });
  new Gauge({
    name: `${prefix}render_cache_entries`,
    registers,
    help: 'Representations (one document in one format) the render cache holds.',
    collect() {
      this.set(stats().entries);
    },
  });
}
