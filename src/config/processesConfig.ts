/**
 * --follow-feed-ms and --name-index: how a process keeps what it derives from the documents in
 * step with writes other processes make to the same remote store (src/follow/), and where its
 * name search index lives (as documentLimitsConfig.ts, one part of the settings read by Config.ts).
 */
import type { Given } from './givenSetting.js';
type ProcessKey = 'followFeedMs' | 'nameIndex';

export const NAME_INDEX_PLACES = ['memory', 'store', 'off'] as const;
export type NameIndexPlace = (typeof NAME_INDEX_PLACES)[number];

/** How often a process on a remote store reads the change feed by default (ms): others' writes are searchable here within about this. */
export const DEFAULT_FOLLOW_FEED_MS = 500;

export const PROCESS_SETTINGS: Readonly<Record<ProcessKey, { env: string; help: string }>> = {
  followFeedMs: {
    env: 'LINKEDART_FOLLOW_FEED_MS',
    help: `on a remote store, how often (milliseconds) this process reads the change feed for writes other processes made, to bring its name index, thumbnails and render cache up to date; 0: never (default ${DEFAULT_FOLLOW_FEED_MS}; the embedded store has one process: 0)`,
  },
  nameIndex: {
    env: 'LINKEDART_NAME_INDEX',
    help: `where the name search index lives: memory (built from the store at start, kept by the change feed), store (Virtuoso's own free-text index, written as its dba: nothing held or read at start) or off (no name search: /search answers 404, lists show ids) (default memory)`,
  },
};

export interface ProcessConfig {
  /** How often the change feed is read for other processes' writes (ms); 0: never. */
  readonly followFeedMs: number;
  readonly nameIndex: NameIndexPlace;
}

export function processConfigOf(
  pick: (key: ProcessKey) => Given | undefined,
  fail: (given: Given, why: string) => never,
  storeKind: 'embedded' | 'sparql',
): ProcessConfig {
  const followIn = pick('followFeedMs');
  const text = followIn?.value.trim();
  const followFeedMs = text === undefined ? (storeKind === 'sparql' ? DEFAULT_FOLLOW_FEED_MS : 0) : Number(text);
  if (followIn && (!/^\d+$/.test(text!) || followFeedMs > 3_600_000))
    fail(followIn, 'a whole number of milliseconds from 0 (never) to 3600000, such as 500');
  if (followIn && followFeedMs > 0 && storeKind === 'embedded')
    fail(
      followIn,
      'the embedded store is written by this process only: there is no other to follow (give --store sparql, or 0)',
    );
  const placeIn = pick('nameIndex');
  const place = (placeIn?.value.trim().toLowerCase() ?? 'memory') as NameIndexPlace;
  if (placeIn && !NAME_INDEX_PLACES.includes(place)) fail(placeIn, `one of ${NAME_INDEX_PLACES.join(', ')}`);
  if (place === 'store' && storeKind === 'embedded')
    fail(placeIn!, "the name index in the store is Virtuoso's text index: give --store sparql, or memory");
  return { followFeedMs, nameIndex: place };
}
