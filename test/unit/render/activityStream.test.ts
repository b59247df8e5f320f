/** Feed pages: which activities a page holds, its links, and that a full page never depends on the feed's length. */
import { expect } from 'chai';
import { activityCollection, activityPage, lastPage, pageRange } from '../../../src/render/activityStream.js';
import type { Activity } from '../../../src/feed/activityGraph.js';

const BASE = 'https://example.org/';
const activity = (seq: number): Activity => ({
  seq,
  kind: 'Update',
  object: `${BASE}doc/${seq}`,
  type: 'Person',
  endTime: '2026-11-25T00:00:00Z',
});

describe('activity stream pages', () => {
  it('page n holds a fixed range; the last page is where the next activity goes', () => {
    const table: Array<[number, number, number]> = [
      [0, 10, 1],
      [1, 10, 1],
      [9, 10, 1],
      [10, 10, 2],
      [11, 10, 2],
      [1000000, 100, 10001],
    ];
    for (const [length, size, last] of table)
      expect(lastPage(length, size), `${length} activities, ${size} a page`).to.equal(last);
    expect(pageRange(3, 100)).to.deep.equal({ from: 201, to: 300 });
  });

  it("a full page is the same whatever the feed's length after it; the last has no next, the first no prev", () => {
    const items = [1, 2, 3].map(activity);
    const when3 = activityPage(BASE, 1, 3, 3, items);
    expect(activityPage(BASE, 1, 500, 3, items)).to.deep.equal(when3);
    expect(when3.next).to.deep.equal({ id: `${BASE}activity-stream/page/2`, type: 'OrderedCollectionPage' });
    expect(when3.prev).to.equal(undefined);
    const last = activityPage(BASE, 2, 4, 3, [activity(4)]);
    expect(last.next).to.equal(undefined);
    expect(last.prev).to.deep.equal({ id: `${BASE}activity-stream/page/1`, type: 'OrderedCollectionPage' });
    expect(last.startIndex).to.equal(3);
    expect(last.orderedItems).to.deep.equal([
      { type: 'Update', object: { id: `${BASE}doc/4`, type: 'Person' }, endTime: '2026-11-25T00:00:00Z' },
    ]);
  });

  it('the collection: totalItems, first and last', () => {
    expect(activityCollection(BASE, 25, 10)).to.deep.include({
      id: `${BASE}activity-stream`,
      type: 'OrderedCollection',
      totalItems: 25,
      first: { id: `${BASE}activity-stream/page/1`, type: 'OrderedCollectionPage' },
      last: { id: `${BASE}activity-stream/page/3`, type: 'OrderedCollectionPage' },
    });
  });
});
