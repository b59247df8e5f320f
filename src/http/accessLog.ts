/**
 * The access log: one middleware, first in line, so every request is logged once, when its
 * response has been sent: method, path, status, milliseconds, bytes. The request metrics are
 * told at the same moment, from the same clock: one timer and one listener serve both.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../log/logger.js';

/** Told of every answered request: the response, and seconds since the request came. */
export type RequestObserver = (res: Response, seconds: number) => void;

export function accessLog(logger: Logger, observe?: RequestObserver) {
  const logging = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!logging && !observe) {
      next();
      return;
    }
    {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        observe?.(res, ms / 1000);
        if (!logging) return;
        // The dereference sends its headers in one writeHead, which getHeader cannot see: it says its length in locals.
        const length = (res.locals as { bodyBytes?: number }).bodyBytes ?? res.getHeader('Content-Length') ?? 0;
        const bytes = req.method === 'HEAD' || res.statusCode === 304 ? 0 : Number(length);
        logger.info({
          method: req.method,
          path: req.originalUrl.slice(0, 500),
          status: res.statusCode,
          ms: Math.round(ms * 1000) / 1000,
          bytes,
        });
      });
    }
    next();
  };
}
