/**
 * The service's routes, as createApp.ts dispatches to them: its own paths (exact, and by
 * prefix) and the entity ids, each path with the handler of each method it allows.
 */
import type { Request, Response } from 'express';
import type { Config } from '../config/Config.js';
import type { Logger } from '../log/logger.js';
import type { ServiceMetrics } from '../metrics/ServiceMetrics.js';
import type { PageFrame } from '../render/html/Page.js';
import { STYLESHEET_PATH } from '../render/html/stylesheet.js';
import type { DocumentService } from '../service/DocumentService.js';
import type { Representations } from '../service/Representations.js';
import type { SparqlService } from '../service/SparqlService.js';
import {
  activityStreamCollection,
  activityStreamPages,
  ACTIVITY_PAGES_PATH,
  ACTIVITY_STREAM_ROUTE,
} from './activityStreamRoute.js';
import { bulkLoad } from './bulk.js';
import { dereference } from './dereference.js';
import { exportRoute } from './exportRoute.js';
import { entityListPage, exportPage, landingPage } from './landingPage.js';
import { feedPage } from './feedPage.js';
import { relationListPage } from './relationListPage.js';
import { resolveRoute, RESOLVE_PATH } from './resolveRoute.js';
import { metricsRoute } from './metricsRoute.js';
import { health, readiness, type Readiness } from './operations.js';
import { prefersHtml } from './prefersHtml.js';
import { queryPage, queryPageAsset, QUERY_PAGE_ASSETS_PATH } from './queryPage.js';
import { METRICS_PATH, setRouteKind } from './routeKind.js';
import { classPages, relationPages, CLASS_PAGES_PATH, RELATION_PAGES_PATH } from './searchPages.js';
import { searchRoute, SEARCH_PATH } from './searchRoute.js';
import { serviceRoot } from './serviceRoot.js';
import { sparqlEndpoint, wantsQueryPage } from './sparqlRoute.js';
import { stylesheetRoute } from './stylesheetRoute.js';
import { demoMediaRoutes } from './demoMediaRoute.js';
import { deepZoomScriptRoute, openSeadragonRoute } from './deepZoomRoutes.js';
import { DEEP_ZOOM_SCRIPT_PATH, OPENSEADRAGON_PATH } from '../render/html/deepZoomAssets.js';
import { validationRoute } from './validationRoute.js';
import { VALIDATION_PATH } from './validationLink.js';
import { deleteDocument, putDocument } from './writes.js';
import { historyRoutes } from './history/historyRoutes.js';
import { mergeRoute, MERGE_PATH } from './mergeRoute.js';
import { mergeChainEnd } from '../merge/mergeChain.js';

export type Handler = (req: Request, res: Response) => Promise<void> | void;

/** A path's methods, and the handler of each. */
export type Methods = Map<string, Handler>;

export interface ServiceRoutes {
  /** The service's own paths. */
  readonly routes: Map<string, Methods>;
  /** Paths under a prefix (the query page's files, the search pages...): path prefix → its handlers. */
  readonly prefixes: Map<string, Methods>;
  /** Every other path: an entity's id. */
  readonly entity: Methods;
}

/** What the routes are made of: the app's parts, and how a handler waits for the store and checks the token. */
export interface RouteParts {
  readonly config: Config;
  readonly documents: DocumentService;
  readonly representations: Representations;
  readonly logger: Logger;
  readonly state: Readiness;
  readonly sparql?: SparqlService;
  readonly metrics?: ServiceMetrics;
  /** Writes are on (the service has a curator token). */
  readonly writable: boolean;
  /** The handler, answering 503 while the store is not ready. */
  readonly whenReady: (handler: Handler) => Handler;
  /** The handler behind whenReady and the curator token. */
  readonly guarded: (handler: Handler) => Handler;
}

export function serviceRoutes(parts: RouteParts): ServiceRoutes {
  const { config, representations, state, sparql, metrics } = parts;
  const routes = new Map<string, Methods>([
    ['/health', new Map([['GET', health(state)]])],
    ['/ready', new Map([['GET', readiness(state, representations, sparql?.engine)]])],
    [STYLESHEET_PATH, new Map([['GET', stylesheetRoute()]])],
    // The deep-zoom viewer's starting script (OpenSeadragon's files: a prefix, below).
    [DEEP_ZOOM_SCRIPT_PATH, new Map([['GET', deepZoomScriptRoute()]])],
    // The demo's pictures (its digital image's access point).
    ...demoMediaRoutes().map(([path, handler]): [string, Methods] => [path, new Map([['GET', handler]])]),
  ]);
  if (metrics) routes.set(METRICS_PATH, new Map([['GET', metricsRoute(metrics, config)]]));
  const paths: Paths = {
    routes,
    prefixes: new Map<string, Methods>([[OPENSEADRAGON_PATH, new Map([['GET', openSeadragonRoute()]])]]),
  };
  if (sparql) sparqlRoutes(paths, sparql, parts);
  discoveryRoutes(paths, parts);
  feedRoutes(paths, parts);
  bulkRoute(paths, parts);
  const history = historyRoutes({
    baseUrl: config.baseUrl,
    cacheControl: config.cacheControl,
    versions: (id) => parts.documents.versions.of(id),
    store: parts.documents.store,
    representations,
    frame: pageFrameOf(config, sparql),
    whenReady: parts.whenReady,
  });
  for (const [prefix, handler] of history) paths.prefixes.set(prefix, new Map([['GET', handler]]));
  routes.set(
    MERGE_PATH,
    parts.writable
      ? new Map([['POST', parts.guarded(mergeRoute({ ...parts.config, documents: parts.documents }))]])
      : new Map<string, Handler>(),
  );
  return { ...paths, entity: entityRoutes(parts) };
}

