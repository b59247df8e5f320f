/**
 * A harvest applying a Move (a merge at the publisher): the document is taken away at the Move's
 * object and fetched at its target, and the harvested copy's old id answers as a merged one
 * (its tombstone names the target: 308 there), its own feed recording the Move, by the harvest.
 */
import { expect } from 'chai';
import { Harvester } from '../../../src/harvest/Harvester.js';
import { fetchedJson, type Fetched } from '../../../src/harvest/fetchDocument.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { mergeChainEnd } from '../../../src/merge/mergeChain.js';
import { at, FEED, MemoryFeed, type ItemSpec } from '../../support/memoryFeed.js';

const obj = (n: number) => `https://publisher.example/object/${n}`;
const V1 = 'https://linked.art/ns/v1/linked-art.json';

// eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
const fetch = async (uri: string): Promise<Fetched> =>
  uri === obj(1) || uri === obj(4) || uri === obj(5)
    ? { kind: 'missing', status: 308 }
    : fetchedJson({ '@context': V1, id: uri, type: 'HumanMadeObject', _label: uri.slice(-1) });

describe('Harvest of a Move', () => {
  it('removes the object, stores the target, and keeps the old id as merged into the target', async () => {
    const documents = new DocumentService(new MemoryStore());
    const feed = new MemoryFeed([
      { type: 'Create', object: obj(1), endTime: at(0) },
      { type: 'Create', object: obj(2), endTime: at(1) },
    ]);
    // The first run holds both; the publisher then merges 1 into 2.
    await new Harvester(documents, {
      feed,
      fetch: async (uri) =>
        uri === obj(1) ? fetchedJson({ '@context': V1, id: uri, type: 'HumanMadeObject', _label: '1' }) : fetch(uri),
    }).harvest(FEED);
    expect(await documents.get(obj(1))).to.not.equal(undefined);
    feed.items.push({ type: 'Move', object: obj(1), target: obj(2), endTime: at(2) });
    const report = await new Harvester(documents, { feed, fetch }).harvest(FEED);
    expect(report).to.deep.include({ deleted: 1 });
    expect(await documents.get(obj(1))).to.equal(undefined);
    expect(await documents.get(obj(2))).to.not.equal(undefined);
    expect(await documents.feed.mergedInto(obj(1))).to.equal(obj(2));
    const length = await documents.feed.length();
    const [move] = await documents.feed.activities(length, length);
    expect(move).to.deep.include({
      kind: 'Move',
      object: obj(1),
      target: obj(2),
      actor: { type: 'Application', name: `harvest ${FEED}` },
    });
  });

  // The publisher merges 4 into 5, then 5 into 6: the harvested copy's 4 and 5 lead to 6 in one hop.
  const chain: ItemSpec[] = [
    { type: 'Move', object: obj(4), target: obj(5), endTime: at(4) },
    { type: 'Move', object: obj(5), target: obj(6), endTime: at(5) },
  ];
  const created = [4, 5, 6].map((n): ItemSpec => ({ type: 'Create', object: obj(n), endTime: at(n - 4) }));
  const runs: Array<[string, ItemSpec[][]]> = [
    ['held, then merged twice (two runs)', [created, chain]],
    ['never held: merged twice before the first run', [[...created, ...chain]]],
  ];
  for (const [what, feeds] of runs)
    it(`applies a chain of Moves, A → B → C, ${what}: A and B lead to C`, async () => {
      const documents = new DocumentService(new MemoryStore());
      const feed = new MemoryFeed([]);
      for (const items of feeds) {
        feed.items.push(...items);
        await new Harvester(documents, { feed, fetch }).harvest(FEED);
      }
      expect(await documents.get(obj(4))).to.equal(undefined);
      expect(await documents.get(obj(5))).to.equal(undefined);
      expect(await documents.get(obj(6))).to.not.equal(undefined);
      expect(await mergeChainEnd(documents.feed, obj(4))).to.equal(obj(6));
      expect(await mergeChainEnd(documents.feed, obj(5))).to.equal(obj(6));
    });
});
