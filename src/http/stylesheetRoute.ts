/**
 * GET /_assets/style.css: the one stylesheet of the pages for people, from memory. It changes
 * only with the service's version, so it is cached for a day and validated by its ETag (a hash
 * of its bytes); gzipped once for clients that take it.
 */
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { STYLESHEET } from '../render/html/stylesheet.js';
import { sendAsset } from './assetAnswer.js';
import { etagOf } from './conditionalAnswer.js';

export const STYLESHEET_CACHE_CONTROL = 'public, max-age=86400';

export function stylesheetRoute() {
  const body = Buffer.from(STYLESHEET);
  const asset = { body, gzip: gzipSync(body), etag: etagOf(body) };
  const common = [
    'Content-Type',
    'text/css;charset=utf-8',
    'ETag',
    asset.etag,
    'Cache-Control',
    STYLESHEET_CACHE_CONTROL,
    'Vary',
    'Accept-Encoding',
    'X-Content-Type-Options',
    'nosniff',
  ];
  return (req: Request, res: Response): void => sendAsset(req, res, asset, common);
}
