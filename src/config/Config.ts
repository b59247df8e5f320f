/**
 * Service configuration: flags, else environment variables, else defaults. Every setting is
 * one row of SETTINGS (flag, variable, default, check), so a bad value stops the service at
 * start-up with a message naming the flag or variable it came from.
 */
import { KEEP_ALL_VERSIONS, parseKeepVersions, type KeepVersions } from './keepVersions.js';
import { resolve } from 'node:path';
import { ConfigError } from './ConfigError.js';
import { STORE_SETTINGS, storeConfigOf, type StoreConfig } from './storeConfig.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { DOCUMENT_LIMIT_SETTINGS, documentLimitsOf } from './documentLimitsConfig.js';
import { PROCESS_SETTINGS, processConfigOf, type ProcessConfig } from './processesConfig.js';
import {
  CONFORMANCE_POLICIES,
  conformancePolicyNamed,
  DEFAULT_CONFORMANCE,
  type ConformancePolicy,
} from '../validate/conformancePolicy.js';
import { ACCESS_SETTINGS, accessConfigOf, type AccessConfig } from './accessConfig.js';
import { onOff, type Given } from './givenSetting.js';

/** Where they stand now; imported from here by the commands. */
export { ConfigError, type StoreConfig };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';

export interface Config extends ProcessConfig, AccessConfig {
  /** TCP port to listen on. */
  readonly port: number;
  /** Host/interface to bind. */
  readonly host: string;
  /** The base URL ids are under: `GET /{path}` answers the document whose id is baseUrl + path. Ends with `/`. */
  readonly baseUrl: string;
  /** Directory of the embedded store. */
  readonly dataDir: string;
  /** Bound of the render cache in bytes of rendered representations; 0 turns it off. */
  readonly cacheBytes: number;
  /** The Cache-Control header sent with every representation of a document. */
  readonly cacheControl: string;
  /** Largest request body accepted, in bytes (413 beyond). */
  readonly maxBodyBytes: number;
  /** Largest dump streamed to the bulk endpoint, in bytes (413 beyond). */
  readonly maxBulkBytes: number;
  /** Level of the structured log (access log lines are at `info`). */
  readonly logLevel: LogLevel;
  /** A SPARQL query running longer than this is stopped (milliseconds). */
  readonly queryTimeoutMs: number;
  /** Most result rows (SELECT solutions, CONSTRUCT triples) one SPARQL query may answer. */
  readonly maxRows: number;
  /** Largest SPARQL query or update text, in bytes (413 beyond). */
  readonly maxQueryBytes: number;
  /** Where the quads live: the embedded store in dataDir, or a separately run SPARQL 1.1 store. */
  readonly store: StoreConfig;
  /** Whether served JSON-LD carries HAL `_links` (--links on|off). */
  readonly links: boolean;
  /** Hits per search result page (--page-size). */
  readonly pageSize: number;
  /** Activities per page of the change feed (--feed-page-size); a full page never changes while it stays the same. */
  readonly feedPageSize: number;
  /** The collection's name, shown on every page for people (--title). */
  readonly title: string;
  /** The limits on one document at every entry point (--max-document-kb, --max-depth, --max-array-items). */
  readonly documentLimits: DocumentLimits;
  /** Writes' conformance policy unless a write asks for another (--conformance; validate/conformance.ts). */
  readonly conformance: ConformancePolicy;
  /** Past versions kept per document (--keep-versions all|N|0; Infinity: all, 0: no history kept). */
  readonly keepVersions: KeepVersions;
}

