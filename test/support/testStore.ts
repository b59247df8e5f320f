/**
 * The store a suite runs on: the embedded store in a data directory, or, when
 * LINKEDART_TEST_SPARQL_URL is set (test/virtuoso/fixture.ts sets it for the second pass of
 * `npm test`), the remote SPARQL store at that URL. A remote store is cleared the first time a
 * suite opens it for a data directory, and kept when the same directory is opened again (a
 * reopen must find what was written); opening it for another directory while a store is still
 * open for the first is an error, not a store emptied under a running suite.
 */
import { EmbeddedStore, type EmbeddedStoreOptions } from '../../src/store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../../src/store/QuadStore.js';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { remoteStoreArgs } from './remoteStoreArgs.js';

/** The remote store's query URL when the suites run on it. */
export const REMOTE_STORE_URL = process.env.LINKEDART_TEST_SPARQL_URL || undefined;

/**
 * How the suites write to the remote store: the update endpoint and its user, when given (the
 * fixture gives /sparql-auth as dba, where inserts go as N-Quads); otherwise the query URL, anonymously.
 */
export const REMOTE_STORE_WRITER = {
  updateUrl: process.env.LINKEDART_TEST_SPARQL_UPDATE_URL || undefined,
  user: process.env.LINKEDART_TEST_SPARQL_USER || undefined,
  password: process.env.LINKEDART_TEST_SPARQL_PASSWORD || undefined,
};

/** Which store the suites run on, for test titles. */
export const STORE_KIND = REMOTE_STORE_URL ? 'remote SPARQL store' : 'embedded store';

const opened = new Set<string>();
/** The data directories whose remote store is open now, with how many stores each. */
const open = new Map<string, number>();

export async function openTestStore(
  dataDir: string,
  options: Omit<EmbeddedStoreOptions, 'dataDir'> = {},
): Promise<QuadStore> {
  if (!REMOTE_STORE_URL) return EmbeddedStore.open({ dataDir, ...options });
  const still = [...open.keys()].find((d) => d !== dataDir);
  // There is one remote store for every directory: clearing it for this one would empty it under a suite still using it.
  if (!opened.has(dataDir) && still !== undefined) {
    throw new Error(
      `The remote test store is still open for ${still}; opening it for ${dataDir} would clear it. ` +
        'Close that store first, or use a store that needs none (test/support/memoryStore.ts).',
    );
  }
  const store = await SparqlStore.open({ queryUrl: REMOTE_STORE_URL, ...REMOTE_STORE_WRITER });
  if (!opened.has(dataDir)) {
    opened.add(dataDir);
    await store.clear();
  }
  open.set(dataDir, (open.get(dataDir) ?? 0) + 1);
  const close = store.close.bind(store);
  let closed = false;
  store.close = async () => {
    if (!closed) {
      closed = true;
      const n = open.get(dataDir)! - 1;
      if (n === 0) open.delete(dataDir);
      else open.set(dataDir, n);
    }
    await close();
  };
  return store;
}

/**
 * The CLI flags that name the suite's store for `dataDir`: `--data-dir DIR`, or the remote
 * store's flags (the remote store cleared first, as openTestStore would).
 */
export async function testStoreArgs(dataDir: string): Promise<string[]> {
  if (!REMOTE_STORE_URL) return ['--data-dir', dataDir];
  await (await openTestStore(dataDir)).close();
  return remoteStoreArgs(REMOTE_STORE_URL, REMOTE_STORE_WRITER);
}
