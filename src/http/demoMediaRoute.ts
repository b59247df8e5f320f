/**
 * GET /media/harbour.png: the demo collection's one picture (data/demo-media/, drawn by
 * scripts/draw-demo-image.mjs), which its digital image's `access_point` names, so the demo's
 * pages show a picture rather than a broken one. One fixed file: no path from a request reaches
 * the file system. Read on first use and kept; cached for a day, validated by its ETag.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Request, Response } from 'express';
import { isNotModified } from './conditional.js';

export const DEMO_MEDIA_PATH = '/media/harbour.png';

const FILE = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../data/demo-media/harbour.png' : '../../data/demo-media/harbour.png',
    import.meta.url,
  ),
);

export function demoMediaRoute() {
  let body: Buffer | undefined;
  let etag = '';
  return (req: Request, res: Response): void => {
    if (!body) {
      body = readFileSync(FILE);
      etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    }
    const common = ['ETag', etag, 'Cache-Control', 'public, max-age=86400', 'X-Content-Type-Options', 'nosniff'];
    if (isNotModified(req.headers, etag, undefined)) {
      res.writeHead(304, common);
      res.end();
      return;
    }
    res.writeHead(200, [...common, 'Content-Type', 'image/png', 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
