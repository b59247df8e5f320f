/**
 * `linkedart reindex`: rebuild the reverse-link index (every document's links graph) and the
 * validation reports of documents stored with violations (service/revalidate.ts) from the
 * stored documents, and on a remote store the union graph cleared of what only past versions state
 * (staleUnion.ts). For a store they may not match: after a version whose relation table or
 * shapes changed (serve rebuilds the links by itself at start), or after writes that went around the service.
 */
import { Command } from 'commander';
import { reindex } from '../discovery/reindex.js';
import { revalidate } from '../service/revalidate.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { describedAs } from './commandSummaries.js';
import { staleUnionRemoved } from '../store/sparql/staleUnion.js';

export function reindexCommand(): Command {
  return addStoreOptions(new Command('reindex'))
    .description(describedAs('reindex'))
    .action(async (opts: StoreFlags) => {
      const store = await openCommandStore(storeConfigOf(opts), 'reindex', {
        create: false,
        viaServer: 'stop the server first (it rebuilds the index at start when the relations changed)',
      });
      try {
        const started = Date.now();
        const outcome = await reindex(store, (done, total) =>
          process.stderr.write(`\rreindex: ${done}/${total} documents`),
        );
        process.stderr.write('\n');
        console.log(
          `reindexed ${outcome.documents} documents: ${outcome.rows} reverse links; ${outcome.removed} links graph(s) of documents gone removed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
        const checked = Date.now();
        const shapes = await revalidate(store, (done, total) =>
          process.stderr.write(`\rrevalidate: ${done}/${total} documents`),
        );
        process.stderr.write('\n');
        for (const { id, message } of shapes.unreadable) console.error(`not checked: ${id}: ${message}`);
        console.log(
          `checked ${shapes.documents} documents against the shapes: ${shapes.withViolations} break a rule; ${shapes.rewritten} validation report(s) rewritten` +
            `${shapes.unreadable.length ? `; ${shapes.unreadable.length} not checked (above)` : ''} (${((Date.now() - checked) / 1000).toFixed(1)} s)`,
        );
        const union = await staleUnionRemoved(store, (done, total) =>
          process.stderr.write(`\runion graph: ${done}/${total} past versions checked`),
        );
        if (union.versions > 0) {
          process.stderr.write('\n');
          console.log(
            `union graph (the default graph of curators' queries): ${union.removed} triple(s) only a past version stated removed`,
          );
        }
      } finally {
        await store.close();
      }
    });
}
