/**
 * A client's preference for the JSON-LD without `_links` (RFC 7240 `Prefer`): `Prefer: links=off`, the per-request
 * form of the server's `--links off`. `_links` is not in the Linked Art context or JSON Schemas, so a strict client
 * (jsonld.js in safe mode, a schema validator) asks for the document as the model has it. A preference, not a
 * format: the media type and profile stay the same, and a server that does not know it may ignore it.
 */
import type { Request } from 'express';

export const LINKS_OFF = 'links=off';

/** Whether any `Prefer` header of the request holds `links=off` (the name case-insensitive, the value quoted or not). */
export function prefersNoLinks(req: Request): boolean {
  const prefer = req.headers.prefer;
  if (prefer === undefined) return false;
  return (Array.isArray(prefer) ? prefer.join(',') : prefer)
    .split(',')
    .map((p) =>
      p
        .split(';')[0]
        .trim()
        .toLowerCase()
        .replace(/\s*=\s*/, '='),
    )
    .some((p) => p === LINKS_OFF || p === 'links="off"');
}
