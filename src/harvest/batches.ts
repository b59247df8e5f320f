/**
 * A harvest's batches: the feed's changes cut into batches, and how much of a fetched batch can
 * be written. (Those in flight, checked or being written: load/batchesInFlight.ts.)
 */
import type { Change } from './activities.js';
import type { Fetched } from './fetchDocument.js';

/** Changes in batches of about `size`, the changes of one activity (a Move's two) never split. */
export function inBatches(changes: readonly Change[], size: number): Change[][] {
  const batches: Change[][] = [];
  let batch: Change[] = [];
  for (const change of changes) {
    if (batch.length >= size && batch[batch.length - 1].activity !== change.activity) {
      batches.push(batch);
      batch = [];
    }
    batch.push(change);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * How many of a fetched batch's changes can be written, and the first document the publisher
 * keeps failing to give (-1: none): the batch is written up to it, and the harvest stops there.
 */
export function writableUpTo(
  batch: readonly Change[],
  fetched: readonly Fetched[],
): { upTo: number; unavailable: number } {
  const unavailable = fetched.findIndex((f) => f.kind === 'unavailable');
  let upTo = unavailable < 0 ? batch.length : unavailable;
  // A Move's removal is not written without its store: the state would pass the Move.
  while (upTo > 0 && upTo < batch.length && batch[upTo - 1].activity === batch[upTo].activity) upTo--;
  return { upTo, unavailable };
}
