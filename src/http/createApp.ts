/**
 * The HTTP interface, in the order a request meets it: the access log (and the request metrics); OPTIONS preflight; the
 * service paths (/ the root, /health, /ready, /metrics, /_export, /_assets/style.css (the pages' stylesheet), the deep-zoom viewer's files under /_assets/, /media/harbour.png (the demo's picture), /_bulk, /sparql with its query page and the page's
 * files under /sparql-ui/, the search pages under /_links/ and /_entities/, name search at /search, the lookup by identifier at /resolve; `/`, /_links/, /_entities/, /_export,
 * the change feed and /search give pages for people to a browser); then entity ids: GET/HEAD dereference, and with a curator token
 * PUT/DELETE. Anything else is 405 with Allow; errors anywhere become problem+json (400, 404, 406 and 410 a page
 * for a browser).
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config/Config.js';
import type { Logger } from '../log/logger.js';
import type { DocumentService } from '../service/DocumentService.js';
import type { Representations } from '../service/Representations.js';
import type { SparqlService } from '../service/SparqlService.js';
import { accessLog } from './accessLog.js';
import { curatorTokens, setActorOf } from './curatorAuth.js';
import { drainRefusedBody } from './drainRefusedBody.js';
import { HttpError, ServiceUnavailable } from './HttpError.js';
import type { Readiness } from './operations.js';
import { asHttpError, sendProblem } from './problems.js';
import { sendProblemPage, wantsProblemPage } from './problemPage.js';
import { serviceMetrics } from '../metrics/ServiceMetrics.js';
import { routeKindOfResponse } from './routeKind.js';
import { dispatcher } from './dispatch.js';
import { pageFrameOf, serviceRoutes, type Handler } from './serviceRoutes.js';
import type { PageFrame } from '../render/html/Page.js';

export interface AppOptions {
  readonly config: Config;
  readonly documents: DocumentService;
  readonly representations: Representations;
  readonly logger: Logger;
  /** Defaults to ready: the caller has opened and loaded the store already. */
  readonly readiness?: Readiness;
  /** Curators' SPARQL: without it, there is no /sparql. */
  readonly sparql?: SparqlService;
}

export function createApp({
  config,
  documents,
  representations,
  logger,
  readiness: state = { ready: true },
  sparql,
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const curators = curatorTokens(config.curators);
  const writable = curators !== undefined;
  // The service's metrics (a registry of this app's own), unless /metrics is off.
  const metrics =
    config.metrics === 'off'
      ? undefined
      : serviceMetrics({
          documents,
          representations,
          sparql,
          ready: () => state.ready && !state.stopping,
          // Set once the follower is begun (serve.ts): only a process that follows the feed has these metrics.
          feedLag: config.followFeedMs > 0 ? () => state.feedLag?.() : undefined,
        });

  const routes = serviceRoutes({
    config,
    documents,
    representations,
    logger,
    state,
    sparql,
    metrics,
    writable,
    whenReady,
    guarded,
  });
  app.use(
    accessLog(
      logger,
      metrics && ((res, seconds) => metrics.requests.observe(routeKindOfResponse(res), res.statusCode, seconds)),
    ),
  );
  app.use(
    dispatcher(routes, {
      basePath: new URL(config.baseUrl).pathname,
      writable,
      maxBodyBytes: config.maxBodyBytes,
      routeKinds: metrics !== undefined,
    }),
  );

  // Express knows an error handler by its four parameters.
  app.use(problemAnswer(logger, config.maxBodyBytes, pageFrameOf(config, sparql)));
  return app;

  function whenReady(handler: Handler): Handler {
    return (req, res) => {
      if (!state.ready)
        throw new ServiceUnavailable(`The store is not ready (${state.reason ?? 'starting'}); try again shortly.`);
      return handler(req, res);
    };
  }

  function guarded(handler: Handler): Handler {
    return whenReady((req, res) => {
      setActorOf(req, curators!.writerOf(req));
      return handler(req, res);
    });
  }
}

/** Any error as problem+json (HttpError's status, else 500; some a page for a browser), logged when it is ours or the operator's to hear of. */
function problemAnswer(logger: Logger, maxBodyBytes: number, frame: PageFrame) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const problem = asHttpError(error);
    // 507: the store is full, a state the operator must hear of, not a failure of ours.
    if (problem.status === 507)
      logger.warn(
        { method: req.method, path: req.originalUrl.slice(0, 500), detail: problem.message },
        'write refused: the store is full',
      );
    else if (problem.status >= 500 && problem.status !== 503)
      logger.error({ err: error, method: req.method, path: req.originalUrl.slice(0, 500) }, 'request failed');
    // A 503 from something thrown (the store unavailable, writers conflicting): what it was, for the operator.
    else if (problem.status === 503 && !(error instanceof HttpError))
      logger.warn({ err: error, method: req.method, path: req.originalUrl.slice(0, 500) }, 'request not answered: 503');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (wantsProblemPage(req, problem)) sendProblemPage(req, res, problem, frame);
    else sendProblem(res, problem);
    // A body refused part-way (or by its Content-Length) is read away, not left to reset the connection under the answer.
    if (problem.status === 413) drainRefusedBody(req, maxBodyBytes);
  };
}
