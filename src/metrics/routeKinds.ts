/**
 * What a request was for, as the label of the request metrics: a small fixed set, so a
 * client walking ten million ids (or a scanner trying random paths) never makes a new series.
 * The HTTP layer decides which kind a request is (src/http/routeKind.ts); this is the list.
 */
export const ROUTE_KINDS = [
  /** GET or HEAD of an entity id, in a data format (JSON-LD, Turtle, ...). */
  'document',
  /** GET of an entity id as its page for people (text/html). */
  'page',
  /** PUT or DELETE of an entity id. */
  'write',
  /** POST /_bulk: a load streamed to the service. */
  'bulk',
  /** GET /_export: every document, as a dump. */
  'export',
  /** A SPARQL query at /sparql. */
  'sparql_query',
  /** A SPARQL Update at /sparql. */
  'sparql_update',
  /** The SPARQL query page and its files (/sparql for a browser, /sparql-ui/). */
  'query_page',
  /** Name search at /search, and the lookup by identifier at /resolve. */
  'search',
  /** The search pages of reverse links (/_links/) and the lists by class (/_entities/). */
  'discovery',
  /** The service root `/` (its JSON, or the landing page). */
  'root',
  /** The change feed (/activity-stream and its pages). */
  'activity_stream',
  /** The operator's paths and static files: /health, /ready, /metrics, the stylesheet. */
  'service',
  /** OPTIONS (CORS preflight) on any path. */
  'preflight',
  /** Anything else: a method no path allows, a request refused before it was routed. */
  'other',
] as const;

export type RouteKind = (typeof ROUTE_KINDS)[number];
