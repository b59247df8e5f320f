/**
 * A thread's garbage collected once it goes quiet after a burst (issue 35): collected only after
 * two quiet checks running and a growth worth it; and, on a real thread, a burst's garbage freed
 * while the thread does nothing else.
 */
import { expect } from 'chai';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  collectWhenIdle,
  GROWTH_BYTES,
  QUIET_CHECKS,
  shouldCollect,
  type HeapCheck,
} from '../../../src/store/idleCollection.js';

const MB = 1024 * 1024;

describe('store/idleCollection: garbage collected once a thread goes quiet', () => {
  const live = 100 * MB;
  const table: Array<[string, HeapCheck, boolean]> = [
    [
      'quiet for two checks, grown by the threshold',
      { quietChecks: 2, usedBytes: live + GROWTH_BYTES, liveBytes: live },
      true,
    ],
    ['quiet for longer, grown by more', { quietChecks: 5, usedBytes: live + 4 * GROWTH_BYTES, liveBytes: live }, true],
    [
      'quiet for one check only (waiting between two steps)',
      { quietChecks: 1, usedBytes: live + 4 * GROWTH_BYTES, liveBytes: live },
      false,
    ],
    ['busy', { quietChecks: 0, usedBytes: live + 4 * GROWTH_BYTES, liveBytes: live }, false],
    [
      'quiet, grown by less than the threshold',
      { quietChecks: 3, usedBytes: live + GROWTH_BYTES - 1, liveBytes: live },
      false,
    ],
    ['quiet, smaller than after the last collection', { quietChecks: 3, usedBytes: live - MB, liveBytes: live }, false],
  ];
  for (const [what, check, collect] of table) {
    it(`${what}: ${collect ? 'collects' : 'waits'}`, () => {
      expect(QUIET_CHECKS).to.equal(2);
      expect(shouldCollect(check)).to.equal(collect);
    });
  }

  it("a burst's garbage is collected while the thread is idle, once", async function () {
    this.timeout(60_000);
    // V8's own collector, exposed as the module exposes it: a clean start (what earlier files in
    // this worker left is not counted as live), and the collection the check asks for.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    let collections = 0;
    // A burst: well past the threshold (strings in arrays). It is dropped only when the check
    // collects, so V8 cannot free it first and leave the check nothing to see on a busy machine.
    let burst: string[][] | null = [];
    const stop = collectWhenIdle(50, () => {
      collections++;
      burst = null;
      gc();
    });
    try {
      for (let i = 0; i < 40; i++) burst.push(Array.from({ length: 100_000 }, (_, j) => `garbage ${i} ${j}`));
      expect(getHeapStatistics().used_heap_size).to.be.greaterThan(GROWTH_BYTES);
      while (collections === 0) await new Promise((r) => setTimeout(r, 25));
      expect(burst).to.equal(null);
      // Idle on: nothing more grew, so no second collection.
      const after = collections;
      for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 50));
      expect(collections).to.equal(after);
    } finally {
      stop();
    }
  });

  it("the thread's own collector frees the heap (node's --expose-gc set at run time)", async function () {
    this.timeout(60_000);
    const stop = collectWhenIdle(50);
    let burst: string[][] | null = [];
    for (let i = 0; i < 40; i++) burst.push(Array.from({ length: 100_000 }, (_, j) => `garbage ${i} ${j}`));
    const before = getHeapStatistics().used_heap_size;
    burst = null;
    try {
      while (getHeapStatistics().used_heap_size > before - GROWTH_BYTES) await new Promise((r) => setTimeout(r, 25));
    } finally {
      stop();
    }
    expect(getHeapStatistics().used_heap_size).to.be.lessThan(before - GROWTH_BYTES);
  });
});
