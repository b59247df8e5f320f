/**
 * `linkedart harvest`'s trust settings (issue 28): flags, else environment variables, else
 * defaults, as Config.ts does for `serve`, each checked at start-up with a message naming the
 * flag or variable a bad value came from. They bound what one publisher can cost the harvest
 * (bytes per answer, pages and documents per walk) and say whom it may reach.
 */
import { ConfigError } from './Config.js';
import { httpUrl } from './httpUrl.js';

export interface HarvestSettings {
  /** The most bytes read of one document. */
  readonly maxDocumentBytes: number;
  /** The most bytes read of the feed's collection or one of its pages. */
  readonly maxPageBytes: number;
  /** Pages in a row naming no new document after which the walk stops. */
  readonly maxPagesWithoutProgress: number;
  /** Documents one run may change (what the walk holds in memory). */
  readonly maxChanges: number;
  /** Origins, besides the feed's own, whose ids the feed may act on and whose addresses may be private. */
  readonly allowOrigins: readonly string[];
  /** Loopback, private and link-local addresses allowed for every origin. */
  readonly allowPrivateAddresses: boolean;
}

/** The raw values (commander's camelCase keys). */
export interface HarvestSettingsInput {
  maxDocumentBytes?: string;
  maxPageBytes?: string;
  maxPagesWithoutProgress?: string;
  maxChanges?: string;
  allowOrigin?: readonly string[];
  allowPrivateAddresses?: boolean;
}

const MB = 1024 * 1024;
/** Past this one answer's text cannot be parsed at all (V8's longest string is about 512 MiB). */
const MOST_BYTES = 256 * MB;

export const HARVEST_SETTINGS: Readonly<Record<keyof HarvestSettingsInput, { env: string; help: string }>> = {
  maxDocumentBytes: {
    env: 'LINKEDART_HARVEST_MAX_DOCUMENT_BYTES',
    help: 'the most bytes read of one document (e.g. 16MB); a larger one is one failed item (default 16MB)',
  },
  maxPageBytes: {
    env: 'LINKEDART_HARVEST_MAX_PAGE_BYTES',
    help: 'the most bytes read of the feed or one of its pages (e.g. 32MB); a larger one stops the harvest (default 32MB)',
  },
  maxPagesWithoutProgress: {
    env: 'LINKEDART_HARVEST_MAX_PAGES_WITHOUT_PROGRESS',
    help: 'pages in a row naming no document not met already after which the walk stops: an endless or looping feed (default 1000)',
  },
  maxChanges: {
    env: 'LINKEDART_HARVEST_MAX_CHANGES',
    help: 'the most documents one run changes (the walk holds them in memory, about 0.5 GB a million); past it the run stops before applying anything (default 1000000)',
  },
  allowOrigin: {
    env: 'LINKEDART_HARVEST_ALLOW_ORIGINS',
    help: "an origin (scheme://host:port) whose ids the feed may act on besides its own, and whose addresses may be private (name the feed's own to harvest a feed on this machine or network); repeat it for more (the variable: separated by spaces or commas)",
  },
  allowPrivateAddresses: {
    env: 'LINKEDART_HARVEST_ALLOW_PRIVATE_ADDRESSES',
    help: 'connect to loopback, private and link-local addresses (127.0.0.1, 10.x, 192.168.x, 169.254.x, ::1, fc00::/7...) for every origin (the variable: on or off; default off)',
  },
};

export function resolveHarvestSettings(
  flags: HarvestSettingsInput,
  env: NodeJS.ProcessEnv = process.env,
): HarvestSettings {
  const pick = (
    key: Exclude<keyof HarvestSettingsInput, 'allowOrigin' | 'allowPrivateAddresses'>,
  ): { value: string; from: string } | undefined => {
    if (flags[key] !== undefined) return { value: flags[key], from: `--${kebab(key)}` };
    const fromEnv = env[HARVEST_SETTINGS[key].env];
    return fromEnv !== undefined && fromEnv !== '' ? { value: fromEnv, from: HARVEST_SETTINGS[key].env } : undefined;
  };
  const fail = (given: { value: string; from: string }, why: string): never => {
    throw new ConfigError(`${given.from} = ${JSON.stringify(given.value)}: ${why}`);
  };
  const bytes = (key: 'maxDocumentBytes' | 'maxPageBytes', fallback: number): number => {
    const given = pick(key);
    if (!given) return fallback;
    const n = sizeInBytes(given.value);
    if (n === undefined || n < 1024 || n > MOST_BYTES)
      fail(given, `a size from 1KB to ${MOST_BYTES / MB}MB, in bytes or with KB, MB or GB (of 1024), such as 16MB`);
    return n!;
  };
  const count = (key: 'maxPagesWithoutProgress' | 'maxChanges', fallback: number): number => {
    const given = pick(key);
    if (!given) return fallback;
    const text = given.value.trim().replace(/_/g, '');
    if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text)))
      fail(given, 'a whole number, at least 1');
    return Number(text);
  };
  const originsGiven =
    flags.allowOrigin && flags.allowOrigin.length > 0
      ? flags.allowOrigin.map((value) => ({ value, from: '--allow-origin' }))
      : (env[HARVEST_SETTINGS.allowOrigin.env] ?? '')
          .split(/[\s,]+/)
          .filter((v) => v !== '')
          .map((value) => ({ value, from: HARVEST_SETTINGS.allowOrigin.env }));
  const allowOrigins = originsGiven.map((given) => {
    const url = httpUrl(given.value);
    if (!url) return fail(given, 'an http(s) origin, such as https://data.example.org or http://127.0.0.1:8080');
    if (url.pathname !== '/' || url.search || url.hash || url.username)
      fail(given, `an origin is a scheme, a host and a port only, such as ${url.origin}`);
    return url.origin;
  });
  let allowPrivateAddresses = flags.allowPrivateAddresses === true;
  const privateEnv = env[HARVEST_SETTINGS.allowPrivateAddresses.env];
  if (flags.allowPrivateAddresses === undefined && privateEnv !== undefined && privateEnv !== '') {
    const word = privateEnv.trim().toLowerCase();
    if (['on', 'true', 'yes', '1'].includes(word)) allowPrivateAddresses = true;
    else if (!['off', 'false', 'no', '0'].includes(word))
      fail({ value: privateEnv, from: HARVEST_SETTINGS.allowPrivateAddresses.env }, 'on or off');
  }
  return {
    maxDocumentBytes: bytes('maxDocumentBytes', 16 * MB),
    maxPageBytes: bytes('maxPageBytes', 32 * MB),
    maxPagesWithoutProgress: count('maxPagesWithoutProgress', 1000),
    maxChanges: count('maxChanges', 1_000_000),
    allowOrigins,
    allowPrivateAddresses,
  };
}

/** `16MB`, `512KB`, `1GB`, `1048576`: bytes (KB, MB, GB of 1024); undefined when not a size. */
export function sizeInBytes(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(B|KB|K|KIB|MB|M|MIB|GB|G|GIB)?$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? 'B').toUpperCase()[0];
  const factor = unit === 'K' ? 1024 : unit === 'M' ? MB : unit === 'G' ? 1024 * MB : 1;
  return Math.round(Number(m[1]) * factor);
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}
