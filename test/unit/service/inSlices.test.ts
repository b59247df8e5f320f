/** Work on the readers' thread, in slices: all of it, in order, with the event loop let in between. */
import { expect } from 'chai';
import { eachInSlices, mapInSlices } from '../../../src/service/inSlices.js';

const busy = (ms: number) => { const until = performance.now() + ms; while (performance.now() < until) { /* holding the thread, as a large write's bookkeeping does */ } };

describe('service/inSlices', () => {
  it('visits every item in order, and lets what waits on the event loop run before long work ends', async () => {
    const visited: number[] = [];
    let readerRanAt: number | undefined;
    setImmediate(() => { readerRanAt = visited.length; });
    await eachInSlices([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], (i) => { busy(2); visited.push(i); });
    expect(visited).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(readerRanAt, 'the waiting callback ran part-way through').to.be.greaterThan(0).and.lessThan(10);
  });

  it('cuts a map into maps of at most the size given, keeping every entry in order', async () => {
    const map = new Map(Array.from({ length: 7 }, (_, i) => [`g${i}`, i] as const));
    const slices: Array<Array<[string, number]>> = [];
    await mapInSlices(map, 3, (slice) => { slices.push([...slice]); });
    expect(slices.map((s) => s.length)).to.deep.equal([3, 3, 1]);
    expect(slices.flat()).to.deep.equal([...map]);
  });

  it('hands a small map over whole', async () => {
    const map = new Map([['a', 1]]);
    let got: ReadonlyMap<string, number> | undefined;
    await mapInSlices(map, 3, (slice) => { got = slice; });
    expect(got).to.equal(map);
  });
});
