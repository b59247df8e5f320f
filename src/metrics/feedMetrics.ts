/**
 * How far this process's derived data (name index, thumbnails, render cache) are behind the
 * store's change feed, read at scrape time from the feed's follower (src/follow/): on a remote
 * store other processes write to, what a search here may still miss of their writes. Each
 * scrape reads the feed's length from the store (one lookup when nothing is new) and, when
 * behind, the oldest activity not applied.
 */
import type { Registry } from 'prom-client';
import type { FeedLag } from '../follow/FeedFollower.js';
import { oncePerScrape } from './oncePerScrape.js';
import { scrapedFigure, scrapedTotal } from './scrapedMetrics.js';

/** The metrics' names (after the prefix) and help. */
const HELP = {
  feed_lag_activities:
    "Activities in the store's change feed that this process has not yet applied to its derived data (other processes' writes; its own count as applied).",
  feed_lag_seconds:
    'How old the oldest activity not yet applied here is, in seconds (0 when none; the feed stamps times to the second, by the writing process).',
  feed_own_activities_skipped_total:
    "Activities the feed's follower passed over since start as this process's own writes, whose derived data were updated at the write.",
};

/** `lag`: the follower's, once it exists (undefined before: nothing to be behind yet). */
export function feedMetrics(registry: Registry, prefix: string, lag: () => Promise<FeedLag> | undefined): void {
  const none: FeedLag = { activities: 0, seconds: 0, ownSkipped: 0 };
  const read = oncePerScrape(async () => (await lag()) ?? none);
  const metric = (name: keyof typeof HELP) => [registry, `${prefix}${name}`, HELP[name]] as const;
  scrapedFigure(...metric('feed_lag_activities'), async () => (await read()).activities);
  scrapedFigure(...metric('feed_lag_seconds'), async () => (await read()).seconds);
  scrapedTotal(...metric('feed_own_activities_skipped_total'), async () => (await read()).ownSkipped);
}
