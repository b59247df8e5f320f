/**
 * A thread's JavaScript garbage collected once the thread goes quiet after a burst (issue 35).
 *
 * V8 collects its old generation when it reaches a limit set from the live size after the last
 * collection, several times that size after a fast-growing start. A burst that ends and leaves
 * the thread idle (the start-up's index reads, a replica's seeding, an idle snapshot) therefore
 * leaves its garbage resident until the next burst: measured at 20,000 rich documents, 390 MB
 * of the server's 2.46 GB once settled (the HTTP thread's heap 386 MB with 141 MB live, the store
 * worker's 178 MB with 21 MB live), and at the moment the second query replica was seeded,
 * within the peak. So each thread checks every few seconds: when its event loop was nearly idle
 * for two checks running and its heap grew well past what was live after the last collection,
 * it collects once (a full collection, some 0.1–1 s of that idle thread's time).
 *
 * The collector is V8's own `gc`, exposed at run time (node's `--expose-gc` flag set from here,
 * the function taken from a new context); where that is refused nothing is collected by hand.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How often the thread looks (ms). */
export const CHECK_MS = 2000;
/** Busy under this share of a check's interval counts as quiet. */
export const QUIET_SHARE = 0.05;
/** Quiet checks in a row before collecting: a thread waiting on another between two steps is not idle. */
export const QUIET_CHECKS = 2;
/** Heap growth since the last collection worth collecting (bytes): smaller garbage is left to V8. */
export const GROWTH_BYTES = 64 * 1024 * 1024;

/** What a check knows. */
export interface HeapCheck {
  /** Quiet checks in a row, this one included. */
  readonly quietChecks: number;
  /** The heap's used bytes now. */
  readonly usedBytes: number;
  /** Used bytes right after the last collection (by hand, or the lowest seen since). */
  readonly liveBytes: number;
}

/** Whether to collect now. */
export function shouldCollect({ quietChecks, usedBytes, liveBytes }: HeapCheck): boolean {
  return quietChecks >= QUIET_CHECKS && usedBytes - liveBytes >= GROWTH_BYTES;
}

type Collect = () => void;

function exposedCollector(): Collect | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void (gc as Collect)() : null;
  } catch {
    return null;
  }
}

/**
 * Starts this thread's checks (the timer does not keep the thread alive); returns what stops
 * them. `collect` and `checkMs` are for tests; by default the thread's own collector, exposed
 * the first time a collection is due.
 */
export function collectWhenIdle(checkMs = CHECK_MS, collect?: Collect): () => void {
  // Taken the first time it is needed: a thread that never grows so far sets nothing.
  let collector: Collect | null | undefined = collect;
  const used = () => getHeapStatistics().used_heap_size;
  let live = used();
  let quiet = 0;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    quiet = performance.eventLoopUtilization(now, last).utilization < QUIET_SHARE ? quiet + 1 : 0;
    last = now;
    const usedBytes = used();
    if (shouldCollect({ quietChecks: quiet, usedBytes, liveBytes: live })) {
      collector ??= exposedCollector();
      if (!collector) return clearInterval(timer);
      collector();
      live = used();
      quiet = 0;
      // The collection's own time is not the thread's work.
      last = performance.eventLoopUtilization();
    } else live = Math.min(live, usedBytes);
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
