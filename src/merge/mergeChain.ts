/**
 * Where a merged-away id leads in the end: A merged into B, then B into C, leads to C, so A
 * answers one 308 straight to C rather than a hop through B (each tombstone names only the id
 * it was merged into, the merge of B does not touch A's). The chain stops at the first id not
 * merged away (live, deleted, or re-created), and at an id met twice.
 */
import type { ChangeFeed } from '../feed/ChangeFeed.js';

/** Hops followed at most: a chain longer than this is a store gone wrong, and leads where it got to. */
const MAX_HOPS = 100;

/** The id `id` was merged into, followed to the end of its chain; undefined when `id` was not merged away. */
export async function mergeChainEnd(feed: Pick<ChangeFeed, 'mergedInto'>, id: string): Promise<string | undefined> {
  const seen = new Set([id]);
  let end = await feed.mergedInto(id);
  for (let hops = 1; end !== undefined && hops < MAX_HOPS; hops++) {
    if (seen.has(end)) break;
    seen.add(end);
    const further = await feed.mergedInto(end);
    if (further === undefined) break;
    end = further;
  }
  return end;
}
