import { expect } from 'chai';
import { oncePerScrape } from '../../../src/metrics/oncePerScrape.js';

describe('oncePerScrape', () => {
  it('gives the gauges of one scrape one read, and the next scrape a new one', async () => {
    let reads = 0;
    const read = oncePerScrape(async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    });
    expect(await Promise.all([read(), read(), read()])).to.deep.equal([1, 1, 1]);
    expect(await read()).to.equal(2);
    expect(reads).to.equal(2);
  });

  it('reads again after a failed read', async () => {
    let reads = 0;
    // eslint-disable-next-line @typescript-eslint/require-await -- oncePerScrape takes an async read; its throw must be a rejection
    const read = oncePerScrape(async () => {
      reads++;
      if (reads === 1) throw new Error('store closed');
      return reads;
    });
    let failed: unknown;
    await read().catch((error: unknown) => {
      failed = error;
    });
    expect(failed).to.be.instanceOf(Error);
    expect(await read()).to.equal(2);
  });
});
