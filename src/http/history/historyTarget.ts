/** From a request under one of the history's paths to the path of the document it names (entityIdFor.ts makes its ids). */
import type { Request } from 'express';
import { afterHistoryPath } from '../../history/mementoUris.js';
import { NotFound } from '../HttpError.js';

/** The document's path after `prefix` (`/_timemap/`, `/_version/`), and the query. */
export function historyTarget(base: URL, req: Request, prefix: string): { rest: string; query: string } {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const rest = afterHistoryPath(base.pathname, path, prefix);
  if (rest === undefined) throw new NotFound(`Nothing is at ${path.slice(0, 200)}.`);
  return { rest, query: q < 0 ? '' : req.url.slice(q) };
}
