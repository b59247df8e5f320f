/**
 * The access log: one middleware, first in line, so every request is logged once, when its
 * response has been sent: method, path, status, milliseconds, bytes.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../log/logger.js';

export function accessLog(logger: Logger) {
  const logging = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!logging) { next(); return; }
    {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        // The dereference sends its headers in one writeHead, which getHeader cannot see: it says its length in locals.
        const length = (res.locals as { bodyBytes?: number }).bodyBytes ?? res.getHeader('Content-Length') ?? 0;
        const bytes = req.method === 'HEAD' || res.statusCode === 304 ? 0 : Number(length);
        logger.info({ method: req.method, path: req.originalUrl.slice(0, 500), status: res.statusCode, ms: Math.round(ms * 1000) / 1000, bytes });
      });
    }
    next();
  };
}
