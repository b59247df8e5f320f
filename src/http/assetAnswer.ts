/**
 * A file served as it is (the stylesheet, the deep-zoom viewer's files): its ETag a hash of its
 * bytes, 304 when the client has it, and its gzipped bytes to a client that takes them.
 */
import type { Request, Response } from 'express';
import { isNotModified } from './conditional.js';

export interface Asset {
  readonly body: Buffer;
  /** The body gzipped, when it is worth it (text). */
  readonly gzip?: Buffer;
  readonly etag: string;
}

/** `headers`: the asset's own (type, ETag, caching), sent with a 304 too. */
export function sendAsset(req: Request, res: Response, asset: Asset, headers: string[]): void {
  if (isNotModified(req.headers, asset.etag, undefined)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = asset.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? asset.gzip : undefined;
  const sent = gzip ?? asset.body;
  res.writeHead(200, [
    ...headers,
    ...(gzip ? ['Content-Encoding', 'gzip'] : []),
    'Content-Length',
    String(sent.length),
  ]);
  res.end(req.method === 'HEAD' ? undefined : sent);
}
