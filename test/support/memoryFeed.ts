/**
 * A change feed in memory for the harvester's unit tests: activities in pages of `pageSize`,
 * oldest first, read through the same parsing as a feed over HTTP (readCollection, readPage);
 * it counts the pages read.
 */
import { readCollection, readPage } from '../../src/harvest/feedJson.js';
import type { FeedSource } from '../../src/harvest/readFeed.js';

export const FEED = 'https://publisher.example/activity-stream';

export interface ItemSpec {
  type: string;
  object: string;
  endTime: string;
  target?: string;
}

export class MemoryFeed implements FeedSource {
  pagesRead: string[] = [];
  constructor(
    public items: ItemSpec[],
    private readonly pageSize = 3,
  ) {}

  pageUrl(n: number): string {
    return `${FEED}/page/${n}`;
  }
  get pageCount(): number {
    return Math.ceil(this.items.length / this.pageSize);
  }

  collectionJson(): Record<string, unknown> {
    const n = this.pageCount;
    return {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: FEED,
      type: 'OrderedCollection',
      totalItems: this.items.length,
      ...(n > 0 ? { first: { id: this.pageUrl(1), type: 'OrderedCollectionPage' }, last: this.pageUrl(n) } : {}),
    };
  }

  pageJson(n: number): Record<string, unknown> {
    const items = this.items.slice((n - 1) * this.pageSize, n * this.pageSize);
    return {
      id: this.pageUrl(n),
      type: 'OrderedCollectionPage',
      partOf: { id: FEED, type: 'OrderedCollection' },
      ...(n > 1 ? { prev: { id: this.pageUrl(n - 1), type: 'OrderedCollectionPage' } } : {}),
      ...(n < this.pageCount ? { next: { id: this.pageUrl(n + 1), type: 'OrderedCollectionPage' } } : {}),
      orderedItems: items.map((item, i) => ({
        id: `${FEED}/activity/${(n - 1) * this.pageSize + i}`,
        type: item.type,
        object: { id: item.object, type: 'HumanMadeObject' },
        endTime: item.endTime,
        ...(item.target ? { target: { id: item.target, type: 'HumanMadeObject' } } : {}),
      })),
    };
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed: callers await it, a throw must reject
  async collection(url: string) {
    return readCollection(this.collectionJson(), url);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed: callers await it, a throw must reject
  async page(url: string) {
    this.pagesRead.push(url);
    const n = Number(/\/page\/(\d+)$/.exec(url)?.[1]);
    return readPage(this.pageJson(n), url);
  }
}

/** An endTime: `minute` minutes after 07:00 UTC on 25 November 2026. */
export function at(minute: number): string {
  return new Date(Date.UTC(2026, 10, 25, 7, minute)).toISOString();
}
