/**
 * The HTTP interface, in the order a request meets it: the access log (and the request metrics); OPTIONS preflight; the
 * service paths (/ the root, /health, /ready, /metrics, /_export, /_assets/style.css (the pages' stylesheet), /media/harbour.png (the demo's picture), /_bulk, /sparql with its query page and the page's
 * files under /sparql-ui/, the search pages under /_links/ and /_entities/, name search at /search; `/`, /_links/, /_entities/, /_export,
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
import { tokenChecker } from './auth.js';
import { bulkLoad } from './bulk.js';
import { setCorsHeaders, setPreflightHeaders } from './cors.js';
import { dereference } from './dereference.js';
import { drainRefusedBody } from './drainRefusedBody.js';
import { exportRoute } from './exportRoute.js';
import { HttpError, MethodNotAllowed, PayloadTooLarge, ServiceUnavailable } from './HttpError.js';
import { health, readiness, type Readiness } from './operations.js';
import { asHttpError, sendProblem } from './problems.js';
import { queryPage, queryPageAsset, QUERY_PAGE_ASSETS_PATH } from './queryPage.js';
import { sparqlEndpoint, wantsQueryPage } from './sparqlRoute.js';
import { deleteDocument, putDocument } from './writes.js';
import { classPages, relationPages, CLASS_PAGES_PATH, RELATION_PAGES_PATH } from './searchPages.js';
import { serviceRoot } from './serviceRoot.js';
import { entityListPage, exportPage, landingPage } from './landingPage.js';
import { prefersHtml } from './prefersHtml.js';
import { relationListPage } from './relationListPage.js';
import { feedPage } from './feedPage.js';
import { sendProblemPage, wantsProblemPage } from './problemPage.js';
import { searchRoute, SEARCH_PATH } from './searchRoute.js';
import { STYLESHEET_PATH } from '../render/html/stylesheet.js';
import { stylesheetRoute } from './stylesheetRoute.js';
import { DEMO_MEDIA_PATH, demoMediaRoute } from './demoMediaRoute.js';
import {
  activityStreamCollection,
  activityStreamPages,
  ACTIVITY_PAGES_PATH,
  ACTIVITY_STREAM_ROUTE,
} from './activityStreamRoute.js';
import { serviceMetrics } from '../metrics/ServiceMetrics.js';
import { metricsRoute } from './metricsRoute.js';
import { METRICS_PATH, routeKindOf, routeKindOfResponse, setRouteKind } from './routeKind.js';
import { validationRoute } from './validationRoute.js';
import { VALIDATION_PATH } from './validationLink.js';

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

type Handler = (req: Request, res: Response) => Promise<void> | void;

/** The service's own paths, outside the ids: what each allows besides OPTIONS. */
const READ = ['GET', 'HEAD'];

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
  const checkToken = tokenChecker(config.token);
  const writable = checkToken !== undefined;
  // The service's metrics (a registry of this app's own), unless /metrics is off.
  const metrics =
    config.metrics === 'off'
      ? undefined
      : serviceMetrics({ documents, representations, sparql, ready: () => state.ready && !state.stopping });

  /** Methods of each path, and the handler of each method. */
  const routes = new Map<string, Map<string, Handler>>([
    ['/health', new Map([['GET', health(state)]])],
    ['/ready', new Map([['GET', readiness(state, representations, sparql?.engine)]])],
    [STYLESHEET_PATH, new Map([['GET', stylesheetRoute()]])],
    // The demo's picture (its digital image's access point).
    [DEMO_MEDIA_PATH, new Map([['GET', demoMediaRoute()]])],
  ]);
  if (metrics) routes.set(METRICS_PATH, new Map([['GET', metricsRoute(metrics, config)]]));
  /** Paths under a prefix (the query page's files): path prefix → its handlers. */
  const prefixes = new Map<string, Map<string, Handler>>();
  if (sparql) {
    const endpoint = whenReady(sparqlEndpoint({ sparql, config }));
    const queryPageHandler = queryPage();
    const page: Handler = (req, res) => {
      setRouteKind(res, 'query_page');
      return queryPageHandler(req, res);
    };
    routes.set(
      '/sparql',
      new Map<string, Handler>([
        ['GET', (req, res) => (wantsQueryPage(req) ? page(req, res) : endpoint(req, res))],
        ['POST', endpoint],
      ]),
    );
    prefixes.set(QUERY_PAGE_ASSETS_PATH, new Map([['GET', queryPageAsset()]]));
  }
  // Discovery: the root, search pages of the reverse links, and every entity by class.
  const discovery = {
    baseUrl: config.baseUrl,
    pageSize: config.pageSize,
    cacheControl: config.cacheControl,
    documents,
  };
  // A browser (Accept preferring text/html) gets pages for people at `/`, the lists by class and name search.
  const people = {
    ...discovery,
    frame: { siteTitle: config.title, baseUrl: config.baseUrl, sparql: sparql !== undefined },
  };
  const root = serviceRoot({ ...discovery, sparql: sparql !== undefined });
  const landing = landingPage(people);
  routes.set('/', new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? landing(req, res) : root(req, res)))]]));
  const relations = relationPages(discovery);
  const relationList = relationListPage(people);
  prefixes.set(
    RELATION_PAGES_PATH,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? relationList(req, res) : relations(req, res)))]]),
  );
  const classes = classPages(discovery);
  const list = entityListPage(people);
  prefixes.set(
    CLASS_PAGES_PATH,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? list(req, res) : classes(req, res)))]]),
  );
  // The export: a browser asking without ?format= gets the page that offers the formats.
  const dump = exportRoute(documents.store);
  const dumpPage = exportPage(people);
  routes.set(
    '/_export',
    new Map([
      [
        'GET',
        whenReady((req, res) => (prefersHtml(req) && !req.url.includes('?') ? dumpPage(req, res) : dump(req, res))),
      ],
    ]),
  );
  routes.set(SEARCH_PATH, new Map([['GET', whenReady(searchRoute(people))]]));
  // The validation report of a document stored with violations (--conformance report).
  routes.set(
    VALIDATION_PATH,
    new Map([
      ['GET', whenReady(validationRoute({ documents, cacheControl: config.cacheControl, frame: people.frame }))],
    ]),
  );
  // Change discovery: the feed of every write's activities.
  const feed = {
    baseUrl: config.baseUrl,
    feedPageSize: config.feedPageSize,
    cacheControl: config.cacheControl,
    documents,
  };
  // Writes through this service keep full pages of this size whole (a faster read of them).
  documents.feed.pageSize = config.feedPageSize;
  // A browser gets the feed's pages as pages for people (the newest at the collection's address).
  const feedCollection = activityStreamCollection(feed);
  const feedPages = activityStreamPages(feed);
  const feedView = feedPage({ ...people, feedPageSize: config.feedPageSize });
  routes.set(
    ACTIVITY_STREAM_ROUTE,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? feedView(req, res) : feedCollection(req, res)))]]),
  );
  prefixes.set(
    ACTIVITY_PAGES_PATH,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? feedView(req, res) : feedPages(req, res)))]]),
  );
  // Without a token the write methods are there only to say how to turn writes on (405).
  routes.set(
    '/_bulk',
    writable
      ? new Map([
          [
            'POST',
            guarded(
              bulkLoad({
                documents,
                maxBulkBytes: config.maxBulkBytes,
                maxBodyBytes: config.maxBodyBytes,
                logger,
                loads: metrics?.loads,
                documentLimits: config.documentLimits,
                conformance: config.conformance,
              }),
            ),
          ],
        ])
      : new Map<string, Handler>(),
  );
  const entity = new Map<string, Handler>([
    [
      'GET',
      whenReady(
        dereference({
          baseUrl: config.baseUrl,
          cacheControl: config.cacheControl,
          representations,
          logger,
          deletedAt: (id) => documents.feed.deletedAt(id),
        }),
      ),
    ],
  ]);
  if (writable) {
    const options = {
      baseUrl: config.baseUrl,
      maxBodyBytes: config.maxBodyBytes,
      documents,
      representations,
      documentLimits: config.documentLimits,
      conformance: config.conformance,
    };
    entity.set('PUT', guarded(putDocument(options)));
    entity.set('DELETE', guarded(deleteDocument(options)));
  }
  // The service's own paths answer at the server's root and under the base URL's path too
  // (`/la/sparql` for `https://data.example.org/la/`), so a path-prefix proxy can publish them.
  const basePath = new URL(config.baseUrl).pathname;
  const servicePath = (path: string): string | undefined => {
    if (basePath === '/' || !path.startsWith(basePath)) return undefined;
    const inner = path.slice(basePath.length - 1);
    return routes.has(inner) || prefixed(inner) ? inner : undefined;
  };

  app.use(
    accessLog(
      logger,
      metrics && ((res, seconds) => metrics.requests.observe(routeKindOfResponse(res), res.statusCode, seconds)),
    ),
  );
  app.use(async (req: Request, res: Response) => {
    const q = req.url.indexOf('?');
    const path = servicePath(q < 0 ? req.url : req.url.slice(0, q)) ?? (q < 0 ? req.url : req.url.slice(0, q));
    const handlers = routes.get(path) ?? prefixed(path) ?? entity;
    const method = req.method === 'HEAD' && handlers.has('GET') ? 'GET' : req.method;
    if (metrics) setRouteKind(res, routeKindOf(method, path, handlers === entity));
    if (method === 'OPTIONS') {
      setCorsHeaders(res);
      setPreflightHeaders(res, allowedMethods(handlers));
      res.statusCode = 204;
      res.end();
      return;
    }
    const handler = handlers.get(method);
    if (!handler) {
      const write =
        handlers === entity ? method === 'PUT' || method === 'DELETE' : path === '/_bulk' && method === 'POST';
      if (!writable && write) throw new ReadOnly(method, allowedMethods(handlers));
      throw new MethodNotAllowed(req.method, allowedMethods(handlers));
    }
    if (path !== '/_bulk') {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > config.maxBodyBytes) throw new PayloadTooLarge(length, config.maxBodyBytes);
    }
    await handler(req, res);
  });

  // Express knows an error handler by its four parameters.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const problem = asHttpError(error);
    // 507: the store is full, a state the operator must hear of, not a failure of ours.
    if (problem.status === 507)
      logger.warn(
        { method: req.method, path: req.originalUrl.slice(0, 500), detail: problem.message },
        'write refused: the store is full',
      );
    else if (problem.status >= 500 && problem.status !== 503)
      logger.error({ err: error, method: req.method, path: req.originalUrl.slice(0, 500) }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (wantsProblemPage(req, problem)) sendProblemPage(req, res, problem, people.frame);
    else sendProblem(res, problem);
    // A body refused part-way (or by its Content-Length) is read away, not left to reset the connection under the answer.
    if (problem.status === 413) drainRefusedBody(req, config.maxBodyBytes);
  });
  return app;

  function prefixed(path: string): Map<string, Handler> | undefined {
    for (const [prefix, handlers] of prefixes) if (path.startsWith(prefix)) return handlers;
    return undefined;
  }

  function whenReady(handler: Handler): Handler {
    return (req, res) => {
      if (!state.ready)
        throw new ServiceUnavailable(`The store is not ready (${state.reason ?? 'starting'}); try again shortly.`);
      return handler(req, res);
    };
  }

  function guarded(handler: Handler): Handler {
    return whenReady((req, res) => {
      checkToken!(req);
      return handler(req, res);
    });
  }
}

/** A write to a service started without a curator token: 405, saying how writes are turned on. */
class ReadOnly extends HttpError {
  constructor(method: string, allow: readonly string[]) {
    super(
      405,
      'Method not allowed',
      `${method} is a write, and this service is read-only: writes (PUT, DELETE, bulk loads, SPARQL ` +
        'Update) need a curator token. Start the service with --token T (or LINKEDART_TOKEN, 16 characters or more) and send ' +
        '"Authorization: Bearer T".',
      { Allow: allow.join(', ') },
    );
  }
}

function allowedMethods(handlers: ReadonlyMap<string, Handler>): string[] {
  const methods = [...handlers.keys()].flatMap((m) => (m === 'GET' ? READ : [m]));
  return [...methods, 'OPTIONS'];
}
