import { expect } from 'chai';
import { Harvester } from '../../../src/harvest/Harvester.js';
import { inBatches } from '../../../src/harvest/batches.js';
import { walkBack } from '../../../src/harvest/walkBack.js';
import { fetchedJson, type Fetched } from '../../../src/harvest/fetchDocument.js';
import { harvestGraphOf, readHarvestState } from '../../../src/harvest/harvestState.js';
import { harvestedFromGraphOf } from '../../../src/harvest/harvestedFrom.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { at, FEED, MemoryFeed, type ItemSpec } from '../../support/memoryFeed.js';

const obj = (n: number) => `https://publisher.example/object/${n}`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';

/** The publisher's documents: label by id; a fetch counts requests and can fail for chosen ids. */
class Publisher {
  labels = new Map<string, string>();
  requested: string[] = [];
  unavailable = new Set<string>();
  invalid = new Set<string>();
  legacy = new Set<string>();
  // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
  fetch = async (uri: string): Promise<Fetched> => {
    this.requested.push(uri);
    if (this.unavailable.has(uri)) return { kind: 'unavailable', message: `${uri}: answered 503 (after 6 attempts)` };
    const label = this.labels.get(uri);
    if (label === undefined) return { kind: 'missing', status: 410 };
    return fetchedJson({
      '@context': V1,
      id: uri,
      type: this.invalid.has(uri) ? 'NotAClass' : this.legacy.has(uri) ? 'ManMadeObject' : 'HumanMadeObject',
      _label: label,
      _links: { self: { href: uri } },
    });
  };
}

