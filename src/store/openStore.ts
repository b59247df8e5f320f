/**
 * The store the configuration names: the embedded Oxigraph store in a data directory, or a
 * separately run SPARQL 1.1 store. Everything above this line sees only a QuadStore.
 */
import type { StoreConfig } from '../config/Config.js';
import { EmbeddedStore } from './embedded/EmbeddedStore.js';
import type { QuadStore } from './QuadStore.js';
import { SparqlStore } from './sparql/SparqlStore.js';

export async function openStore(config: StoreConfig, onWarning: (message: string) => void): Promise<QuadStore> {
  if (config.kind === 'embedded') return EmbeddedStore.open({ dataDir: config.dataDir, maxStoreBytes: config.maxStoreBytes, onWarning, queryReplicas: config.queryReplicas });
  return SparqlStore.open({ queryUrl: config.queryUrl, updateUrl: config.updateUrl, user: config.user, password: config.password });
}

/** Where the quads are, for start-up lines and errors. */
export function describeStore(config: StoreConfig): string {
  return config.kind === 'embedded' ? `data in ${config.dataDir}` : `SPARQL store at ${config.queryUrl}`;
}
