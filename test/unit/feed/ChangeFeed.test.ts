/** The change feed's bookkeeping on a store double: its length found from the graphs, activities numbered on, tombstones. */
import { expect } from 'chai';
import { ChangeFeed, withFeedGraphs, type Change } from '../../../src/feed/ChangeFeed.js';
import { activitiesFrom, activityGraphOf, activityQuads, feedTime } from '../../../src/feed/activityGraph.js';
import { tombstoneGraphOf } from '../../../src/feed/tombstone.js';
import { sealedPageGraphOf } from '../../../src/feed/sealedPage.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { df, RDF_TYPE, XSD } from '../../../src/rdf/terms.js';
import { hintGraphOf } from '../../../src/hints/Skeleton.js';
import { linksGraphOf } from '../../../src/discovery/linksGraph.js';

const WHEN = new Date('2026-11-25T10:11:12.345Z');

/** A store whose feed holds `n` activities (Creates of doc/1…doc/n). */
async function storeWithFeed(n: number): Promise<MemoryStore> {
  const store = new MemoryStore();
  const graphs = new Map(
    Array.from(
      { length: n },
      (_, i) =>
        [
          activityGraphOf(i + 1),
          activityQuads({
            seq: i + 1,
            kind: 'Create',
            object: `https://example.org/doc/${i + 1}`,
            type: 'HumanMadeObject',
            endTime: feedTime(WHEN),
          }),
        ] as const,
    ),
  );
  await store.replaceGraphs(graphs);
  return store;
}

async function write(store: MemoryStore, feed: ChangeFeed, changes: Change[]): Promise<number> {
  const recorded = await feed.record(changes, WHEN);
  await store.replaceGraphs(recorded.graphs);
  feed.committed(recorded, changes);
  return recorded.length;
}

