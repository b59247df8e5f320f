/**
 * Which handler answers a request: a service path (at the server's root, or under the base URL's
 * path), a path under a service prefix, else an entity's id; OPTIONS answered for any of them;
 * a method a path does not allow is 405 with Allow (saying how writes are turned on, to a
 * read-only service); a body over the limit is 413 before any handler reads it (/_bulk streams).
 */
import type { Request, Response } from 'express';
import { setCorsHeaders, setPreflightHeaders } from './cors.js';
import { HttpError, MethodNotAllowed, PayloadTooLarge } from './HttpError.js';
import { MERGE_PATH } from './mergeRoute.js';
import { routeKindOf, setRouteKind } from './routeKind.js';
import type { Handler, Methods, ServiceRoutes } from './serviceRoutes.js';

export interface DispatchOptions {
  /** The base URL's path: the service's own paths answer under it too. */
  readonly basePath: string;
  /** Whether curators may write (a curator token was given). */
  readonly writable: boolean;
  readonly maxBodyBytes: number;
  /** Mark each answer with its kind of route, for the request metrics. */
  readonly routeKinds: boolean;
}

/** The service's own paths, outside the ids: what each allows besides OPTIONS. */
const READ = ['GET', 'HEAD'];

export function dispatcher({ routes, prefixes, entity }: ServiceRoutes, options: DispatchOptions) {
  const { basePath, writable, maxBodyBytes } = options;
  const prefixed = (path: string): Methods | undefined => {
    for (const [prefix, handlers] of prefixes) if (path.startsWith(prefix)) return handlers;
    return undefined;
  };
  // The service's own paths answer at the server's root and under the base URL's path too
  // (`/la/sparql` for `https://data.example.org/la/`), so a path-prefix proxy can publish them.
  const servicePath = (path: string): string | undefined => {
    if (basePath === '/' || !path.startsWith(basePath)) return undefined;
    const inner = path.slice(basePath.length - 1);
    return routes.has(inner) || prefixed(inner) ? inner : undefined;
  };
  return async (req: Request, res: Response): Promise<void> => {
    const q = req.url.indexOf('?');
    const path = servicePath(q < 0 ? req.url : req.url.slice(0, q)) ?? (q < 0 ? req.url : req.url.slice(0, q));
    const handlers = routes.get(path) ?? prefixed(path) ?? entity;
    const method = req.method === 'HEAD' && handlers.has('GET') ? 'GET' : req.method;
    if (options.routeKinds) setRouteKind(res, routeKindOf(method, path, handlers === entity));
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
        handlers === entity
          ? method === 'PUT' || method === 'DELETE'
          : (path === '/_bulk' || path === MERGE_PATH) && method === 'POST';
      if (!writable && write) throw new ReadOnly(method, allowedMethods(handlers));
      throw new MethodNotAllowed(req.method, allowedMethods(handlers));
    }
    if (path !== '/_bulk') {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > maxBodyBytes) throw new PayloadTooLarge(length, maxBodyBytes);
    }
    await handler(req, res);
  };
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
