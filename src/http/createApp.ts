/**
 * The HTTP interface, in the order a request meets it: CORS headers and the access log
 * (every response); the operations paths; OPTIONS preflight; methods; body size; then the
 * dereference of entity ids. Errors anywhere become problem+json.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config/Config.js';
import type { Logger } from '../log/logger.js';
import type { Representations } from '../service/Representations.js';
import { everyRequest } from './accessLog.js';
import { setPreflightHeaders } from './cors.js';
import { dereference } from './dereference.js';
import { MethodNotAllowed, PayloadTooLarge, ServiceUnavailable } from './HttpError.js';
import { health, readiness, type Readiness } from './operations.js';
import { asHttpError, sendProblem } from './problems.js';

export interface AppOptions {
  readonly config: Config;
  readonly representations: Representations;
  readonly logger: Logger;
  /** Defaults to ready: the caller has opened and loaded the store already. */
  readonly readiness?: Readiness;
}

/** Methods of the read side (entity paths and operations paths alike). */
const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

export function createApp({ config, representations, logger, readiness: state = { ready: true } }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(everyRequest(logger));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS') {
      setPreflightHeaders(res, READ_METHODS);
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new MethodNotAllowed(req.method, READ_METHODS);
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > config.maxBodyBytes) throw new PayloadTooLarge(length, config.maxBodyBytes);
    next();
  });
  app.get('/health', health);
  app.get('/ready', readiness(state, representations));
  app.use((_req: Request, _res: Response, next: NextFunction) => {
    if (!state.ready) throw new ServiceUnavailable(`The store is not ready (${state.reason ?? 'starting'}); try again shortly.`);
    next();
  });
  app.use(dereference({ baseUrl: config.baseUrl, cacheControl: config.cacheControl, representations, logger }));

  // Express knows an error handler by its four parameters.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const problem = asHttpError(error);
    if (problem.status >= 500 && problem.status !== 503) logger.error({ err: error, method: req.method, path: req.originalUrl.slice(0, 500) }, 'request failed');
    if (res.headersSent) { res.destroy(); return; }
    sendProblem(res, problem);
  });
  return app;
}
