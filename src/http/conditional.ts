/**
 * Conditional GET (RFC 9110 §13): whether the client's copy is current, so a 304 can be sent.
 * If-None-Match wins over If-Modified-Since; If-None-Match uses the weak comparison.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function isNotModified(headers: IncomingHttpHeaders, etag: string, lastModified: string | undefined): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const opaque = etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds: the stamp is truncated the same way before comparing.
  return !Number.isNaN(since) && Math.floor(Date.parse(lastModified) / 1000) <= Math.floor(since / 1000);
}