/** The raw values, as strings, from flags (commander gives camelCase keys). */
export interface ConfigInput {
  port?: string;
  host?: string;
  baseUrl?: string;
  dataDir?: string;
  cacheMb?: string;
  cacheControl?: string;
  maxBodyMb?: string;
  maxBulkMb?: string;
  logLevel?: string;
  token?: string;
  tokens?: string;
  queryTimeoutS?: string;
  maxRows?: string;
  maxQueryKb?: string;
  anonymousQueries?: string;
  store?: string;
  sparqlUrl?: string;
  updateUrl?: string;
  storeUser?: string;
  storePassword?: string;
  maxStoreMb?: string;
  readToken?: string;
  queryReplicas?: string;
  links?: string;
  pageSize?: string;
  feedPageSize?: string;
  title?: string;
  metrics?: string;
  maxDocumentKb?: string;
  maxDepth?: string;
  maxArrayItems?: string;
  conformance?: string;
  keepVersions?: string;
  followFeedMs?: string;
  nameIndex?: string;
}

// ---- The settings -------------------------------------------------------------------------

/** The collection's name on pages when --title is not given. */
export const DEFAULT_TITLE = 'Linked Art collection';

interface Setting {
  readonly env: string;
  readonly help: string;
}

export const SETTINGS: Readonly<Record<keyof ConfigInput, Setting>> = {
  port: { env: 'LINKEDART_PORT', help: 'TCP port (default 8080)' },
  host: { env: 'LINKEDART_HOST', help: 'interface to bind (default 127.0.0.1)' },
  baseUrl: {
    env: 'LINKEDART_BASE_URL',
    help: 'base URL of entity ids, may carry a path (default http://localhost:<port>/)',
  },
  dataDir: { env: 'LINKEDART_DATA_DIR', help: 'directory of the store (default var/data)' },
  cacheMb: { env: 'LINKEDART_CACHE_MB', help: 'render cache size in MB, 0 turns it off (default 64)' },
  cacheControl: {
    env: 'LINKEDART_CACHE_CONTROL',
    help: 'Cache-Control header of documents (default "public, max-age=60")',
  },
  maxBodyMb: { env: 'LINKEDART_MAX_BODY_MB', help: 'largest request body in MB (default 16)' },
  maxBulkMb: { env: 'LINKEDART_MAX_BULK_MB', help: 'largest dump streamed to the bulk endpoint in MB (default 16384)' },
  logLevel: { env: 'LINKEDART_LOG_LEVEL', help: 'log level: fatal, error, warn, info, debug or silent (default info)' },
  token: ACCESS_SETTINGS.token,
  tokens: ACCESS_SETTINGS.tokens,
  queryTimeoutS: {
    env: 'LINKEDART_QUERY_TIMEOUT_S',
    help: 'seconds after which a SPARQL query or update is stopped (default 30)',
  },
  maxRows: {
    env: 'LINKEDART_MAX_ROWS',
    help: 'most result rows (solutions or triples) a SPARQL query may answer (default 10000)',
  },
  maxQueryKb: { env: 'LINKEDART_MAX_QUERY_KB', help: 'largest SPARQL query or update text in KB (default 256)' },
  anonymousQueries: ACCESS_SETTINGS.anonymousQueries,
  readToken: ACCESS_SETTINGS.readToken,
  ...STORE_SETTINGS,
  links: {
    env: 'LINKEDART_LINKS',
    help: 'HAL _links (reverse links, versions, formats) in served JSON-LD: on or off (default on)',
  },
  pageSize: {
    env: 'LINKEDART_PAGE_SIZE',
    help: 'entries per page of search results and collections, 1 to 1000 (default 20)',
  },
  title: {
    env: 'LINKEDART_TITLE',
    help: `the collection's name, shown on the pages for people (default "${DEFAULT_TITLE}")`,
  },
  metrics: ACCESS_SETTINGS.metrics,
  conformance: {
    env: 'LINKEDART_CONFORMANCE',
    help: `writes' conformance policy, unless a write asks for another (?conformance=): strict refuses a document that breaks any rule; report stores one whose only violations are of the shapes (SHACL), with them, and serves it saying so (default ${DEFAULT_CONFORMANCE})`,
  },
  ...DOCUMENT_LIMIT_SETTINGS,
  keepVersions: {
    env: 'LINKEDART_KEEP_VERSIONS',
    help: 'past versions kept per document, each at its own URI and in its TimeMap: all, a number N (the N newest), or 0 (no history; default all)',
  },
  ...PROCESS_SETTINGS,
  feedPageSize: {
    env: 'LINKEDART_FEED_PAGE_SIZE',
    help: 'activities per page of the change feed, 1 to 1000 (default 100); changing it renumbers the pages harvesters may have cached',
  },
};

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'];

