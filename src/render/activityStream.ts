/**
 * The change feed as the IIIF Change Discovery API 1.0 shapes it (Activity Streams 2.0), in the
 * contexts the Linked Art API's discovery page names, so `object.type` is a Linked Art class:
 *
 *   {base}activity-stream          OrderedCollection: totalItems, first, last
 *   {base}activity-stream/page/n   OrderedCollectionPage: activities (n-1)·size+1 … n·size
 *
 * Page n always holds the same range of the sequence. The last page is the one the next
 * activity goes to (it may be empty): so a full page already has its `next`, and its bytes
 * never change again; only the collection and the last page change with a write.
 */
import type { Activity } from '../feed/activityGraph.js';

export const ACTIVITY_STREAM_CONTEXT = [
  'https://linked.art/ns/v1/record-types.json',
  'http://iiif.io/api/discovery/1/context.json',
];
export const ACTIVITY_STREAM_PATH = 'activity-stream';
export const ACTIVITY_STREAM_MEDIA_TYPE = 'application/ld+json;profile="https://www.w3.org/ns/activitystreams"';

export function activityStreamUrl(baseUrl: string): string {
  return baseUrl + ACTIVITY_STREAM_PATH;
}

export function activityPageUrl(baseUrl: string, page: number): string {
  return `${activityStreamUrl(baseUrl)}/page/${page}`;
}

/** The number of the last page of a feed of `length` activities: where the next one goes. */
export function lastPage(length: number, pageSize: number): number {
  return Math.floor(length / pageSize) + 1;
}

/** The range of activities page `n` holds. */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  return { from: (page - 1) * pageSize + 1, to: page * pageSize };
}

export function activityCollection(baseUrl: string, length: number, pageSize: number): Record<string, unknown> {
  return {
    '@context': ACTIVITY_STREAM_CONTEXT,
    id: activityStreamUrl(baseUrl),
    type: 'OrderedCollection',
    totalItems: length,
    first: { id: activityPageUrl(baseUrl, 1), type: 'OrderedCollectionPage' },
    last: { id: activityPageUrl(baseUrl, lastPage(length, pageSize)), type: 'OrderedCollectionPage' },
  };
}

/** Page `page` of a feed of `length` activities, given its activities (in order). */
export function activityPage(
  baseUrl: string,
  page: number,
  length: number,
  pageSize: number,
  activities: readonly Activity[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    '@context': ACTIVITY_STREAM_CONTEXT,
    id: activityPageUrl(baseUrl, page),
    type: 'OrderedCollectionPage',
    // Not totalItems: a full page must not change when the feed grows.
    partOf: { id: activityStreamUrl(baseUrl), type: 'OrderedCollection' },
    startIndex: (page - 1) * pageSize,
  };
  if (page > 1) out.prev = { id: activityPageUrl(baseUrl, page - 1), type: 'OrderedCollectionPage' };
  if (page < lastPage(length, pageSize))
    out.next = { id: activityPageUrl(baseUrl, page + 1), type: 'OrderedCollectionPage' };
  out.orderedItems = activities.map(activityItem);
  return out;
}

/**
 * One activity as the page lists it. A Move (a merge) names the merged-away id as its `object`
 * and `origin` and where it went as its `target` (IIIF Change Discovery's Move); who made the
 * change, when the write said, is its `actor` ({type: Person | Application, name}).
 */
function activityItem(a: Activity): Record<string, unknown> {
  const object = a.type === undefined ? { id: a.object } : { id: a.object, type: a.type };
  return {
    type: a.kind,
    object,
    ...(a.target !== undefined
      ? { origin: object, target: a.type === undefined ? { id: a.target } : { id: a.target, type: a.type } }
      : {}),
    ...(a.actor ? { actor: { type: a.actor.type, name: a.actor.name } } : {}),
    endTime: a.endTime,
  };
}
