/**
 * The access log and the headers every response carries: one middleware, first in line, so
 * that errors, 304s and preflights get CORS too and every request is logged once, when its
 * response has been sent: method, path, status, milliseconds, bytes.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../log/logger.js';
import { setCorsHeaders } from './cors.js';

export function everyRequest(logger: Logger) {
  const logging = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    setCorsHeaders(res);
    if (logging) {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const bytes = req.method === 'HEAD' || res.statusCode === 304 ? 0 : Number(res.getHeader('Content-Length') ?? 0);
        logger.info({ method: req.method, path: req.originalUrl.slice(0, 500), status: res.statusCode, ms: Math.round(ms * 1000) / 1000, bytes });
      });
    }
    next();
  };
}
