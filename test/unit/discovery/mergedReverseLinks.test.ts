/**
 * followingMerges: the documents pointing at an id merged away are listed under where it went
 * (through a chain too), once each however many of the merged ids they point at; a document
 * nothing was merged into is answered by the index alone.
 */
import { expect } from 'chai';
import { followingMerges } from '../../../src/discovery/mergedReverseLinks.js';
import type { Hit, ReverseLinks } from '../../../src/discovery/ReverseLinks.js';

/** An index of hits by target and relation. */
function indexOf(hits: Record<string, Record<string, string[]>>): ReverseLinks & { asked: string[] } {
  const asked: string[] = [];
  const list = (target: string, relation: string): Hit[] =>
    (hits[target]?.[relation] ?? []).map((id) => ({ id, type: 'HumanMadeObject' }));
  return {
    asked,
    counts: (target) => {
      asked.push(target);
      const out = new Map<string, number>();
      for (const [relation, ids] of Object.entries(hits[target] ?? {})) out.set(relation, ids.length);
      return Promise.resolve(out);
    },
    hits: (target, relation, offset, limit) => {
      const all = list(target, relation);
      return Promise.resolve({ total: all.length, items: all.slice(offset, offset + limit) });
    },
    ofClass: () => Promise.resolve({ total: 0, items: [] }),
    classCounts: () => Promise.resolve(new Map()),
    written: () => [],
  };
}

const HITS = {
  a: { producedBy: ['o1', 'o2'], ownedBy: ['o9'] },
  b: { producedBy: ['o2', 'o3'] },
  c: { producedBy: ['o4', 'b'] },
};
const MERGED: Record<string, string[]> = { b: ['a'], c: ['b'] };
const mergedInto = (id: string) => Promise.resolve(MERGED[id] ?? []);

describe('followingMerges', () => {
  const cases: Array<[string, string, Record<string, number>, string[]]> = [
    ['nothing merged into it: the index alone', 'a', { producedBy: 2, ownedBy: 1 }, ['o1', 'o2']],
    ['A merged into B: once each, in id order', 'b', { producedBy: 3, ownedBy: 1 }, ['o1', 'o2', 'o3']],
    ['A → B → C: C lists all, not B itself', 'c', { producedBy: 4, ownedBy: 1 }, ['o1', 'o2', 'o3', 'o4']],
  ];
  for (const [what, target, counts, produced] of cases)
    it(`${what}`, async () => {
      const index = followingMerges(indexOf(HITS), mergedInto);
      expect(Object.fromEntries(await index.counts(target))).to.deep.equal(counts);
      const page = await index.hits(target, 'producedBy', 0, 100);
      expect(page.items.map((h) => h.id)).to.deep.equal(produced);
      expect(page.total).to.equal(produced.length);
    });

  it('pages through the merged list', async () => {
    const index = followingMerges(indexOf(HITS), mergedInto);
    const page = await index.hits('c', 'producedBy', 1, 2);
    expect([page.total, page.items.map((h) => h.id)]).to.deep.equal([4, ['o2', 'o3']]);
  });

  it('a document nothing was merged into asks the index for its own counts only', async () => {
    const base = indexOf(HITS);
    await followingMerges(base, mergedInto).counts('a');
    expect(base.asked).to.deep.equal(['a']);
  });
});
