/**
 * A write that lost to another process's (WriteConflict: on a store several service processes
 * write to) is made again from the start: read again, checked again (a conditional write then
 * finds its precondition lost: 412), given the next free place in the change feed. A short,
 * random wait first, so that processes that met once do not meet again in step.
 */
import { WriteConflict } from '../store/WriteConflict.js';

/** Attempts before the conflict itself is the answer (at four processes writing one store, a write rarely needs three). */
const ATTEMPTS = 50;

export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WriteConflict) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * Math.min(attempt, 10)));
    }
  }
}
