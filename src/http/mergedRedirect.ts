/**
 * A merged-away id answers 308 Permanent Redirect to the id it was merged into, whatever the
 * format asked for (the client asks there again with the same Accept, and the same `?format=`,
 * kept in the Location): a link to the old id keeps working, where a 404 would leave a ghost.
 * With kept versions it links, as a deleted id's 410 does, its last version and its TimeMap
 * (RFC 7089): what a harvester reads A's names from when it never held A (harvest/namesAtSource.ts).
 */
import type { Request, Response } from 'express';
import { setCorsHeaders } from './cors.js';

/** Whether one of `ids` was merged away: answered 308 to where it went. */
export async function redirectedToMerged(
  req: Request,
  res: Response,
  ids: readonly string[],
  mergedInto: ((id: string) => Promise<string | undefined>) | undefined,
  historyLinks?: (id: string) => Promise<string>,
): Promise<boolean> {
  if (!mergedInto) return false;
  for (const id of ids) {
    const target = await mergedInto(id);
    if (target === undefined) continue;
    const query = req.url.indexOf('?');
    res.statusCode = 308;
    setCorsHeaders(res);
    res.setHeader('Location', query < 0 ? target : target + req.url.slice(query));
    res.setHeader('Vary', 'Accept');
    if (historyLinks) res.setHeader('Link', await historyLinks(id));
    res.setHeader('Content-Length', 0);
    res.end();
    return true;
  }
  return false;
}
