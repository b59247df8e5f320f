import { expect } from 'chai';
import { readCollection, readPage } from '../../../src/harvest/feedJson.js';
import type { FeedSource } from '../../../src/harvest/readFeed.js';
import { walkBack, WalkStopped } from '../../../src/harvest/walkBack.js';
import { at, FEED, MemoryFeed, type ItemSpec } from '../../support/memoryFeed.js';

const obj = (n: number) => `https://publisher.example/object/${n}`;
const summary = (changes: ReadonlyArray<{ document: string; effect: string }>) =>
  changes.map((c) => `${c.effect} ${c.document.replace('https://publisher.example/object/', '')}`);

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

  it("reads every page through prev and keeps each document's newest activity, oldest first", async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, 'beginning');
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3), feed.pageUrl(2), feed.pageUrl(1)]);
    expect(walk.read).to.equal(8);
    expect(summary(walk.changes)).to.deep.equal(['store 1', 'store 4', 'remove 2', 'store 3', 'store 5']);
    // The newest per document: object 1's Update at minute 3, not its Create; object 2's Delete.
    expect(walk.changes[0].activity.type).to.equal('Update');
    expect(walk.changes[0].activity.endTime).to.equal(at(3));
    expect(walk.newest?.index).to.equal(1);
    expect(walk.newest?.page).to.equal(feed.pageUrl(3));
  });

  it('stops at the resume point: only what came after the last harvested activity', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, {
      after: { page: feed.pageUrl(2), index: 1, activity: `${FEED}/activity/4`, endTime: at(4) },
    });
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3), feed.pageUrl(2)]);
    expect(walk.read).to.equal(3);
    expect(summary(walk.changes)).to.deep.equal(['remove 2', 'store 3', 'store 5']);
  });

  it('at the resume point with nothing new, reads one page and changes nothing', async () => {
    const feed = new MemoryFeed(items);
    const walk = await walkBack(feed, FEED, {
      after: { page: feed.pageUrl(3), index: 1, activity: `${FEED}/activity/7`, endTime: at(7) },
    });
    expect(feed.pagesRead).to.deep.equal([feed.pageUrl(3)]);
    expect(walk.changes).to.deep.equal([]);
    expect(walk.newest).to.equal(undefined);
  });

  it('finds the resume activity by its id when its index moved, and by time when its page is gone', async () => {
    const feed = new MemoryFeed(items);
    const moved = await walkBack(feed, FEED, {
      after: { page: feed.pageUrl(2), index: 0, activity: `${FEED}/activity/4`, endTime: at(4) },
    });
    expect(summary(moved.changes)).to.deep.equal(['remove 2', 'store 3', 'store 5']);
    const gone = await walkBack(new MemoryFeed(items), FEED, {
      after: { page: `${FEED}/old-page/9`, index: 0, endTime: at(5) },
    });
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

describe('Harvest: a walk is bounded', () => {
  /** A feed whose every page has an older one before it; `names(n)`: the documents page n's activities are about. */
  const endless = (names: (n: number) => string[]) => {
    let read = 0;
    const source: FeedSource = {
      // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed reader walkBack awaits
      collection: async (url) =>
        readCollection({ type: 'OrderedCollection', id: url, last: `${FEED}/page/1000000` }, url),
      // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed reader walkBack awaits
      page: async (url) => {
        read++;
        const n = Number(/(\d+)$/.exec(url)![1]);
        return readPage(
          {
            type: 'OrderedCollectionPage',
            id: url,
            prev: `${FEED}/page/${n - 1}`,
            orderedItems: names(n).map((object, i) => ({ id: `${url}#${i}`, type: 'Update', object, endTime: at(0) })),
          },
          url,
        );
      },
    };
    return { source, read: () => read };
  };

  it('pages naming nothing new: stops after maxPagesWithoutProgress, saying so', async () => {
    const feed = endless(() => [obj(1)]);
    const error = await walkBack(feed.source, FEED, 'beginning', undefined, { maxPagesWithoutProgress: 10 }).catch(
      (e: Error) => e,
    );
    expect(error).to.be.instanceOf(WalkStopped);
    expect((error as Error).message).to.match(/^11 pages in a row named no document not met already/);
    expect(feed.read()).to.equal(12);
  });

  it('pages naming new documents: stops past maxChanges', async () => {
    const feed = endless((n) => [obj(n * 10), obj(n * 10 + 1)]);
    const error = await walkBack(feed.source, FEED, 'beginning', undefined, { maxChanges: 9 }).catch((e: Error) => e);
    expect((error as Error).message).to.match(/more than 9 documents to change \(10 on the 5 newest pages/);
  });

  it('a loop is still found (its pages name nothing new the second time round)', async () => {
    const source: FeedSource = {
      // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed reader walkBack awaits
      collection: async (url) => readCollection({ type: 'OrderedCollection', id: url, last: `${FEED}/page/2` }, url),
      // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async feed reader walkBack awaits
      page: async (url) =>
        readPage(
          {
            type: 'OrderedCollectionPage',
            id: url,
            prev: url.endsWith('2') ? `${FEED}/page/1` : `${FEED}/page/2`,
            orderedItems: [],
          },
          url,
        ),
    };
    const error = await walkBack(source, FEED, 'beginning', undefined, { maxPagesWithoutProgress: 100 }).catch(
      (e: Error) => e,
    );
    expect((error as Error).message).to.contain("the feed's pages loop");
  });

  it('a stop (the signal) ends the walk between pages', async () => {
    const stop = new AbortController();
    const feed = endless((n) => [obj(n)]);
    const error = await walkBack(
      feed.source,
      FEED,
      'beginning',
      (pages) => {
        if (pages === 3) stop.abort();
      },
      { signal: stop.signal },
    ).catch((e: Error) => e);
    expect((error as Error).name).to.equal('AbortError');
    expect(feed.read()).to.equal(3);
  });
});
