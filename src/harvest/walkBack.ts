/**
 * The walk of IIIF Change Discovery 1.0: from the feed's `last` page back through `prev`, each
 * page's activities newest first; the first activity met for a document is its newest and the
 * only one that counts (older ones are superseded); the walk stops once it is past where the
 * previous harvest ended (the resume point) or, with --since, past that time. Only the changes
 * to make are kept (one per document), so memory goes with the documents changed, not with the
 * length of the feed.
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

export async function walkBack(source: FeedSource, collectionUrl: string, start: Start, onPage?: (pages: number) => void): Promise<Walk> {
  const collection = await source.collection(collectionUrl);
  const newestFirst: Change[] = [];
  const seen = new Set<string>();
  const ignored: string[] = [];
  let read = 0;
  let newest: FeedActivity | undefined;
  let pages = 0;
  let pageUrl = collection.last;
  let page = collection.inline;
  const visited = new Set<string>();
  while (page || pageUrl !== undefined) {
    if (!page) {
      if (visited.has(pageUrl!)) throw new Error(`the feed's pages loop: ${pageUrl} comes back through "prev"`);
      visited.add(pageUrl!);
      page = await source.page(pageUrl!);
    }
    pages++;
    onPage?.(pages);
    const { fresh, done } = newerThanStart(page.activities, page.id, start);
    for (let i = fresh.length - 1; i >= 0; i--) {
      const activity = fresh[i]!;
      read++;
      newest ??= activity;
      const changes = changesOf(activity);
      if (!changes) {
        ignored.push(`${activity.page} orderedItems[${activity.index}]: a ${activity.type} of ${activity.object} changes nothing here (only Create, Update, Delete, Add, Remove, Move with a target, Refresh do)`);
        continue;
      }
      // A Move lists its target first: walking newest first, its store comes after its remove.
      for (const change of [...changes].reverse()) {
        if (seen.has(change.document)) continue;
        seen.add(change.document);
        newestFirst.push(change);
      }
    }
    ignored.push(...page.unreadable);
    if (done) break;
    pageUrl = page.prev;
    page = undefined;
  }
  return { changes: newestFirst.reverse(), read, newest, ignored, pages };
}

/**
 * The activities of a page (oldest first) that come after the start, and whether the walk
 * goes on to older pages. The resume point's page is found by its id and the activity by its
 * index there (checked against its id when it has one); a feed whose pages were renumbered is
 * resumed by time instead, from the resume point's endTime on (re-reading an activity at that
 * same instant is harmless: an unchanged document is left alone).
 */
function newerThanStart(activities: readonly FeedActivity[], pageId: string, start: Start): { fresh: readonly FeedActivity[]; done: boolean } {
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
  if (activities.some((a) => a.time < resumeTime)) return { fresh: activities.filter((a) => !(a.time < resumeTime)), done: true };
  return { fresh: activities, done: false };
}
