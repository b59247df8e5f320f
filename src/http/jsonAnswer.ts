/**
 * A JSON answer of the service's own (search pages, collections, the root): JSON-LD or plain
 * JSON as the client asks, with a strong ETag of the bytes, 304 for a current copy, CORS, and
 * HEAD answered with GET's headers.
 */
import type { Request, Response } from 'express';
import { sendOwnBody } from './conditionalAnswer.js';
import { setCorsHeaders } from './cors.js';
import { NotAcceptable } from './HttpError.js';

/** The media types offered: JSON-LD first (the answer to no Accept or `*\/*`), then JSON. */
export function jsonMediaType(req: Request, jsonLdType: string): string {
  const chosen = req.accepts(['application/ld+json', 'application/json']);
  if (chosen === false) throw new NotAcceptable(req.headers.accept ?? '', [jsonLdType, 'application/json']);
  return chosen === 'application/json' ? 'application/json' : jsonLdType;
}

/** `status`: 200, or another answer with a body (300 Multiple Choices): only a 200 answers 304 to a current copy. */
export function sendJson(
  req: Request,
  res: Response,
  body: unknown,
  contentType: string,
  cacheControl: string,
  status = 200,
): void {
  sendOwnBody(req, res, Buffer.from(JSON.stringify(body)), { contentType, cacheControl, status });
}

/**
 * An answer about one request alone (what a write did, the service's health): plain JSON that
 * no cache keeps (`no-store`), with no ETag; HEAD answered with GET's headers.
 */
export function sendUncachedJson(res: Response, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value));
  res.statusCode = status;
  setCorsHeaders(res);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
