/**
 * Which kind of request this is (src/metrics/routeKinds.ts), for /metrics: decided once where
 * the request is routed, from its method and the path the router saw (service paths under the
 * base URL's path already moved to the root), and made finer by the handler where only it
 * knows (an entity's page for people, a SPARQL Update posted to /sparql). Kept in
 * `res.locals`, read when the response has been sent.
 */
import type { Response } from 'express';
import type { RouteKind } from '../metrics/routeKinds.js';
import { ACTIVITY_PAGES_PATH, ACTIVITY_STREAM_ROUTE } from './activityStreamRoute.js';
import { QUERY_PAGE_ASSETS_PATH } from './queryPage.js';
import { CLASS_PAGES_PATH, RELATION_PAGES_PATH } from './searchPages.js';
import { SEARCH_PATH } from './searchRoute.js';
import { RESOLVE_PATH } from './resolveRoute.js';
import { STYLESHEET_PATH } from '../render/html/stylesheet.js';

export const METRICS_PATH = '/metrics';

/** The service's own paths: each path's kind. */
const SERVICE_PATHS = new Map<string, RouteKind>([
  ['/', 'root'],
  ['/health', 'service'],
  ['/ready', 'service'],
  [METRICS_PATH, 'service'],
  [STYLESHEET_PATH, 'service'],
  ['/_export', 'export'],
  ['/_bulk', 'bulk'],
  ['/sparql', 'sparql_query'],
  [SEARCH_PATH, 'search'],
  [RESOLVE_PATH, 'search'],
  [ACTIVITY_STREAM_ROUTE, 'activity_stream'],
]);

/** Paths under a prefix: each prefix's kind. */
const SERVICE_PREFIXES: ReadonlyArray<readonly [string, RouteKind]> = [
  [ACTIVITY_PAGES_PATH, 'activity_stream'],
  [RELATION_PAGES_PATH, 'discovery'],
  [CLASS_PAGES_PATH, 'discovery'],
  [QUERY_PAGE_ASSETS_PATH, 'query_page'],
  // The pages' other files: the deep-zoom viewer's.
  ['/_assets/', 'service'],
];

/**
 * The kind of a request: `entity` says the router sent it to the entity ids (no service path
 * matched). A POST to /sparql counts as a query until the endpoint reads an update in it.
 */
export function routeKindOf(method: string, path: string, entity: boolean): RouteKind {
  if (method === 'OPTIONS') return 'preflight';
  if (entity) {
    if (method === 'GET' || method === 'HEAD') return 'document';
    return method === 'PUT' || method === 'DELETE' ? 'write' : 'other';
  }
  const kind = SERVICE_PATHS.get(path) ?? SERVICE_PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'other';
  // A service path answers its own methods only: anything else is a 405, not a use of it.
  if (kind === 'bulk') return method === 'POST' ? kind : 'other';
  if (kind === 'sparql_query') return method === 'GET' || method === 'HEAD' || method === 'POST' ? kind : 'other';
  return method === 'GET' || method === 'HEAD' ? kind : 'other';
}

interface RouteLocals {
  routeKind?: RouteKind;
}

/** Says what this request is (the router), or what it turned out to be (a handler). */
export function setRouteKind(res: Response, kind: RouteKind): void {
  (res.locals as RouteLocals).routeKind = kind;
}

/** What the request was; `other` when it never reached the router. */
export function routeKindOfResponse(res: Response): RouteKind {
  return (res.locals as RouteLocals).routeKind ?? 'other';
}
