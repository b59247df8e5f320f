/** Work on the readers' thread, in slices: all of it, in order, with the event loop let in between. */
import { expect } from 'chai';
import { eachInSlices, mapInSlices } from '../../../src/service/inSlices.js';

/**
 * The clock eachInSlices reads (performance.now), made to advance only by what the work says it
 * took: a slice then ends on the work done, not on how busy the machine is, and no thread is held.
 * Restored before each test ends (mocha runs one test at a time, so nothing else reads it meanwhile).
 */
function fakeClock(): { advance(ms: number): void; restore(): void } {
  let now = 0;
  performance.now = () => now;
  return {
    advance: (ms) => {
      now += ms;
    },
    // The own property set above hides Performance.prototype.now; deleting it brings that back.
    restore: () => {
      delete (performance as { now?: unknown }).now;
    },
  };
}

describe('service/inSlices', () => {
  it('visits every item in order, and lets what waits on the event loop run before long work ends', async () => {
    const clock = fakeClock();
    // Every item "takes" a second: longer than any slice, so the work pauses after each one.
    const events: string[] = [];
    setImmediate(() => {
      events.push('reader');
    });
    try {
      await eachInSlices([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], (i) => {
        clock.advance(1000);
        events.push(`item ${i}`);
      });
    } finally {
      clock.restore();
    }
    expect(events.filter((e) => e !== 'reader')).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `item ${i}`));
    // The order of events: the waiting callback ran as soon as one item had filled a slice, long before the last.
    expect(events.indexOf('reader'), events.join(', ')).to.equal(1);
  });

  it('does not pause while a slice lasts: quick items are visited in one go', async () => {
    const clock = fakeClock();
    const events: string[] = [];
    setImmediate(() => {
      events.push('reader');
    });
    try {
      // Items that take no time at all (the clock stands still): one slice, no pause.
      await eachInSlices([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], (i) => {
        events.push(`item ${i}`);
      });
    } finally {
      clock.restore();
    }
    expect(events).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `item ${i}`));
  });

  it('cuts a map into maps of at most the size given, keeping every entry in order', async () => {
    const map = new Map(Array.from({ length: 7 }, (_, i) => [`g${i}`, i] as const));
    const slices: Array<Array<[string, number]>> = [];
    await mapInSlices(map, 3, (slice) => {
      slices.push([...slice]);
    });
    expect(slices.map((s) => s.length)).to.deep.equal([3, 3, 1]);
    expect(slices.flat()).to.deep.equal([...map]);
  });

  it('hands a small map over whole', async () => {
    const map = new Map([['a', 1]]);
    let got: ReadonlyMap<string, number> | undefined;
    await mapInSlices(map, 3, (slice) => {
      got = slice;
    });
    expect(got).to.equal(map);
  });
});
