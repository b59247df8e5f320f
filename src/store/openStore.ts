/**
 * The store the configuration names: the embedded Oxigraph store in a data directory, or a
 * separately run SPARQL 1.1 store. Everything above this line sees only a QuadStore.
 */
import type { StoreConfig } from '../config/Config.js';
import { EmbeddedStore } from './embedded/EmbeddedStore.js';
import type { QuadStore } from './QuadStore.js';
import { SparqlStore } from './sparql/SparqlStore.js';

/**
 * `writes`: the store is opened to write (serve, load, harvest). A remote store that will be
 * written with INSERT DATA text, not N-Quads it parses itself (nquadsInserts.ts), is then a
 * warning: loads go several times slower, and the operator can change that. `seedReplicas`: the
 * embedded store starts seeding its first query replica as it opens (the service's start).
 * `keptSince`: the kept start-up indexes' position (EmbeddedStoreOptions.keptSince). `yieldToReaders`:
 * the service, whose readers the embedded store answers between the pieces of a large write.
 * `whileOpening`: the caller's work to run beside the embedded store's open (EmbeddedStoreOptions).
 */
export async function openStore(
  config: StoreConfig,
  onWarning: (message: string) => void,
  {
    writes = true,
    seedReplicas = false,
    keptSince,
    yieldToReaders = false,
    whileOpening,
  }: {
    writes?: boolean;
    seedReplicas?: boolean;
    keptSince?: number | undefined;
    yieldToReaders?: boolean;
    whileOpening?: () => void;
  } = {},
): Promise<QuadStore> {
  if (config.kind === 'embedded')
    return EmbeddedStore.open({
      dataDir: config.dataDir,
      maxStoreBytes: config.maxStoreBytes,
      onWarning,
      queryReplicas: config.queryReplicas,
      seedWhileOpening: seedReplicas,
      yieldToReaders,
      ...(whileOpening ? { whileOpening } : {}),
      ...(keptSince !== undefined ? { keptSince } : {}),
    });
  const store = await SparqlStore.open({
    queryUrl: config.queryUrl,
    updateUrl: config.updateUrl,
    user: config.user,
    password: config.password,
  });
  if (writes && !(await store.insertsAsNQuads())) {
    onWarning(
      `writes go to ${config.updateUrl ?? config.queryUrl} as INSERT DATA text, which the store refused to take as N-Quads ` +
        `(on Virtuoso: a user with SQL rights, e.g. --update-url …/sparql-auth --store-user dba, loads several times faster; README, "Bulk loads into Virtuoso")`,
    );
  }
  return store;
}

/** Where the quads are, for start-up lines and errors. */
export function describeStore(config: StoreConfig): string {
  return config.kind === 'embedded' ? `data in ${config.dataDir}` : `SPARQL store at ${config.queryUrl}`;
}
