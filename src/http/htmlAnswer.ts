/**
 * A page for people of the service's own (the landing page, search, lists): HTML with the pages'
 * headers (the strict CSP), a strong ETag of the bytes and 304 for a current copy, CORS, and
 * HEAD answered with GET's headers.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { isNotModified } from './conditional.js';
import { CORS_HEADER_PAIRS } from './cors.js';
import { PAGE_HEADERS } from './pageHeaders.js';

export function sendHtml(req: Request, res: Response, html: string, cacheControl: string, status = 200): void {
  const bytes = Buffer.from(html);
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const headers = [
    ...CORS_HEADER_PAIRS,
    ...PAGE_HEADERS,
    'Content-Type',
    'text/html;charset=utf-8',
    'ETag',
    etag,
    'Cache-Control',
    status === 200 ? cacheControl : 'no-store',
    'Vary',
    'Accept',
  ];
  if (status === 200 && isNotModified(req.headers, etag, undefined)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  (res.locals as { bodyBytes?: number }).bodyBytes = bytes.length;
  res.writeHead(status, [...headers, 'Content-Length', String(bytes.length)]);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