/** The service's own paths, as each kind of route adds to them. */
type Paths = Omit<ServiceRoutes, 'entity'>;

/** /sparql: the endpoint, and its query page for a browser; the page's files. */
function sparqlRoutes({ routes, prefixes }: Paths, sparql: SparqlService, parts: RouteParts): void {
  const endpoint = parts.whenReady(sparqlEndpoint({ sparql, config: parts.config }));
  const queryPageHandler = queryPage({ siteTitle: parts.config.title });
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

/** Discovery: the root, search pages of the reverse links, and every entity by class. */
function discoveryRoutes({ routes, prefixes }: Paths, parts: RouteParts): void {
  const { config, documents, sparql, whenReady } = parts;
  const discovery = {
    baseUrl: config.baseUrl,
    pageSize: config.pageSize,
    cacheControl: config.cacheControl,
    documents,
  };
  const people = peopleOptions(parts);
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
  // A record by the number on its label: 303 to it, 300 when several hold the number.
  routes.set(RESOLVE_PATH, new Map([['GET', whenReady(resolveRoute(people))]]));
  // The validation report of a document stored with violations (--conformance report).
  routes.set(
    VALIDATION_PATH,
    new Map([
      ['GET', whenReady(validationRoute({ documents, cacheControl: config.cacheControl, frame: people.frame }))],
    ]),
  );
}

/** Change discovery: the feed of every write's activities. */
function feedRoutes({ routes, prefixes }: Paths, parts: RouteParts): void {
  const { config, documents, whenReady } = parts;
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
  const feedView = feedPage({ ...peopleOptions(parts), feedPageSize: config.feedPageSize });
  routes.set(
    ACTIVITY_STREAM_ROUTE,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? feedView(req, res) : feedCollection(req, res)))]]),
  );
  prefixes.set(
    ACTIVITY_PAGES_PATH,
    new Map([['GET', whenReady((req, res) => (prefersHtml(req) ? feedView(req, res) : feedPages(req, res)))]]),
  );
}

/** /_bulk. Without a token the write methods are there only to say how to turn writes on (405). */
function bulkRoute({ routes }: Paths, parts: RouteParts): void {
  const { config, documents, logger, metrics } = parts;
  routes.set(
    '/_bulk',
    parts.writable
      ? new Map([
          [
            'POST',
            parts.guarded(
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
}

/** The frame of the pages for people: the site's title, its base URL, whether it has a query page. */
export function pageFrameOf(config: Config, sparql: SparqlService | undefined): PageFrame {
  return { siteTitle: config.title, baseUrl: config.baseUrl, sparql: sparql !== undefined };
}

/** What the pages for people are made from. A browser (Accept preferring text/html) gets them at `/`, the lists, the export, the feed and name search. */
function peopleOptions({ config, documents, sparql }: RouteParts) {
  return {
    baseUrl: config.baseUrl,
    pageSize: config.pageSize,
    cacheControl: config.cacheControl,
    documents,
    frame: pageFrameOf(config, sparql),
  };
}

/** An entity's id: GET (and HEAD) dereference it; with a curator token, PUT and DELETE write it. */
function entityRoutes(parts: RouteParts): Methods {
  const { config, documents, representations, logger } = parts;
  const entity = new Map<string, Handler>([
    [
      'GET',
      parts.whenReady(
        dereference({
          baseUrl: config.baseUrl,
          cacheControl: config.cacheControl,
          representations,
          logger,
          deletedAt: (id) => documents.feed.deletedAt(id),
          history:
            documents.keepVersions > 0
              ? { baseUrl: config.baseUrl, versions: (id) => documents.versions.of(id) }
              : undefined,
          mergedInto: (id) => mergeChainEnd(documents.feed, id),
          cached: config.cacheBytes > 0,
        }),
      ),
    ],
  ]);
  if (parts.writable) {
    const options = {
      baseUrl: config.baseUrl,
      maxBodyBytes: config.maxBodyBytes,
      documents,
      representations,
      documentLimits: config.documentLimits,
      conformance: config.conformance,
    };
    entity.set('PUT', parts.guarded(putDocument(options)));
    entity.set('DELETE', parts.guarded(deleteDocument(options)));
  }
  return entity;
}
