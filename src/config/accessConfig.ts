/**
 * Who may do what: the curator token(s), the read token, anonymous SPARQL queries and who reads
 * /metrics (as processesConfig.ts, one part of the settings read by Config.ts).
 */
import { curatorsOf, TOKEN_PATTERN, type Curator } from './curatorTokens.js';
import { onOff, type Given, type Refuse } from './givenSetting.js';

type AccessKey = 'token' | 'tokens' | 'readToken' | 'anonymousQueries' | 'metrics';

export const METRICS_ACCESS = ['public', 'token', 'off'] as const;
export type MetricsAccess = (typeof METRICS_ACCESS)[number];

export const ACCESS_SETTINGS: Readonly<Record<AccessKey, { env: string; help: string }>> = {
  token: {
    env: 'LINKEDART_TOKEN',
    help: 'bearer token that allows writes (PUT, DELETE, bulk load, SPARQL Update); none: read-only',
  },
  tokens: {
    env: 'LINKEDART_TOKENS',
    help: 'file of named curator tokens, one "name token [scope]" a line (scope: read, or an id prefix the token may write under); the feed names who wrote',
  },
  anonymousQueries: {
    env: 'LINKEDART_ANONYMOUS_QUERIES',
    help: 'whether /sparql answers queries without a token: on or off (default on)',
  },
  readToken: {
    env: 'LINKEDART_READ_TOKEN',
    help: 'bearer token that allows SPARQL queries when anonymous queries are off',
  },
  metrics: {
    env: 'LINKEDART_METRICS',
    help: 'who may read /metrics (Prometheus): public, token (the read or curator token) or off (default public)',
  },
};

export interface AccessConfig {
  /** The curator's bearer token; without one the service is read-only. */
  readonly token: string | undefined;
  /** Every curator token, named: --token's ("curator") and those of --tokens; none: read-only. */
  readonly curators: readonly Curator[];
  /** Whether /sparql answers queries without a token; when false, the read token (or the curator token) is needed. */
  readonly anonymousQueries: boolean;
  /** Bearer token that allows SPARQL queries when anonymous queries are off. */
  readonly readToken: string | undefined;
  /** Who may read /metrics: anyone, only with the read or curator token, or nobody (no such path). */
  readonly metrics: MetricsAccess;
}

const WEAK_TOKEN = 'a token is at least 16 printable characters without spaces (e.g. from `openssl rand -hex 24`)';

export function accessConfigOf(pick: (key: AccessKey) => Given | undefined, fail: Refuse): AccessConfig {
  const tokenIn = pick('token');
  // A guessable token guards nothing: ask for one worth the name (e.g. `openssl rand -hex 24`).
  if (tokenIn && !TOKEN_PATTERN.test(tokenIn.value)) fail({ ...tokenIn, value: '…' }, WEAK_TOKEN);

  const readTokenIn = pick('readToken');
  if (readTokenIn && !TOKEN_PATTERN.test(readTokenIn.value)) fail({ ...readTokenIn, value: '…' }, WEAK_TOKEN);

  const curators = curatorsOf(tokenIn, pick('tokens'));

  const anonymousIn = pick('anonymousQueries');
  const anonymousQueries = onOff(anonymousIn, true, fail);
  if (!anonymousQueries && !readTokenIn && curators.length === 0) {
    fail(
      anonymousIn!,
      'with anonymous queries off, nobody could query: give a read token (--read-token / LINKEDART_READ_TOKEN) or a curator token',
    );
  }

  const metricsIn = pick('metrics');
  const metrics = (metricsIn?.value.trim().toLowerCase() ?? 'public') as MetricsAccess;
  if (metricsIn && !METRICS_ACCESS.includes(metrics)) fail(metricsIn, `one of ${METRICS_ACCESS.join(', ')}`);
  if (metrics === 'token' && !readTokenIn && curators.length === 0) {
    fail(
      metricsIn!,
      'with /metrics behind a token, nobody could read it: give a read token (--read-token / LINKEDART_READ_TOKEN) or a curator token',
    );
  }
  return { token: tokenIn?.value, curators, readToken: readTokenIn?.value, anonymousQueries, metrics };
}
