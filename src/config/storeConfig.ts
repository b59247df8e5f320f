/**
 * --store and what goes with it: the embedded store's directory, memory ceiling and query
 * replicas, or the remote SPARQL store's endpoints and credentials (as documentLimitsConfig.ts,
 * one part of the settings read by Config.ts).
 */
import { ConfigError } from './ConfigError.js';
import { httpUrl } from './httpUrl.js';
import { WASM_CEILING_BYTES } from './wasmCeiling.js';
import type { Given } from './givenSetting.js';

export type StoreConfig =
  | {
      readonly kind: 'embedded';
      readonly dataDir: string;
      readonly maxStoreBytes?: number;
      readonly queryReplicas: number | 'auto';
    }
  | {
      readonly kind: 'sparql';
      readonly queryUrl: string;
      readonly updateUrl?: string;
      readonly user?: string;
      readonly password?: string;
    };

/** Query replicas of the embedded store by default: one, and a standby while queries time out or wait behind another, where the memory holds two (replicaBudget.ts; README: Query replicas). */
export const DEFAULT_QUERY_REPLICAS = 'auto';
/** More replicas than cores buys nothing but memory; this bound only catches a typo such as 20. */
export const MAX_QUERY_REPLICAS = 8;

type StoreKey = 'queryReplicas' | 'store' | 'sparqlUrl' | 'updateUrl' | 'storeUser' | 'storePassword' | 'maxStoreMb';

const MB = 1024 * 1024;

export const STORE_SETTINGS: Readonly<Record<StoreKey, { env: string; help: string }>> = {
  queryReplicas: {
    env: 'LINKEDART_QUERY_REPLICAS',
    help: `query replicas curators' SPARQL keeps seeded, each a copy of the documents in memory, 0 to ${MAX_QUERY_REPLICAS}; 0: one, seeded on the first query; auto: one, and a second (a standby) while queries time out or wait behind another, where there are 2 cores or more and the memory holds two (default ${DEFAULT_QUERY_REPLICAS}; embedded store only)`,
  },
  store: {
    env: 'LINKEDART_STORE',
    help: 'where the quads live: embedded (in --data-dir) or sparql (a SPARQL 1.1 store at --sparql-url) (default embedded)',
  },
  sparqlUrl: {
    env: 'LINKEDART_SPARQL_URL',
    help: 'query endpoint of the SPARQL 1.1 store, with --store sparql (e.g. http://127.0.0.1:8890/sparql)',
  },
  updateUrl: {
    env: 'LINKEDART_UPDATE_URL',
    help: 'update endpoint of the SPARQL 1.1 store (default: the query endpoint)',
  },
  storeUser: { env: 'LINKEDART_STORE_USER', help: 'user name for the SPARQL store (HTTP Basic or Digest)' },
  storePassword: { env: 'LINKEDART_STORE_PASSWORD', help: 'password for the SPARQL store' },
  maxStoreMb: {
    env: 'LINKEDART_MAX_STORE_MB',
    help: `the embedded store's memory in MB beyond which writes are refused (507), at most and by default ${WASM_CEILING_BYTES / (1024 * 1024)} (its safe ceiling)`,
  },
};

/** --store and the remote store's endpoints and credentials. */
export function storeConfigOf(
  pick: (key: StoreKey) => Given | undefined,
  fail: (given: Given, why: string) => never,
  dataDir: string,
): StoreConfig {
  const kindIn = pick('store');
  const kind = kindIn?.value.trim().toLowerCase() ?? 'embedded';
  const urlOf = (given: Given | undefined): string | undefined => {
    if (!given) return undefined;
    const url = httpUrl(given.value);
    if (!url) fail(given, 'an http(s) URL of a SPARQL endpoint, such as http://127.0.0.1:8890/sparql');
    return url.href;
  };
  const sparqlIn = pick('sparqlUrl');
  const updateIn = pick('updateUrl');
  const userIn = pick('storeUser');
  const passwordIn = pick('storePassword');
  const maxStoreIn = pick('maxStoreMb');
  const replicasIn = pick('queryReplicas');
  if (kind === 'embedded') {
    for (const given of [sparqlIn, updateIn, userIn])
      if (given) fail(given, 'only used with --store sparql (LINKEDART_STORE=sparql)');
    const replicasText = replicasIn?.value.trim() ?? DEFAULT_QUERY_REPLICAS;
    const queryReplicas = replicasText === 'auto' ? 'auto' : Number(replicasText);
    if (replicasIn && queryReplicas !== 'auto' && (!/^\d+$/.test(replicasText) || queryReplicas > MAX_QUERY_REPLICAS)) {
      fail(
        replicasIn,
        `auto, or a whole number of query replicas from 0 to ${MAX_QUERY_REPLICAS} (0: one, seeded on the first query; each costs about the documents' data again in memory)`,
      );
    }
    return maxStoreIn
      ? { kind, dataDir, maxStoreBytes: maxStoreBytesOf(maxStoreIn, fail), queryReplicas }
      : { kind, dataDir, queryReplicas };
  }
  if (maxStoreIn)
    fail(maxStoreIn, 'only used with the embedded store (--store embedded): a remote store has its own limits');
  if (kind !== 'sparql') fail(kindIn!, 'embedded or sparql');
  if (replicasIn) fail(replicasIn, 'only used with the embedded store: a SPARQL store answers queries itself');
  if (!sparqlIn)
    throw new ConfigError(
      `--store sparql needs the store's query endpoint: --sparql-url URL or ${STORE_SETTINGS.sparqlUrl.env}`,
    );
  if (passwordIn && !userIn) fail({ ...passwordIn, value: '…' }, 'a password needs a user (--store-user)');
  return {
    kind,
    queryUrl: urlOf(sparqlIn)!,
    updateUrl: urlOf(updateIn),
    user: userIn?.value,
    password: passwordIn?.value,
  };
}

/** --max-store-mb: from 1 MB to the embedded store's safe ceiling (storeCeiling.ts). */
function maxStoreBytesOf(given: Given, fail: (given: Given, why: string) => never): number {
  const text = given.value.trim();
  const mb = Number(text);
  const ceiling = WASM_CEILING_BYTES / MB;
  if (text === '' || !Number.isFinite(mb) || mb < 1 || mb > ceiling) {
    fail(
      given,
      `a size in megabytes from 1 to ${ceiling}: the embedded store's memory cannot safely pass ${ceiling} MB (beyond it, use --store sparql)`,
    );
  }
  return Math.round(mb * MB);
}
