/**
 * A feed's Moves as the harvester applies them: the document taken away at the Move's object is
 * merged here into its target (its id answers 308 there, as at the publisher, and is found by
 * the names it was found by there: movedNames.ts).
 */
import type { Change as FeedChange } from '../feed/ChangeFeed.js';
import type { Change } from './activities.js';

/**
 * The removals of a batch as the feed records them: a document a Move took away is merged into
 * the Move's target here too (its id answers 308 there), found by `names` (movedNames.ts); any other removed.
 */
export function movedOrRemoved(
  removals: readonly FeedChange[],
  batch: readonly Change[],
  names: ReadonlyMap<string, readonly string[]>,
): FeedChange[] {
  const movedTo = movesOf(batch);
  return removals.map((r) => {
    const target = movedTo.get(r.id);
    return target === undefined ? r : { ...r, kind: 'Move', target, names: names.get(r.id) ?? [] };
  });
}

/** The documents a batch's Moves take away, and where each went. */
export function movesOf(batch: readonly Change[]): Map<string, string> {
  const movedTo = new Map<string, string>();
  for (const c of batch)
    if (c.effect === 'remove' && c.activity.type === 'Move' && c.activity.target !== undefined)
      movedTo.set(c.document, c.activity.target);
  return movedTo;
}
