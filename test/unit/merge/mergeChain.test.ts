/**
 * mergeChainEnd: a merged-away id leads to the end of its chain of merges, one hop or many,
 * stopping at the first id not merged away and at an id met twice.
 */
import { expect } from 'chai';
import { mergeChainEnd } from '../../../src/merge/mergeChain.js';

const feedOf = (merges: Record<string, string>) => ({
  mergedInto: (id: string) => Promise.resolve(merges[id]),
});

describe('mergeChainEnd', () => {
  const cases: Array<[string, Record<string, string>, string, string | undefined]> = [
    ['an id not merged away', { b: 'c' }, 'a', undefined],
    ['one merge', { a: 'b' }, 'a', 'b'],
    ['A → B → C', { a: 'b', b: 'c' }, 'a', 'c'],
    ['B → C from B', { a: 'b', b: 'c' }, 'b', 'c'],
    ['a chain of four', { a: 'b', b: 'c', c: 'd', d: 'e' }, 'a', 'e'],
    ['a circle back to the start', { a: 'b', b: 'a' }, 'a', 'a'],
    ['a circle further on', { a: 'b', b: 'c', c: 'b' }, 'a', 'b'],
  ];
  for (const [what, merges, id, end] of cases)
    it(`${what}: ${id} leads to ${String(end)}`, async () => {
      expect(await mergeChainEnd(feedOf(merges), id)).to.equal(end);
    });

  it('a chain longer than 100 hops ends where it got to', async () => {
    const merges: Record<string, string> = {};
    for (let n = 0; n < 150; n++) merges[`id${n}`] = `id${n + 1}`;
    expect(await mergeChainEnd(feedOf(merges), 'id0')).to.equal('id100');
  });
});
