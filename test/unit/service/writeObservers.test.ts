/**
 * The observers told of a write's graphs (src/service/WriteObservers.ts): given as a map, or as
 * pairs made one by one as they are taken (a load's batch decoded after its write, StoreWrite.ts),
 * they get the same slices in the same order, and a pair is made only when its slice is told.
 */
import { expect } from 'chai';
import { WriteObservers } from '../../../src/service/WriteObservers.js';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { MemoryStore } from '../../support/memoryStore.js';

const graph = (i: number): [string, Quad[]] => {
  const name = `https://example.org/object/${i}`;
  return [
    name,
    [df.quad(df.namedNode(name), df.namedNode('https://example.org/p'), df.literal(`${i}`), df.namedNode(name))],
  ];
};

/** The slices an observer is told (their names), and the documents the observers answer. */
async function told(graphs: Parameters<WriteObservers['written']>[0]) {
  const observers = new WriteObservers(new MemoryStore());
  const slices: string[][] = [];
  observers.add({
    written: (slice) => {
      slices.push([...slice.keys()]);
      return [`affected by ${slices.length}`];
    },
  });
  return { slices, affected: await observers.written(graphs) };
}

describe('WriteObservers: the graphs a write stored, told in slices', () => {
  const pairs = Array.from({ length: 150 }, (_, i) => graph(i));

  it('as pairs: the same slices, in the same order, as the same graphs given as a map', async () => {
    const asMap = await told(new Map(pairs));
    const asPairs = await told(pairs.values());
    expect(asMap.slices.map((s) => s.length)).to.deep.equal([60, 60, 30]);
    expect(asPairs).to.deep.equal(asMap);
    expect(asPairs.slices.flat()).to.deep.equal(pairs.map(([name]) => name));
  });

  it('as pairs: each made only once the slices before it were told', async () => {
    const made: number[] = [];
    const toldBefore: number[] = [];
    const observers = new WriteObservers(new MemoryStore());
    let slicesTold = 0;
    observers.add({
      written: () => {
        slicesTold++;
      },
    });
    function* lazily() {
      for (let i = 0; i < 150; i++) {
        made.push(i);
        toldBefore.push(slicesTold);
        yield graph(i);
      }
    }
    await observers.written(lazily());
    expect(made).to.have.length(150);
    // Pair 60 (the first of the second slice) is made after the first slice was told, pair 120 after the second.
    expect([toldBefore[59], toldBefore[60], toldBefore[120]]).to.deep.equal([0, 1, 2]);
  });

  it('a small write: one slice of every graph', async () => {
    const few = pairs.slice(0, 3);
    expect((await told(few.values())).slices).to.deep.equal([few.map(([name]) => name)]);
  });
});
