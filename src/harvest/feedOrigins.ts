/**
 * Whose ids a feed may act on: by default only those under its own origin, plus the origins
 * the operator names (--allow-origin). A feed naming an id elsewhere (another publisher's,
 * another service on this machine, the metadata address) is refused for that item and reported:
 * a feed is the publisher's word about the publisher's own documents, no one else's.
 */
import { FeedError } from './feedJson.js';
import type { FeedSource } from './readFeed.js';

export class FeedOrigins {
  private readonly allowed: ReadonlySet<string>;

  constructor(
    private readonly feedUrl: string,
    extra: readonly string[] = [],
  ) {
    this.allowed = new Set([new URL(feedUrl).origin, ...extra.map((o) => new URL(o).origin)]);
  }

  /** Why this feed may not act on this id, or undefined when it may. */
  refusal(id: string): string | undefined {
    let url: URL;
    try {
      url = new URL(id);
    } catch {
      return 'not a URL: not fetched, not changed';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return `not an http(s) URL (${url.protocol}): not fetched, not changed`;
    if (this.allowed.has(url.origin)) return undefined;
    const others = [...this.allowed].slice(1);
    return (
      `not under the feed's origin ${new URL(this.feedUrl).origin}${others.length > 0 ? ` nor ${others.join(', ')}` : ''}: ` +
      `not fetched, not changed (a feed acts on its own documents; allow that origin with --allow-origin ${url.origin})`
    );
  }

  /** The origins, for a page of the feed: one elsewhere is not read. */
  has(url: string): boolean {
    try {
      return this.allowed.has(new URL(url).origin);
    } catch {
      return false;
    }
  }
}

/** The feed's pages are read only on its origins: a `prev` elsewhere stops the walk, named. */
export function guardedPages(source: FeedSource, origins: FeedOrigins): FeedSource {
  return {
    collection: (url) => source.collection(url),
    page: (url) => {
      if (!origins.has(url))
        throw new FeedError(
          `the feed's page ${url} is not on the feed's origin: not read (allow its origin with --allow-origin)`,
        );
      return source.page(url);
    },
  };
}
