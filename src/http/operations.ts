/**
 * For operators and load balancers: `/health` says the process answers; `/ready` says the
 * store is open and loaded (503 until then, and again while shutting down).
 */
import { setCorsHeaders } from './cors.js';
import type { Request, Response } from 'express';
import type { Representations } from '../service/Representations.js';

/** Set by whoever opens and loads the store, and stops the service. */
export interface Readiness {
  /** The store is open and loaded: dereferences can be answered. */
  ready: boolean;
  /** Shutting down: /ready says 503 so balancers stop sending, while requests in flight are still answered. */
  stopping?: boolean;
  /** Why not ready, for the 503 answer. */
  reason?: string;
}

export function health(_req: Request, res: Response): void {
  sendJson(res, 200, { status: 'up' });
}

export function readiness(readinessState: Readiness, representations: Representations) {
  return (_req: Request, res: Response): void => {
    if (!readinessState.ready || readinessState.stopping) {
      res.setHeader('Retry-After', '1');
      sendJson(res, 503, { status: 'not ready', reason: readinessState.reason ?? 'starting' });
      return;
    }
    sendJson(res, 200, { status: 'ready', renderCache: representations.stats() });
  };
}

function sendJson(res: Response, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  res.statusCode = status;
  setCorsHeaders(res);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