describe('ChangeFeed', () => {
  it("finds the feed's length from the activity graphs in the store, at any length", async () => {
    for (const n of [0, 1, 2, 3, 7, 8, 9, 64, 100, 1000]) {
      expect(await new ChangeFeed(await storeWithFeed(n)).length(), `${n} activities`).to.equal(n);
    }
  });

  it("numbers a write's activities after the end, in order, and reads them back as stored", async () => {
    const store = await storeWithFeed(5);
    const feed = new ChangeFeed(store);
    const changes: Change[] = [
      { kind: 'Update', id: 'https://example.org/doc/1', type: 'HumanMadeObject' },
      { kind: 'Delete', id: 'https://example.org/doc/2', type: 'Person' },
      { kind: 'Create', id: 'https://example.org/doc/9', type: undefined },
    ];
    expect(await write(store, feed, changes)).to.equal(8);
    expect(await feed.length()).to.equal(8);
    expect(await new ChangeFeed(store).length()).to.equal(8);
    expect(await feed.activities(5, 8)).to.deep.equal([
      {
        seq: 5,
        kind: 'Create',
        object: 'https://example.org/doc/5',
        type: 'HumanMadeObject',
        endTime: '2026-11-25T10:11:12Z',
      },
      {
        seq: 6,
        kind: 'Update',
        object: 'https://example.org/doc/1',
        type: 'HumanMadeObject',
        endTime: '2026-11-25T10:11:12Z',
      },
      { seq: 7, kind: 'Delete', object: 'https://example.org/doc/2', type: 'Person', endTime: '2026-11-25T10:11:12Z' },
      { seq: 8, kind: 'Create', object: 'https://example.org/doc/9', type: undefined, endTime: '2026-11-25T10:11:12Z' },
    ]);
  });

  it('a Delete stands up a tombstone with its time; the next Create of the id takes it down', async () => {
    const store = new MemoryStore();
    const feed = new ChangeFeed(store);
    const id = 'https://example.org/doc/x';
    await write(store, feed, [{ kind: 'Create', id, type: 'Place' }]);
    expect(await feed.deletedAt(id)).to.equal(undefined);
    await write(store, feed, [{ kind: 'Delete', id, type: 'Place' }]);
    expect((await feed.deletedAt(id))?.toISOString()).to.equal('2026-11-25T10:11:12.000Z');
    // A process started later knows of the tombstone from the store.
    const later = new ChangeFeed(store);
    const recorded = await later.record([{ kind: 'Create', id, type: 'Place' }], WHEN);
    expect(recorded.graphs.get(tombstoneGraphOf(id))).to.deep.equal([]);
    await store.replaceGraphs(recorded.graphs);
    expect(await later.deletedAt(id)).to.equal(undefined);
  });

  it('an activity graph that lost part of itself is an error naming it, not a silent gap', async () => {
    const store = await storeWithFeed(2);
    const [whole] = store.graphs.get(activityGraphOf(2))!;
    const cut = df.quad(
      whole.subject,
      whole.predicate,
      df.literal(whole.object.value.replace(/,"[^"]*"\]$/, ']')),
      whole.graph,
    );
    expect(() => activitiesFrom([...store.graphs.get(activityGraphOf(1))!, cut])).to.throw(/activity 2 .*incomplete/);
  });

  it('reads activities stored in the four-triple Activity Streams form written before', () => {
    const graph = df.namedNode(activityGraphOf(7));
    const doc = df.namedNode('https://example.org/doc/7');
    const AS = 'https://www.w3.org/ns/activitystreams#';
    const quads = [
      df.quad(graph, df.namedNode(RDF_TYPE), df.namedNode(`${AS}Update`), graph),
      df.quad(graph, df.namedNode(`${AS}object`), doc, graph),
      df.quad(
        graph,
        df.namedNode(`${AS}endTime`),
        df.literal('2026-11-25T10:11:12Z', df.namedNode(`${XSD}dateTime`)),
        graph,
      ),
      df.quad(doc, df.namedNode(RDF_TYPE), df.namedNode('http://www.cidoc-crm.org/cidoc-crm/E21_Person'), graph),
    ];
    expect(activitiesFrom(quads)).to.deep.equal([
      { seq: 7, kind: 'Update', object: doc.value, type: 'Person', endTime: '2026-11-25T10:11:12Z' },
    ]);
  });

  it('stores an activity as one quad, and reads it back', () => {
    const activity = {
      seq: 3,
      kind: 'Delete',
      object: 'https://example.org/doc/3',
      type: undefined,
      endTime: '2026-11-25T10:11:12Z',
    } as const;
    const quads = activityQuads(activity);
    expect(quads).to.have.length(1);
    expect(activitiesFrom(quads)).to.deep.equal([activity]);
  });

  it("puts each document's activity right after its own graphs, in the order of the changes (a cut write keeps them together)", async () => {
    const feed = new ChangeFeed(new MemoryStore());
    const a = 'https://example.org/a';
    const b = 'https://example.org/b';
    const graphs = new Map([
      [a, []],
      [hintGraphOf(a), []],
      [linksGraphOf(a), []],
      [b, []],
      [hintGraphOf(b), []],
    ]);
    const recorded = await feed.record(
      [
        { kind: 'Delete', id: a, type: 'Place' },
        { kind: 'Update', id: b, type: 'Person' },
      ],
      WHEN,
    );
    expect([...withFeedGraphs(graphs, recorded).keys()]).to.deep.equal([
      a,
      hintGraphOf(a),
      linksGraphOf(a),
      activityGraphOf(1),
      tombstoneGraphOf(a),
      b,
      hintGraphOf(b),
      activityGraphOf(2),
    ]);
  });

  it("keeps a page whole once full, whether it filled in one write or across several; its read is the activities' own", async () => {
    const store = await storeWithFeed(0);
    const feed = new ChangeFeed(store);
    feed.pageSize = 4;
    const change = (n: number): Change => ({ kind: 'Create', id: `https://example.org/doc/${n}`, type: 'Person' });
    await write(store, feed, [1, 2, 3].map(change));
    expect(store.graphs.has(sealedPageGraphOf(4, 1))).to.equal(false);
    await write(store, feed, [4, 5, 6, 7, 8, 9].map(change));
    expect(store.graphs.has(sealedPageGraphOf(4, 1))).to.equal(true);
    expect(store.graphs.has(sealedPageGraphOf(4, 2))).to.equal(true);
    expect(store.graphs.has(sealedPageGraphOf(4, 3))).to.equal(false);
    for (const page of [1, 2])
      expect(await feed.page(page, 4, 9)).to.deep.equal(await feed.activities(page * 4 - 3, page * 4));
    expect(await feed.page(3, 4, 9)).to.deep.equal(await feed.activities(9, 9));
    // Read at another page size: from the activity graphs.
    expect(await feed.page(2, 3, 9)).to.deep.equal(await feed.activities(4, 6));
  });

  it('feed times are UTC to the second, as Last-Modified', () => {
    expect(feedTime(new Date('2026-01-02T03:04:05.999Z'))).to.equal('2026-01-02T03:04:05Z');
  });
});
