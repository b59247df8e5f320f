/**
 * A write's graphs reach the observers (the name index, the reverse links) a document's worth at a
 * time between reads of the clock, so that a GET waiting on the event loop waits for one
 * document's indexing, not twenty's (issue 35: readers during a bulk load).
 */
import { expect } from 'chai';
import { WriteObservers } from '../../../src/service/WriteObservers.js';
import { df, type Quad } from '../../../src/rdf/terms.js';
import { MemoryStore } from '../../support/memoryStore.js';

/** performance.now advancing only when told (as in inSlices.test.ts); restored before the test ends. */
function fakeClock(): { advance(ms: number): void; restore(): void } {
  let now = 0;
  performance.now = () => now;
  return {
    advance: (ms) => {
      now += ms;
    },
    restore: () => {
      delete (performance as { now?: unknown }).now;
    },
  };
}

const quad = (graph: string): Quad =>
  df.quad(df.namedNode(graph), df.namedNode('https://example.org/p'), df.literal('x'), df.namedNode(graph));

describe('service/WriteObservers', () => {
  it('tells a batch of documents in turns of at most one document (three graphs), letting a waiting reader in after the first', async () => {
    const observers = new WriteObservers(new MemoryStore());
    const events: string[] = [];
    const clock = fakeClock();
    // Every graph "takes" a millisecond: a turn of twenty documents would be 60 ms long.
    observers.add({
      written: (graphs) => {
        for (const graph of graphs.keys()) {
          clock.advance(1);
          events.push(graph);
        }
      },
    });
    const graphs = new Map<string, Quad[]>();
    for (let d = 0; d < 20; d++)
      for (const name of [`https://example.org/${d}`, `urn:hints:${d}`, `urn:links:${d}`])
        graphs.set(name, [quad(name)]);
    setImmediate(() => events.push('reader'));
    try {
      await observers.written(graphs);
    } finally {
      clock.restore();
    }
    // Every graph told, in order; the reader ran after at most one document's graphs, not at the end.
    expect(events.filter((e) => e !== 'reader')).to.deep.equal([...graphs.keys()]);
    expect(events.indexOf('reader')).to.be.within(1, 6);
  });
});