/** The settings as given, and a refusal of one naming where it came from. */
interface Settings {
  readonly pick: (key: keyof ConfigInput) => Given | undefined;
  readonly fail: (given: Given, why: string) => never;
}

export function resolveConfig(flags: ConfigInput, env: NodeJS.ProcessEnv = process.env): Config {
  const settings: Settings = {
    pick: (key) => {
      if (flags[key] !== undefined) return { value: flags[key], from: `--${kebab(key)}` };
      const fromEnv = env[SETTINGS[key].env];
      return fromEnv !== undefined && fromEnv !== '' ? { value: fromEnv, from: SETTINGS[key].env } : undefined;
    },
    fail: (given, why) => {
      throw new ConfigError(`${given.from} = ${JSON.stringify(given.value)}: ${why}`);
    },
  };
  const { pick, fail } = settings;
  const address = addressOf(settings);
  const dataDir = resolve(pick('dataDir')?.value ?? 'var/data');

  const cacheControlIn = pick('cacheControl');
  const cacheControl = cacheControlIn?.value.trim() ?? 'public, max-age=60';
  // A header value: printable ASCII only, or the response would fail for every request.
  if (cacheControlIn && !/^[\x20-\x7e]+$/.test(cacheControl))
    fail(cacheControlIn, 'a Cache-Control header value (printable ASCII), such as "public, max-age=60"');

  const logIn = pick('logLevel');
  const logLevel = (logIn?.value.trim().toLowerCase() ?? 'info') as LogLevel;
  if (logIn && !LOG_LEVELS.includes(logLevel)) fail(logIn, `one of ${LOG_LEVELS.join(', ')}`);

  // Read in this order, so that of several bad values the same one is named first.
  const access = accessConfigOf(pick, fail);
  const queryLimits = queryLimitsOf(settings);
  const store = storeConfigOf(pick, fail, dataDir);
  const pages = pagesOf(settings);
  const documentLimits = documentLimitsOf(pick, fail);
  const conformanceIn = pick('conformance');
  const conformance = conformanceIn
    ? (conformancePolicyNamed(conformanceIn.value) ?? fail(conformanceIn, `one of ${CONFORMANCE_POLICIES.join(', ')}`))
    : DEFAULT_CONFORMANCE;
  const keepIn = pick('keepVersions');
  let keepVersions = KEEP_ALL_VERSIONS;
  try {
    if (keepIn) keepVersions = parseKeepVersions(keepIn.value.trim());
  } catch {
    fail(keepIn!, 'all, 0, or a whole number of past versions');
  }
  const processes = processConfigOf(pick, fail, store.kind);

  return {
    ...processes,
    ...address,
    ...pages,
    ...access,
    ...queryLimits,
    documentLimits,
    conformance,
    keepVersions,
    store,
    dataDir,
    cacheControl,
    logLevel,
    cacheBytes: megabytes(settings, 'cacheMb', 64, 0),
    maxBodyBytes: megabytes(settings, 'maxBodyMb', 16, 0.001),
    maxBulkBytes: megabytes(settings, 'maxBulkMb', 16384, 0.001),
  };
}

