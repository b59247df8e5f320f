/**
 * Why a merge was not made (nothing was written): an id that names no document (`notFound`),
 * a merge that cannot be (`conflict`: an id into itself, an id merged already), or a reference
 * that, rewritten, would break a rule (`rejected`, with every problem).
 */
import type { Problem } from '../linkedart/Problem.js';

export type MergeRefusal = 'notFound' | 'conflict' | 'invalid' | 'rejected';

export class MergeRefused extends Error {
  override name = 'MergeRefused';
  constructor(
    readonly reason: MergeRefusal,
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}
