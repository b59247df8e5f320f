/**
 * The names a harvested Move's old id keeps in its tombstone (harvest/movedNames.ts), so that
 * search here finds the target by them: an id held here gives its own; one never held is asked of
 * the publisher (here a stand-in for namesAtSource), and a lookup that finds nothing, or fails, is
 * reported with the id and why while the Move is applied all the same; a Move into an id moved on
 * in the same batch hands its names on.
 */
import { expect } from 'chai';
import { Harvester } from '../../../src/harvest/Harvester.js';
import { fetchedJson, type Fetched } from '../../../src/harvest/fetchDocument.js';
import type { NamesAtSource } from '../../../src/harvest/namesAtSource.js';
import { mergedNamesFrom } from '../../../src/feed/mergedId.js';
import { tombstoneGraphOf } from '../../../src/feed/tombstone.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { at, FEED, MemoryFeed } from '../../support/memoryFeed.js';

const obj = (n: number) => `https://publisher.example/object/${n}`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const named = (uri: string) =>
  fetchedJson({ '@context': V1, id: uri, type: 'HumanMadeObject', _label: `Object ${uri.slice(-1)}` });

async function namesKept(documents: DocumentService, id: string): Promise<string[]> {
  return mergedNamesFrom(id, await documents.store.readGraphs([tombstoneGraphOf(id)])).sort();
}

describe('the names a harvested Move keeps', () => {
  it('held here: its own names, the publisher not asked', async () => {
    const documents = new DocumentService(new MemoryStore());
    const feed = new MemoryFeed([
      { type: 'Create', object: obj(1), endTime: at(0) },
      { type: 'Create', object: obj(2), endTime: at(1) },
    ]);
    const asked: string[] = [];
    const movedNames = (id: string): Promise<NamesAtSource> => {
      asked.push(id);
      return Promise.resolve({ kind: 'names', names: ['never used'] });
    };
    // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
    const fetch = async (uri: string): Promise<Fetched> => named(uri);
    await new Harvester(documents, { feed, fetch, movedNames }).harvest(FEED);
    feed.items.push({ type: 'Move', object: obj(1), target: obj(2), endTime: at(2) });
    const report = await new Harvester(documents, { feed, fetch, movedNames }).harvest(FEED);
    expect(asked).to.deep.equal([]);
    expect(report.namesNotFound).to.deep.equal([]);
    expect(await namesKept(documents, obj(1))).to.deep.equal(['Object 1']);
  });

  it('never held: asked of the publisher; a chain 4 → 5 → 6 in one batch hands 4 names on to 5', async () => {
    const documents = new DocumentService(new MemoryStore());
    const feed = new MemoryFeed([
      { type: 'Move', object: obj(4), target: obj(5), endTime: at(0) },
      { type: 'Move', object: obj(5), target: obj(6), endTime: at(1) },
    ]);
    const movedNames = (id: string): Promise<NamesAtSource> =>
      Promise.resolve({ kind: 'names', names: [`Was ${id.slice(-1)}`] });
    // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
    const fetch = async (uri: string): Promise<Fetched> => named(uri);
    const report = await new Harvester(documents, { feed, fetch, movedNames }).harvest(FEED);
    expect(report.namesNotFound).to.deep.equal([]);
    expect(await namesKept(documents, obj(4))).to.deep.equal(['Was 4']);
    expect(await namesKept(documents, obj(5))).to.deep.equal(['Was 4', 'Was 5']);
  });

  const failures: Array<[string, (id: string) => Promise<NamesAtSource>, string]> = [
    [
      'found nothing',
      () => Promise.resolve({ kind: 'none', reason: 'its answer (308) links no last version' }),
      'its answer (308) links no last version',
    ],
    ['failed', () => Promise.reject(new Error('socket hang up')), 'socket hang up'],
  ];
  for (const [what, movedNames, why] of failures)
    it(`never held, the lookup ${what}: merged all the same, reported with the id and why`, async () => {
      const documents = new DocumentService(new MemoryStore());
      const feed = new MemoryFeed([{ type: 'Move', object: obj(7), target: obj(8), endTime: at(0) }]);
      // eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
      const fetch = async (uri: string): Promise<Fetched> => named(uri);
      const report = await new Harvester(documents, { feed, fetch, movedNames }).harvest(FEED);
      expect(await documents.feed.mergedInto(obj(7))).to.equal(obj(8));
      expect(await namesKept(documents, obj(7))).to.deep.equal([]);
      expect(report.namesNotFound.map((n) => n.id)).to.deep.equal([obj(7)]);
      expect(report.namesNotFound[0].messages[0]).to.equal(
        `merged into ${obj(8)} without the names it was found by: ${why}`,
      );
    });
});
