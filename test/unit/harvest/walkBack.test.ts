import { expect } from 'chai';
import { walkBack } from '../../../src/harvest/walkBack.js';
import { at, FEED, MemoryFeed, type ItemSpec } from '../../support/memoryFeed.js';

const obj = (n: number) => `https://publisher.example/object/${n}`;
const summary = (changes: ReadonlyArray<{ document: string; effect: string }>) => changes.map((c) => `${c.effect} ${c.document.replace('https://publisher.example/object/', '')}`);

describe('Harvest: walking a feed back from its last page', () => {
  // 8 activities in pages of 3: [0 1 2] [3 4 5] [6 7]
  const items: ItemSpec[] = [
    { type: 'Create', object: obj(1), endTime: at(0) },
    { type: 'Create', object: obj(2), endTime: at(1) },
    { type: 'Create', object: obj(3), endTime: at(2) },
    { type: 'Update', object: obj(1), endTime: at(3) },
    { type: 'Create', object: obj(4), endTime: at(4) },
    { type: 'Delete', object: obj(2), endTime: at(5) },
    { type: 'Update', object: obj(3), endTime: at(6) },
    { type: 'Create', object: obj(5), endTime: at(7) },
  ];

  it('reads every page through prev and keeps each document\'s newest activity, oldest first', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, 'beginning');
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3), feed.pageUrl(2), feed.pageUrl(1)]);
    expect(walk.read).to.equal(8);
    expect(summary(walk.changes)).to.deep.equal(['store 1', 'store 4', 'remove 2', 'store 3', 'store 5']);
    // The newest per document: object 1's Update at minute 3, not its Create; object 2's Delete.
    expect(walk.changes[0]!.activity.type).to.equal('Update');
    expect(walk.changes[0]!.activity.endTime).to.equal(at(3));
    expect(walk.newest?.index).to.equal(1);
    expect(walk.newest?.page).to.equal(feed.pageUrl(3));
  });

  it('stops at the resume point: only what came after the last harvested activity', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, { after: { page: feed.pageUrl(2), index: 1, activity: `${FEED}/activity/4`, endTime: at(4) } });
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3), feed.pageUrl(2)]);
    expect(walk.read).to.equal(3);
    expect(summary(walk.changes)).to.deep.equal(['remove 2', 'store 3', 'store 5']);
  });

  it('at the resume point with nothing new, reads one page and changes nothing', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, { after: { page: feed.pageUrl(3), index: 1, activity: `${FEED}/activity/7`, endTime: at(7) } });
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3)]);
    expect(walk.changes).to.deep.equal([]);
    expect(walk.newest).to.equal(undefined);
  });

  it('finds the resume activity by its id when its index moved, and by time when its page is gone', async () => {
    const feed = new MemoryFeed(items);
    const moved = await walkBack(feed, FEED, { after: { page: feed.pageUrl(2), index: 0, activity: `${FEED}/activity/4`, endTime: at(4) } });
    expect(summary(moved.changes)).to.deep.equal(['remove 2', 'store 3', 'store 5']);
    const gone = await walkBack(new MemoryFeed(items), FEED, { after: { page: `${FEED}/old-page/9`, index: 0, endTime: at(5) } });
    // From the resume point's time on (its own instant again: harmless).
    expect(summary(gone.changes)).to.deep.equal(['remove 2', 'store 3', 'store 5']);
  });

  it('--since: from that time on, stopping at the first page older than it', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, { since: Date.parse(at(4)) });
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3), feed.pageUrl(2)]);
    expect(walk.read).to.equal(4);
    expect(summary(walk.changes)).to.deep.equal(['store 4', 'remove 2', 'store 3', 'store 5']);
  });

  it('a Move removes at object and stores at target; a type that changes nothing is reported, not dropped silently', async () => {
    const feed = new MemoryFeed([
      { type: 'Create', object: obj(1), endTime: at(0) },
      { type: 'Move', object: obj(1), target: obj(9), endTime: at(1) },
      { type: 'Like', object: obj(3), endTime: at(2) },
    ]);
    const walk = await walkBack(feed, FEED, 'beginning');
    expect(summary(walk.changes)).to.deep.equal(['remove 1', 'store 9']);
    expect(walk.ignored).to.have.length(1);
    expect(walk.ignored[0]).to.match(/Like of https:\/\/publisher.example\/object\/3 changes nothing here/);
  });

  it('an empty feed (no first, no last) has nothing to do', async () => {
    const walk = await walkBack(new MemoryFeed([]), FEED, 'beginning');
    expect(walk).to.deep.include({ read: 0, pages: 0, changes: [] });
  });
});
