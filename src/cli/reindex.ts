/**
 * `linkedart reindex`: rebuild the reverse-link index (every document's links graph) from the
 * stored documents. For a store the index may not match: after a version whose relation table
 * changed (serve does this by itself at start), or after writes that went around the service.
 */
import { Command } from 'commander';
import { reindex } from '../discovery/reindex.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';

export function reindexCommand(): Command {
  return addStoreOptions(new Command('reindex'))
    .description('rebuild the reverse-link index (HAL links and search pages) from the stored documents')
    .action(async (opts: StoreFlags) => {
      const store = await openCommandStore(storeConfigOf(opts), 'reindex', { create: false, viaServer: 'stop the server first (it rebuilds the index at start when the relations changed)' });
      try {
        const started = Date.now();
        const outcome = await reindex(store, (done, total) => process.stderr.write(`\rreindex: ${done}/${total} documents`));
        process.stderr.write('\n');
        console.log(`reindexed ${outcome.documents} documents: ${outcome.rows} reverse links; ${outcome.removed} links graph(s) of documents gone removed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } finally {
        await store.close();
      }
    });
}
