/**
 * `GET /metrics`: the service's metrics in the Prometheus text format, for a scraper. Open to
 * anyone (`--metrics public`, the default: the figures are counts and timings, nothing of the
 * documents beyond the totals the root publishes), or only with the read or the curator token
 * (`--metrics token`, for a service whose port is public); `--metrics off` leaves the path to
 * the ids. Never cached; CORS as every answer.
 */
import type { Request, Response } from 'express';
import type { Config } from '../config/Config.js';
import type { ServiceMetrics } from '../metrics/ServiceMetrics.js';
import { passes, tokenChecker, Unauthorized } from './auth.js';
import { setCorsHeaders } from './cors.js';
import { curatorTokens } from './curatorAuth.js';

export function metricsRoute(metrics: ServiceMetrics, config: Pick<Config, 'metrics' | 'curators' | 'readToken'>) {
  const reader = tokenChecker(config.readToken);
  const curators = curatorTokens(config.curators);
  const allowed = (req: Request) => (reader && passes(reader, req)) || curators?.curatorOf(req) !== undefined;
  return async (req: Request, res: Response): Promise<void> => {
    if (config.metrics === 'token' && !allowed(req)) {
      throw new Unauthorized(
        req.headers.authorization === undefined
          ? '/metrics needs a token on this service (--metrics token): Authorization: Bearer <read token or curator token>.'
          : 'The bearer token is neither the read token nor the curator token.',
      );
    }
    const body = Buffer.from(await metrics.registry.metrics());
    res.statusCode = 200;
    setCorsHeaders(res);
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
