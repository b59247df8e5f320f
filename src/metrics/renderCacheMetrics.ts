/** The render cache (src/service/Representations.ts), read at scrape time from its stats(). */
import type { Registry } from 'prom-client';
import type { RenderCacheStats } from '../service/Representations.js';
import { scrapedFigure, scrapedTotal } from './scrapedMetrics.js';

export function renderCacheMetrics(registry: Registry, prefix: string, stats: () => RenderCacheStats): void {
  scrapedTotal(
    registry,
    `${prefix}render_cache_hits_total`,
    'Document reads answered from the render cache since start.',
    () => stats().hits,
  );
  scrapedTotal(
    registry,
    `${prefix}render_cache_misses_total`,
    'Document reads the render cache could not answer since start (rendered from the store, or no such document); 0 with the cache off.',
    () => stats().misses,
  );
  scrapedFigure(
    registry,
    `${prefix}render_cache_bytes`,
    'Bytes the render cache holds, as counted against its bound (--cache-mb).',
    () => stats().bytes,
  );
  scrapedFigure(
    registry,
    `${prefix}render_cache_entries`,
    'Representations (one document in one format) the render cache holds.',
    () => stats().entries,
  );
}
