/**
 * The newest activities of a change feed, newest first, read from a store (its ChangeFeed) or
 * from a server's /activity-stream (from `last` back through `prev`, as a harvester does): what
 * `linkedart feed` prints for a curator asking "what changed today?".
 */
import type { ActivityKind } from './activityGraph.js';
import type { ChangeFeed } from './ChangeFeed.js';

export interface FeedEntry {
  readonly kind: ActivityKind | (string & {}); // (string & {}): any string, the three kinds still named
  readonly object: string;
  readonly type: string | undefined;
  readonly endTime: string;
  /** A Move's: where the document went. */
  readonly target?: string;
}

export interface NewestOptions {
  /** Stop at activities older than this. */
  readonly since?: Date;
  /** At most this many. */
  readonly limit: number;
}

/** Activities read per step from a store. */
const STEP = 100;

export async function* newestInStore(feed: ChangeFeed): AsyncGenerator<FeedEntry> {
  for (let to = await feed.length(); to >= 1; to -= STEP) {
    const activities = await feed.activities(Math.max(1, to - STEP + 1), to);
    for (const a of activities.reverse())
      yield {
        kind: a.kind,
        object: a.object,
        type: a.type,
        endTime: a.endTime,
        ...(a.target !== undefined ? { target: a.target } : {}),
      };
  }
}

interface PageJson {
  prev?: { id?: string } | string;
  orderedItems?: Array<{ type?: string; object?: { id?: string; type?: string }; endTime?: string }>;
}

export async function* newestOnServer(
  collectionUrl: string,
  fetchJson: (url: string) => Promise<unknown>,
): AsyncGenerator<FeedEntry> {
  const collection = (await fetchJson(collectionUrl)) as { last?: { id?: string } | string };
  let href = typeof collection.last === 'string' ? collection.last : collection.last?.id;
  if (!href) throw new Error(`${collectionUrl} is not a change feed: its collection has no "last" page`);
  while (href) {
    const page = (await fetchJson(href)) as PageJson;
    if (!Array.isArray(page.orderedItems))
      throw new Error(`${href} is not a change feed page: it has no "orderedItems"`);
    for (const item of [...page.orderedItems].reverse()) {
      if (!item.object?.id || !item.endTime || !item.type)
        throw new Error(
          `${href}: an activity without type, object.id or endTime: ${JSON.stringify(item).slice(0, 200)}`,
        );
      yield { kind: item.type, object: item.object.id, type: item.object.type, endTime: item.endTime };
    }
    href = typeof page.prev === 'string' ? page.prev : page.prev?.id;
  }
}

/** The entries of `source` (newest first) within `options`. */
export async function newest(source: AsyncIterable<FeedEntry>, options: NewestOptions): Promise<FeedEntry[]> {
  const out: FeedEntry[] = [];
  for await (const entry of source) {
    if (out.length >= options.limit) break;
    if (options.since && new Date(entry.endTime).getTime() < options.since.getTime()) break;
    out.push(entry);
  }
  return out;
}

/**
 * `--since` as a curator writes it: a date or date-time (ISO 8601), `today` (since midnight,
 * local time), or a span back from now (`90m`, `24h`, `7d`).
 */
export function sinceFrom(text: string, now: Date = new Date()): Date {
  if (text === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const span = /^(\d+)([mhd])$/.exec(text);
  if (span)
    return new Date(
      now.getTime() - Number(span[1]) * { m: 60000, h: 3600000, d: 86400000 }[span[2] as 'm' | 'h' | 'd'],
    );
  const when = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? new Date(text) : new Date(NaN);
  if (Number.isNaN(when.getTime()))
    throw new Error(
      `--since ${JSON.stringify(text)}: give a date (2026-11-25), a date-time (2026-11-25T09:00:00Z), today, or a span back from now (90m, 24h, 7d)`,
    );
  return when;
}