describe('Harvest: applying the feed to the store', () => {
  const items: ItemSpec[] = [
    { type: 'Create', object: obj(1), endTime: at(0) },
    { type: 'Create', object: obj(2), endTime: at(1) },
    { type: 'Create', object: obj(3), endTime: at(2) },
    { type: 'Update', object: obj(1), endTime: at(3) },
    { type: 'Delete', object: obj(2), endTime: at(4) },
    { type: 'Delete', object: obj(7), endTime: at(5) },
  ];
  let publisher: Publisher;
  beforeEach(() => {
    publisher = new Publisher();
    publisher.labels.set(obj(1), 'One, updated').set(obj(3), 'Three').set(obj(4), 'Four');
  });

  it('first run: fetches the newest of each document once, stores it, applies deletes, and keeps where it ended', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const feed = new MemoryFeed(items);
    const report = await new Harvester(documents, { feed, fetch: publisher.fetch, batchSize: 2 }).harvest(FEED);
    expect(publisher.requested.sort()).to.deep.equal([obj(1), obj(3)]);
    expect(report).to.deep.include({ activities: 6, created: 2, deleted: 0, deleteAbsent: 2, rejected: 0, missing: 0 });
    expect((await documents.get(obj(1)))?.document['_label']).to.equal('One, updated');
    expect(await documents.get(obj(2))).to.equal(undefined);
    expect(await readHarvestState(store, FEED)).to.deep.include({
      page: feed.pageUrl(2),
      index: 2,
      activity: `${FEED}/activity/5`,
      endTime: at(5),
    });
  });

  it('second run: only the activities after the last harvested one; a delete removes the document', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const feed = new MemoryFeed([...items]);
    await new Harvester(documents, { feed, fetch: publisher.fetch }).harvest(FEED);
    publisher.requested = [];
    feed.items.push(
      { type: 'Create', object: obj(4), endTime: at(6) },
      { type: 'Delete', object: obj(3), endTime: at(7) },
    );
    publisher.labels.delete(obj(3));
    const report = await new Harvester(documents, { feed, fetch: publisher.fetch }).harvest(FEED);
    expect(publisher.requested).to.deep.equal([obj(4)]);
    expect(report).to.deep.include({ activities: 2, created: 1, deleted: 1, deleteAbsent: 0 });
    expect(await documents.get(obj(3))).to.equal(undefined);
    expect(await documents.get(obj(4))).to.not.equal(undefined);
    const third = await new Harvester(documents, { feed, fetch: publisher.fetch }).harvest(FEED);
    expect(third).to.deep.include({ activities: 0, changes: 0 });
  });

  it('a publisher failing on a document: the batches before it are stored with the state, and the next run starts there', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const feed = new MemoryFeed(items);
    publisher.unavailable.add(obj(3));
    const first = await new Harvester(documents, { feed, fetch: publisher.fetch, batchSize: 1 }).harvest(FEED);
    expect(first.stopped).to.match(/answered 503.*stopped before https:\/\/publisher.example\/object\/3/);
    expect(first.created).to.equal(0);
    // Object 3 is the first change (object 1's newest is later): nothing stored, no state.
    expect(await readHarvestState(store, FEED)).to.equal(undefined);
    publisher.unavailable.clear();
    publisher.requested = [];
    const second = await new Harvester(documents, { feed, fetch: publisher.fetch, batchSize: 1 }).harvest(FEED);
    expect(second.stopped).to.equal(undefined);
    expect(publisher.requested.sort()).to.deep.equal([obj(1), obj(3)]);
    expect(second.created).to.equal(2);
  });

  it('the state is written in the same write as the documents it covers', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    const writes: string[][] = [];
    const replace = store.replaceGraphs.bind(store);
    store.replaceGraphs = async (graphs) => {
      writes.push([...graphs.keys()]);
      return replace(graphs);
    };
    await new Harvester(documents, { feed: new MemoryFeed(items), fetch: publisher.fetch, batchSize: 100 }).harvest(
      FEED,
    );
    const withDocs = writes.filter((w) => w.includes(obj(1)));
    expect(withDocs).to.have.length(1);
    expect(withDocs[0]).to.include(harvestGraphOf(FEED));
  });

  it('a rejected document is reported with its URI and problems, not stored; a 410 for a Create is reported as missing; the rest is stored', async () => {
    const documents = new DocumentService(new MemoryStore());
    publisher.invalid.add(obj(3));
    publisher.labels.delete(obj(1));
    const report = await new Harvester(documents, { feed: new MemoryFeed(items), fetch: publisher.fetch }).harvest(
      FEED,
    );
    expect(report).to.deep.include({ rejected: 1, missing: 1, created: 0 });
    expect(report.rejections[0].id).to.equal(obj(3));
    expect(report.rejections[0].messages.join('\n')).to.contain('NotAClass');
    expect(report.failures[0]).to.deep.include({ id: obj(1), location: 'missing' });
    expect(report.failures[0].messages[0]).to.contain('answered 410 although its newest activity is Update');
  });

  it('--since on a store with no state: from that time only', async () => {
    const documents = new DocumentService(new MemoryStore());
    const report = await new Harvester(documents, {
      feed: new MemoryFeed(items),
      fetch: publisher.fetch,
      since: new Date(at(3)),
    }).harvest(FEED);
    expect(publisher.requested).to.deep.equal([obj(1)]);
    expect(report).to.deep.include({ activities: 3, created: 1, deleteAbsent: 2 });
    expect(await documents.get(obj(3))).to.equal(undefined);
  });

  it('repairs what a load repairs before the gate, and says so; --repair none refuses it as written', async () => {
    publisher.legacy.add(obj(3));
    const repaired = await new Harvester(new DocumentService(new MemoryStore()), {
      feed: new MemoryFeed(items),
      fetch: publisher.fetch,
    }).harvest(FEED);
    expect(repaired).to.deep.include({ created: 2, rejected: 0, repairs: { 'legacy-class': 1 } });
    expect(repaired.repaired[0].id).to.equal(obj(3));
    const strict = await new Harvester(new DocumentService(new MemoryStore()), {
      feed: new MemoryFeed(items),
      fetch: publisher.fetch,
      repair: 'none',
    }).harvest(FEED);
    expect(strict).to.deep.include({ created: 1, rejected: 1 });
  });

  it('batches never split the two changes of a Move (the state would pass it with only its removal written)', async () => {
    const feed = new MemoryFeed([
      { type: 'Create', object: obj(1), endTime: at(0) },
      { type: 'Move', object: obj(2), target: obj(3), endTime: at(1) },
      { type: 'Create', object: obj(4), endTime: at(2) },
    ]);
    const walk = await walkBack(feed, FEED, 'beginning');
    expect(inBatches(walk.changes, 2).map((b) => b.map((c) => `${c.effect} ${c.document.slice(-1)}`))).to.deep.equal([
      ['store 1', 'remove 2', 'store 3'],
      ['store 4'],
    ]);
  });

  it('a second feed, even on the same origin, cannot remove or replace what the first gave: refused, reported, kept', async () => {
    const store = new MemoryStore();
    const documents = new DocumentService(store);
    await new Harvester(documents, { feed: new MemoryFeed(items), fetch: publisher.fetch }).harvest(FEED);
    const other = `${FEED}-mirror`;
    const second = new MemoryFeed([
      { type: 'Delete', object: obj(1), endTime: at(10) },
      { type: 'Update', object: obj(3), endTime: at(11) },
      { type: 'Create', object: obj(4), endTime: at(12) },
    ]);
    publisher.requested = [];
    const report = await new Harvester(documents, { feed: second, fetch: publisher.fetch }).harvest(other);
    expect(report).to.deep.include({ refused: 2, deleted: 0, created: 1 });
    expect(report.failures.map((f) => [f.id, f.location])).to.deep.equal([
      [obj(1), 'refused'],
      [obj(3), 'refused'],
    ]);
    expect(report.failures[0].messages[0]).to.contain(
      `harvested from another feed, ${FEED}: this feed may not remove it`,
    );
    expect(publisher.requested).to.deep.equal([obj(4)]);
    expect(await documents.get(obj(1))).to.not.equal(undefined);
    // The first feed still may: its delete removes the document (and what it knew of its feed).
    const first = new MemoryFeed([...items, { type: 'Delete', object: obj(1), endTime: at(20) }]);
    expect(await new Harvester(documents, { feed: first, fetch: publisher.fetch }).harvest(FEED)).to.deep.include({
      deleted: 1,
      refused: 0,
    });
    expect(await store.hasGraph(harvestedFromGraphOf(obj(1)))).to.equal(false);
  });
});
