/**
 * CORS (Linked Art API 1.0: `Access-Control-Allow-Origin: *` on every response, errors, 304s
 * and preflights included); scripts may read the validators and links. Every writer of a
 * response sets them (the dereference in one writeHead with its other headers, the fast path).
 */
import type { Response } from 'express';

export const EXPOSED_HEADERS = 'ETag, Last-Modified, Link, Location, Content-Location, Vary, Preference-Applied';
export const ALLOWED_REQUEST_HEADERS =
  'Accept, Authorization, Content-Type, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since, Prefer, Cache-Control';
/** How long a browser may keep a preflight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE = '86400';

/** The CORS headers of every response, as `name, value` pairs for `writeHead`. */
export const CORS_HEADER_PAIRS: readonly string[] = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_HEADERS,
];

export function setCorsHeaders(res: Response): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** The extra headers of an answer to OPTIONS: the methods this path allows and the headers a request may carry. */
export function setPreflightHeaders(res: Response, methods: readonly string[]): void {
  res.setHeader('Allow', methods.join(', '));
  res.setHeader('Access-Control-Allow-Methods', methods.join(', '));
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
  res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
}