/** --port, --host, --base-url. */
function addressOf({ pick, fail }: Settings): Pick<Config, 'port' | 'host' | 'baseUrl'> {
  const portIn = pick('port');
  const port = portIn ? Number(portIn.value) : 8080;
  if (portIn && (!/^\d+$/.test(portIn.value.trim()) || port > 65535))
    fail(portIn, 'a port is a whole number from 0 to 65535');

  const host = pick('host')?.value ?? '127.0.0.1';

  const baseIn = pick('baseUrl');
  let baseUrl = baseIn?.value ?? `http://localhost${port === 80 ? '' : `:${port}`}/`;
  let parsed: URL | undefined;
  try {
    parsed = new URL(baseUrl);
  } catch {
    fail(baseIn!, 'not a URL; give an absolute http(s) URL such as https://data.example.org/');
  }
  if (parsed!.protocol !== 'http:' && parsed!.protocol !== 'https:')
    fail(baseIn!, 'the base URL must be http or https');
  if (parsed!.search || parsed!.hash || parsed!.username || parsed!.password) {
    fail(baseIn!, 'the base URL may carry a path but no query, fragment or credentials');
  }
  if (!baseUrl.endsWith('/')) baseUrl += '/';
  return { port, host, baseUrl };
}

/** Curators' SPARQL: time limit, rows, query size. */
function queryLimitsOf(settings: Settings): Pick<Config, 'queryTimeoutMs' | 'maxRows' | 'maxQueryBytes'> {
  const positive = (key: 'queryTimeoutS' | 'maxRows' | 'maxQueryKb', fallback: number, what: string): number => {
    const given = settings.pick(key);
    if (!given) return fallback;
    const n = Number(given.value.trim());
    if (given.value.trim() === '' || !Number.isFinite(n) || n <= 0) settings.fail(given, what);
    return n;
  };
  const queryTimeoutMs = Math.round(
    positive('queryTimeoutS', 30, 'a number of seconds greater than 0, such as 30 or 0.5') * 1000,
  );
  const maxRows = positive('maxRows', 10000, 'a whole number of rows, at least 1');
  if (!Number.isInteger(maxRows)) settings.fail(settings.pick('maxRows')!, 'a whole number of rows, at least 1');
  const maxQueryBytes = Math.round(positive('maxQueryKb', 256, 'a size in KB greater than 0') * 1024);
  return { queryTimeoutMs, maxRows, maxQueryBytes };
}

/** What the pages and lists show: `_links`, page sizes, the title. */
function pagesOf(settings: Settings): Pick<Config, 'links' | 'pageSize' | 'feedPageSize' | 'title'> {
  const { pick, fail } = settings;
  const links = onOff(pick('links'), true, fail);
  const pageSizeIn = pick('pageSize');
  const pageSize = pageSizeIn ? Number(pageSizeIn.value.trim()) : 20;
  if (pageSizeIn && (!/^\d+$/.test(pageSizeIn.value.trim()) || pageSize < 1 || pageSize > 1000))
    fail(pageSizeIn, 'a whole number of entries from 1 to 1000');
  const feedPageSizeIn = pick('feedPageSize');
  const feedPageSize = feedPageSizeIn ? Number(feedPageSizeIn.value.trim()) : 100;
  if (feedPageSizeIn && (!/^\d+$/.test(feedPageSizeIn.value.trim()) || feedPageSize < 1 || feedPageSize > 1000))
    fail(feedPageSizeIn, 'a whole number of activities from 1 to 1000');

  const titleIn = pick('title');
  const title = titleIn?.value.trim() ?? DEFAULT_TITLE;
  if (titleIn && (title === '' || title.length > 200 || /[\x00-\x1f\x7f]/.test(title)))
    fail(titleIn, 'a name of 1 to 200 characters on one line, such as "Whitby Harbour Museum"');
  return { links, pageSize, feedPageSize, title };
}

function megabytes(
  { pick, fail }: Settings,
  key: 'cacheMb' | 'maxBodyMb' | 'maxBulkMb',
  fallback: number,
  min: number,
): number {
  const given = pick(key);
  if (!given) return fallback * MB;
  const mb = Number(given.value.trim());
  if (given.value.trim() === '' || !Number.isFinite(mb) || mb < min)
    fail(given, `a size in megabytes, at least ${min}`);
  return Math.round(mb * MB);
}

const MB = 1024 * 1024;

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}
