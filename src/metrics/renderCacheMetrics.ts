/** The render cache (src/service/Representations.ts), read at scrape time from its stats(). */
import type { Registry } from 'prom-client';
import type { RenderCacheStats } from '../service/Representations.js';
import { scrapedFigure, scrapedTotal } from './scrapedMetrics.js';

/** The metrics' names (after the prefix) and help. */
const HELP = {
  render_cache_hits_total: 'Document reads answered from the render cache since start.',
  render_cache_misses_total:
    'Document reads the render cache could not answer since start (rendered from the store, or no such document); 0 with the cache off.',
  render_cache_bytes: 'Bytes the render cache holds, as counted against its bound (--cache-mb).',
  render_cache_entries: 'Representations (one document in one format) the render cache holds.',
};

export function renderCacheMetrics(registry: Registry, prefix: string, stats: () => RenderCacheStats): void {
  const metric = (name: keyof typeof HELP) => [registry, `${prefix}${name}`, HELP[name]] as const;
  scrapedTotal(...metric('render_cache_hits_total'), () => stats().hits);
  scrapedTotal(...metric('render_cache_misses_total'), () => stats().misses);
  scrapedFigure(...metric('render_cache_bytes'), () => stats().bytes);
  scrapedFigure(...metric('render_cache_entries'), () => stats().entries);
}
