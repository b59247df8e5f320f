/**
 * A write that lost to another process's (WriteConflict: on a store several service processes
 * write to) is made again from the start: read again, checked again (a conditional write then
 * finds its precondition lost: 412), given the next free place in the change feed. A short,
 * random wait first, longer each time, so that processes that met once do not meet again in step.
 */
import { WriteConflict } from '../store/WriteConflict.js';

/** Attempts before the conflict itself is the answer: at four processes writing the same few documents without a pause, some writes lose ten times running. */
const ATTEMPTS = 40;
/** The longest wait between two attempts (ms): waits double from 4 ms up to it. */
const LONGEST_WAIT = 1000;

export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WriteConflict) || attempt >= ATTEMPTS) throw error;
      // Random in [0, 4·2^attempt) ms (at most LONGEST_WAIT): a writer that lost often waits longer, and the others go past.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(LONGEST_WAIT, 4 * 2 ** attempt)));
    }
  }
}
