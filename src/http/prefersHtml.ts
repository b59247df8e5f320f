/**
 * Whether a request for one of the service's own paths (the root, search, the lists by class)
 * wants the page for people: only when its Accept prefers text/html to JSON, as a browser's
 * does. No Accept, `*\/*`, JSON and JSON-LD get JSON, as machines always have (text/html is
 * offered last, so a tie goes to JSON).
 */
import type { Request } from 'express';

export function prefersHtml(req: Request): boolean {
  const accept = req.headers.accept;
  if (accept === undefined || accept === '' || accept === '*/*') return false;
  return req.accepts(['application/ld+json', 'application/json', 'text/html']) === 'text/html';
}
