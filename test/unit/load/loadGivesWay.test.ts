/**
 * A load on the thread that answers readers (`keepThreadFree`: a server's /_bulk) lets what waits
 * on the event loop run between slices of its reading (issue 35): a body read ahead was otherwise
 * parsed hundreds of documents in one turn, since awaiting records that are already there never
 * leaves it. A load that answers no reader (`linkedart load`) reads on.
 */
import { expect } from 'chai';
import { Readable } from 'node:stream';
import { streamInput } from '../../../src/load/inputs.js';
import { Loader } from '../../../src/load/Loader.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { DEMO_DIR, readDocuments } from '../../support/corpus.js';
import { MemoryStore } from '../../support/memoryStore.js';

const lines = readDocuments(DEMO_DIR)
  .slice(0, 6)
  .map((d) => JSON.stringify(d.json) + '\n')
  .join('');

/** The order of events: each record read (the clock made to say it took a second), and a reader's callback waiting from the first. */
async function eventsOfLoad(keepThreadFree: boolean): Promise<string[]> {
  const events: string[] = [];
  let now = 0;
  performance.now = () => now;
  try {
    const report = await new Loader(new DocumentService(new MemoryStore()), {
      keepThreadFree,
      dryRun: true,
      batchSize: 100,
      onProgress: ({ documents }) => {
        now += 1000;
        events.push(`record ${documents}`);
        // Waiting from the first record on (the load's start has turns of its own).
        if (documents === 1) setImmediate(() => events.push('reader'));
      },
    }).load([streamInput('body', 'ndjson', false, () => Readable.from([lines]))]);
    expect(report.created).to.equal(6);
  } finally {
    // The own property hides Performance.prototype.now; deleting it brings that back.
    delete (performance as { now?: unknown }).now;
  }
  return events;
}

describe('load: the reading gives way to readers on their thread', () => {
  it('keepThreadFree: a waiting callback runs once a slice of reading has taken its time, before the rest', async () => {
    const events = await eventsOfLoad(true);
    expect(events.filter((e) => e !== 'reader')).to.deep.equal([1, 2, 3, 4, 5, 6].map((n) => `record ${n}`));
    expect(events.indexOf('reader'), events.join(', ')).to.equal(1);
  });

  it('otherwise the records already read are taken in one go', async () => {
    const events = await eventsOfLoad(false);
    expect(events.indexOf('reader'), events.join(', ')).to.equal(6);
  });
});
