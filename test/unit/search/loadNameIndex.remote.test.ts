/**
 * The name index read from a remote store in parts (the store answers at most so many rows at
 * once): the same index as read in one.
 */
import { expect } from 'chai';
import { loadNameIndex } from '../../../src/search/loadNameIndex.js';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { DocumentService } from '../../../src/service/DocumentService.js';
import { openTestStore, REMOTE_STORE_URL } from '../../support/testStore.js';

const BASE = 'http://localhost:8080/';

describe('Name search index read from a remote store in parts', function () {
  this.timeout(120000);
  before(function () {
    if (!REMOTE_STORE_URL) this.skip();
  });

  it('finds the same documents for the same words, read in one query or in 16 or 256 parts', async () => {
    const store = await openTestStore('name-index-parts');
    try {
      await new DocumentService(store).putAll(demoDocuments(BASE));
      const whole = await loadNameIndex(store);
      expect(whole.size).to.be.greaterThan(10);
      for (const rowsPerPart of [whole.size, 2]) {
        const parted = await loadNameIndex(store, rowsPerPart);
        expect(parted.size, `in parts of ${rowsPerPart} rows`).to.equal(whole.size);
        for (const words of ['night watch', 'rembrandt', 'amsterdam', 'painting']) {
          expect(parted.search(words, 0, 100).hits, words).to.deep.equal(whole.search(words, 0, 100).hits);
        }
      }
    } finally {
      await store.close();
    }
  });
});
