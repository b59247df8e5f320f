/**
 * The two kinds of JSON a change feed answers, read leniently where publishers differ
 * (references as objects or as plain strings, `@context` or none, `startIndex` or none) and
 * strictly where the walk depends on them (a collection's `last`, a page's `orderedItems`).
 */
import { idOf, readActivity, type FeedActivity } from './activities.js';

/** The feed's OrderedCollection: where its pages start and end. */
export interface FeedCollection {
  readonly id: string;
  readonly totalItems?: number;
  /** The newest page (undefined: the feed has no activity yet, or has them inline). */
  readonly last?: string;
  /** Activities given in the collection itself (an unpaged feed). */
  readonly inline?: FeedPage;
}

/** One OrderedCollectionPage. */
export interface FeedPage {
  readonly id: string;
  /** The page before (older); undefined on the first page. */
  readonly prev?: string;
  readonly activities: readonly FeedActivity[];
  /** Items that are not activities the harvester can read, each with why. */
  readonly unreadable: readonly string[];
}

/** The feed answered something that is not a feed: the harvest stops (the message says what and where). */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

const typeOf = (json: Record<string, unknown>) => json['type'] ?? json['@type'];

function asObject(json: unknown, url: string): Record<string, unknown> {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new FeedError(`${url}: the feed answered JSON that is not an object`);
  return json as Record<string, unknown>;
}

export function readCollection(json: unknown, url: string): FeedCollection {
  const fields = asObject(json, url);
  const type = typeOf(fields);
  const id = idOf(fields) ?? url;
  if (type === 'OrderedCollectionPage')
    throw new FeedError(
      `${url}: this is a page of a feed (OrderedCollectionPage); give the feed itself (its OrderedCollection${idOf(fields['partOf']) ? `: ${idOf(fields['partOf'])}` : ''})`,
    );
  if (type !== 'OrderedCollection' && type !== 'Collection') {
    throw new FeedError(
      `${url}: not an Activity Streams feed: "type" is ${JSON.stringify(type)}, not "OrderedCollection"`,
    );
  }
  const totalItems = typeof fields['totalItems'] === 'number' ? fields['totalItems'] : undefined;
  const last = idOf(fields['last']);
  if (last === undefined && Array.isArray(fields['orderedItems'])) {
    return { id, totalItems, inline: readPage(fields, url) };
  }
  if (last === undefined && totalItems !== undefined && totalItems > 0) {
    throw new FeedError(`${url}: the feed says it has ${totalItems} activities but gives no "last" page to start from`);
  }
  return { id, totalItems, last };
}

export function readPage(json: unknown, url: string): FeedPage {
  const fields = asObject(json, url);
  const id = idOf(fields) ?? url;
  const items = fields['orderedItems'] ?? fields['items'] ?? [];
  if (!Array.isArray(items)) throw new FeedError(`${url}: "orderedItems" is not a list`);
  const activities: FeedActivity[] = [];
  const unreadable: string[] = [];
  items.forEach((item, index) => {
    const read = readActivity(item, id, index);
    if (typeof read === 'string') unreadable.push(`${id}: ${read}`);
    else activities.push(read);
  });
  return { id, prev: idOf(fields['prev']), activities, unreadable };
}
