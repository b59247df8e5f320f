/**
 * The walk of IIIF Change Discovery 1.0: from the feed's `last` page back through `prev`, each
 * page's activities newest first; the first activity met for a document is its newest and the
 * only one that counts (older ones are superseded); the walk stops once it is past where the
 * previous harvest ended (the resume point) or, with --since, past that time. Only the changes
 * to make are kept (one per document), so memory goes with the documents changed, not with the
 * length of the feed. A feed is someone else's text, so the walk is bounded: it stops (and
 * nothing is applied) after too many pages in a row that name no new document (an endless or
 * looping feed), or once more documents are to change than one run holds (WalkBounds).
 */
import { changesOf, type Change, type FeedActivity } from './activities.js';
import type { FeedSource } from './readFeed.js';

/** Where the previous harvest ended: its newest harvested activity. */
export interface ResumePoint {
  readonly page: string;
  readonly index: number;
  readonly activity?: string;
  readonly endTime?: string;
}

/** Where to start: after a resume point, from a time (ms since 1970), or from the beginning. */
export type Start = { readonly after: ResumePoint } | { readonly since: number } | 'beginning';

export interface Walk {
  /** One change per document, in feed order, oldest first. */
  readonly changes: readonly Change[];
  /** Activities read that were newer than the start (superseded ones included). */
  readonly read: number;
  /** The newest activity of the feed, when it is newer than the start: the next resume point. */
  readonly newest?: FeedActivity;
  /** Activities of a type that changes nothing here, and items that are not activities. */
  readonly ignored: readonly string[];
  readonly pages: number;
}

/** How far a walk may go (defaults: no bound, as for a feed in memory). */
export interface WalkBounds {
  /** Pages in a row that name no document not met already, after which the walk stops. */
  readonly maxPagesWithoutProgress?: number;
  /** Documents to change, past which the walk stops (what one run holds in memory). */
  readonly maxChanges?: number;
  /** Stops the walk between pages (the page being read is abandoned by the source). */
  readonly signal?: AbortSignal;
}

/** The walk went past a bound: nothing is applied; the message says which bound and what to do. */
export class WalkStopped extends Error {
  /** `read`: the activities read up to there. */
  constructor(
    message: string,
    readonly read: number,
  ) {
    super(message);
    this.name = 'WalkStopped';
  }
}

/** Ignored activities listed one by one, at most (the others are counted): an endless feed of them costs no memory. */
const IGNORED_LISTED = 1000;

export async function walkBack(
  source: FeedSource,
  collectionUrl: string,
  start: Start,
  onPage?: (pages: number) => void,
  bounds: WalkBounds = {},
): Promise<Walk> {
  const maxWithout = bounds.maxPagesWithoutProgress ?? Infinity;
  const maxChanges = bounds.maxChanges ?? Infinity;
  bounds.signal?.throwIfAborted();
  const collection = await source.collection(collectionUrl);
  const newestFirst: Change[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  let read = 0;
  let newest: FeedActivity | undefined;
  let pages = 0;
  let pageUrl = collection.last;
  let page = collection.inline;
  // Pages since the last that named a new document: a loop comes back within them (going round
  // again names nothing new), and they are all a loop can be checked against (bounded memory).
  const visited = new Set<string>();
  let ignoredMore = 0;
  while (page || pageUrl !== undefined) {
    if (!page) {
      bounds.signal?.throwIfAborted();
      if (visited.has(pageUrl!)) throw new Error(`the feed's pages loop: ${pageUrl} comes back through "prev"`);
      visited.add(pageUrl!);
      page = await source.page(pageUrl!);
    }
    pages++;
    onPage?.(pages);
    const before = seen.size;
    const { fresh, done } = newerThanStart(page.activities, page.id, start);
    for (let i = fresh.length - 1; i >= 0; i--) {
      const activity = fresh[i];
      read++;
      newest ??= activity;
      const changes = changesOf(activity);
      if (!changes) {
        if (ignored.length >= IGNORED_LISTED) {
          ignoredMore++;
          continue;
        }
        ignored.push(changesNothing(activity));
        continue;
      }
      // A Move lists its target first: walking newest first, its store comes after its remove.
      for (const change of [...changes].reverse()) {
        if (seen.has(change.document)) continue;
        seen.add(change.document);
        newestFirst.push(change);
      }
    }
    for (const u of page.unreadable)
      if (ignored.length < IGNORED_LISTED) ignored.push(u);
      else ignoredMore++;
    if (seen.size > maxChanges) {
      throw new WalkStopped(
        `the feed names more than ${maxChanges} documents to change (${seen.size} on the ${pages} newest pages, back to ${page.id}): nothing was applied; ` +
          `harvest a part of it with --since, or raise --max-changes if the memory allows (about 0.5 GB a million)`,
        read,
      );
    }
    if (seen.size > before) visited.clear();
    else if (visited.size > maxWithout) {
      throw new WalkStopped(
        `${visited.size} pages in a row named no document not met already (the feed may be endless or go round), the last ${page.id}: ` +
          `nothing was applied; raise --max-pages-without-progress ${maxWithout} if the feed really is so`,
        read,
      );
    }
    if (done) break;
    pageUrl = page.prev;
    page = undefined;
  }
  if (ignoredMore > 0) ignored.push(`${ignoredMore} more items that change nothing here (not listed)`);
  return { changes: newestFirst.reverse(), read, newest, ignored, pages };
}

/** An activity that changes nothing here, in words. */
function changesNothing(activity: FeedActivity): string {
  return `${activity.page} orderedItems[${activity.index}]: a ${activity.type} of ${activity.object} changes nothing here (only Create, Update, Delete, Add, Remove, Move with a target, Refresh do)`;
}

/**
 * The activities of a page (oldest first) that come after the start, and whether the walk
 * goes on to older pages. The resume point's page is found by its id and the activity by its
 * index there (checked against its id when it has one); a feed whose pages were renumbered is
 * resumed by time instead, from the resume point's endTime on (re-reading an activity at that
 * same instant is harmless: an unchanged document is left alone).
 */
function newerThanStart(
  activities: readonly FeedActivity[],
  pageId: string,
  start: Start,
): { fresh: readonly FeedActivity[]; done: boolean } {
  if (start === 'beginning') return { fresh: activities, done: false };
  if ('since' in start) {
    const fresh = activities.filter((a) => !(a.time < start.since));
    return { fresh, done: activities.some((a) => a.time < start.since) };
  }
  const resume = start.after;
  const resumeTime = resume.endTime === undefined ? NaN : Date.parse(resume.endTime);
  if (pageId === resume.page) {
    let at = resume.index;
    if (resume.activity !== undefined && activities.find((a) => a.index === at)?.id !== resume.activity) {
      at = activities.find((a) => a.id === resume.activity)?.index ?? -1;
    }
    if (at >= 0) return { fresh: activities.filter((a) => a.index > at), done: true };
    return { fresh: activities.filter((a) => !(a.time < resumeTime)), done: true };
  }
  // A page reaching back before the resume point's time: the resume page is gone from the feed
  // (renumbered, pruned); from that time on, as IIIF Change Discovery does, and stop here.
  if (activities.some((a) => a.time < resumeTime))
    return { fresh: activities.filter((a) => !(a.time < resumeTime)), done: true };
  return { fresh: activities, done: false };
}
