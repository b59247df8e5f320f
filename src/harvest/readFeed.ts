/**
 * Reading the feed itself (its collection and pages) over HTTP. A 4xx answer stops the harvest
 * at once, with the status and the URL: the feed is not where it was said to be, or not open to
 * us, and retrying will not change that. 5xx and network trouble are retried (httpGet.ts).
 */
import { FeedError, readCollection, readPage, type FeedCollection, type FeedPage } from './feedJson.js';
import { AnswerRefused, getWithRetries, RetriesExhausted, type RetryOptions } from './httpGet.js';

/** What a feed is asked for: Activity Streams as JSON-LD; plain JSON will do. */
export const FEED_ACCEPT = 'application/ld+json, application/activity+json;q=0.9, application/json;q=0.8';

/** Reads a feed's collection and pages; tests give one that serves them from memory. */
export interface FeedSource {
  collection(url: string): Promise<FeedCollection>;
  page(url: string): Promise<FeedPage>;
}

export function httpFeedSource(options: RetryOptions = {}): FeedSource {
  return {
    async collection(url) {
      return readCollection(await feedJson(url, options), url);
    },
    async page(url) {
      return readPage(await feedJson(url, options), url);
    },
  };
}

async function feedJson(url: string, options: RetryOptions): Promise<unknown> {
  let answer;
  try {
    answer = await getWithRetries(url, FEED_ACCEPT, options);
  } catch (error) {
    if (error instanceof RetriesExhausted) throw new FeedError(`the feed could not be read: ${error.message}`);
    // A page too large, a redirect loop, an address not allowed: the walk cannot go on past it.
    if (error instanceof AnswerRefused) throw new FeedError(`the feed could not be read: ${error.message}`);
    throw error;
  }
  if (answer.status >= 400) {
    throw new FeedError(
      `the feed answered ${answer.status} at ${url}${detail(answer.body)}: check the URL (a feed is an OrderedCollection such as https://host/activity-stream)`,
      answer.status,
    );
  }
  if (answer.status >= 300)
    throw new FeedError(`the feed answered ${answer.status} at ${url} without a usable redirect`, answer.status);
  try {
    return JSON.parse(answer.body) as unknown;
  } catch (error) {
    throw new FeedError(
      `${url} answered ${answer.contentType || 'no content type'} that is not JSON (${(error as Error).message}): not a feed`,
    );
  }
}

/** The start of an error body (a problem+json's title and detail, say), to show beside the status. */
function detail(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text === '' ? '' : ` (${text.length > 200 ? text.slice(0, 200) + '…' : text})`;
}

export type { FeedCollection, FeedPage };
