/**
 * A harvest under the conformance policy: strict (the default) refuses a document whose Name has
 * no content; `conformance: 'report'` stores it with its violation (its report beside it), counted
 * by rule in the harvest's report.
 */
import { expect } from 'chai';
import { Harvester } from '../../../src/harvest/Harvester.js';
import { fetchedJson, type Fetched } from '../../../src/harvest/fetchDocument.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { violationsOf } from '../../../src/service/validationReports.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { at, FEED, MemoryFeed } from '../../support/memoryFeed.js';

const ID = 'https://publisher.example/object/1';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
// eslint-disable-next-line @typescript-eslint/require-await -- stands in for the async fetch the harvester awaits
const fetch = async (uri: string): Promise<Fetched> =>
  fetchedJson({ '@context': V1, id: uri, type: 'HumanMadeObject', _label: 'Jug', identified_by: [{ type: 'Name' }] });

describe('Harvest under the conformance policy', () => {
  const feed = () => new MemoryFeed([{ type: 'Create', object: ID, endTime: at(0) }]);

  it('strict by default: the document breaking a shape is rejected', async () => {
    const documents = new DocumentService(new MemoryStore());
    const report = await new Harvester(documents, { feed: feed(), fetch }).harvest(FEED);
    expect(report).to.deep.include({ created: 0, rejected: 1, violated: 0 });
    expect(report.rejections[0].problems!.filter((p) => p.severity === 'Violation').map((p) => p.rule)).to.deep.equal([
      'NameContent',
    ]);
  });

  it('report: stored with its violation, counted by rule', async () => {
    const documents = new DocumentService(new MemoryStore());
    const report = await new Harvester(documents, { feed: feed(), fetch, conformance: 'report' }).harvest(FEED);
    expect(report).to.deep.include({ created: 1, rejected: 0, violated: 1, violationsByRule: { NameContent: 1 } });
    expect((await violationsOf(documents.store, ID))!.map((p) => [p.rule, p.path])).to.deep.equal([
      ['NameContent', 'identified_by[0]'],
    ]);
  });
});
