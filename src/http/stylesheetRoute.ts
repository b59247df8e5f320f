/**
 * GET /_assets/style.css: the one stylesheet of the pages for people, from memory. It changes
 * only with the service's version, so it is cached for a day and validated by its ETag (a hash
 * of its bytes); gzipped once for clients that take it.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { STYLESHEET } from '../render/html/stylesheet.js';
import { isNotModified } from './conditional.js';

export const STYLESHEET_CACHE_CONTROL = 'public, max-age=86400';

export function stylesheetRoute() {
  const body = Buffer.from(STYLESHEET);
  const gzipped = gzipSync(body);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const common = [
    'Content-Type',
    'text/css;charset=utf-8',
    'ETag',
    etag,
    'Cache-Control',
    STYLESHEET_CACHE_CONTROL,
    'Vary',
    'Accept-Encoding',
    'X-Content-Type-Options',
    'nosniff',
  ];
  return (req: Request, res: Response): void => {
    if (isNotModified(req.headers, etag, undefined)) {
      res.writeHead(304, common);
      res.end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const sent = gzip ? gzipped : body;
    res.writeHead(200, [
      ...common,
      ...(gzip ? ['Content-Encoding', 'gzip'] : []),
      'Content-Length',
      String(sent.length),
    ]);
    res.end(req.method === 'HEAD' ? undefined : sent);
  };
}
