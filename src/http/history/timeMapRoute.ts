/**
 * `GET {base}_timemap{path}`: the document's TimeMap (RFC 7089 §5) — `application/link-format`,
 * JSON (`Accept: application/json` or `?format=json`), or for a browser the history page.
 * 404 when the id has no document and no history.
 */
import type { Request, Response } from 'express';
import { TIMEMAP_PATH, versionUris } from '../../history/mementoUris.js';
import { LINK_FORMAT, timeMapJson, timeMapLinkFormat } from '../../history/timeMapText.js';
import { hasContent, type VersionRecord } from '../../history/versionRecord.js';
import { historyPageHtml } from '../../pages/HistoryPage.js';
import type { PageFrame } from '../../render/html/Page.js';
import { CORS_HEADER_PAIRS } from '../cors.js';
import { sendHtml } from '../htmlAnswer.js';
import { BadRequest, NotAcceptable, NotFound } from '../HttpError.js';
import { sendJson } from '../jsonAnswer.js';
import { prefersHtml } from '../prefersHtml.js';
import { entityIdsFor } from '../entityIdFor.js';
import { historyTarget } from './historyTarget.js';

export interface TimeMapOptions {
  readonly baseUrl: string;
  readonly cacheControl: string;
  /** Each document's versions, oldest first (DocumentService.versions). */
  readonly versions: (id: string) => Promise<readonly VersionRecord[]>;
  readonly frame: PageFrame;
}

export function timeMapRoute({ baseUrl, cacheControl, versions, frame }: TimeMapOptions) {
  const base = new URL(baseUrl);
  // The link-format text of records kept (DocumentService.versions: the same array until a write): made once.
  const bodies = new WeakMap<readonly VersionRecord[], Buffer>();
  return async (req: Request, res: Response): Promise<void> => {
    const { rest, query } = historyTarget(base, req, TIMEMAP_PATH);
    const format = new URLSearchParams(query.slice(1)).get('format');
    if (format !== null && format !== 'json' && format !== 'link-format')
      throw new BadRequest(`?format=${format.slice(0, 40)} is not a TimeMap format here; use json or link-format.`);
    const ids = entityIdsFor(base, rest);
    const found = await historyOf(versions, ids);
    if (!found) throw new NotFound(`No document has the id ${ids[0]}, and none had.`);
    const { id, records } = found;
    if (format === null && prefersHtml(req)) {
      const newest = records.at(-1);
      const live = newest !== undefined && hasContent(newest);
      // The path of each version's URI: the same URI, its origin left out.
      const uri = versionUris(baseUrl, id);
      const origin = new URL(baseUrl).origin.length;
      const versionHref = (n: number) => uri(n).slice(origin);
      sendHtml(req, res, historyPageHtml({ frame, id, records, versionHref, live }), cacheControl);
      return;
    }
    const kind = format ?? (req.accepts([LINK_FORMAT, 'application/json']) || undefined);
    if (kind === 'json' || kind === 'application/json') {
      sendJson(req, res, timeMapJson(baseUrl, id, records), 'application/json', cacheControl);
      return;
    }
    if (kind === undefined) throw new NotAcceptable(req.headers.accept ?? '', [LINK_FORMAT, 'application/json']);
    let body = bodies.get(records);
    if (!body) bodies.set(records, (body = Buffer.from(timeMapLinkFormat(baseUrl, id, records))));
    res.writeHead(200, [
      ...CORS_HEADER_PAIRS,
      'Content-Type',
      LINK_FORMAT,
      'Cache-Control',
      cacheControl,
      'Vary',
      'Accept',
      'Content-Length',
      String(body.length),
    ]);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

async function historyOf(
  versions: TimeMapOptions['versions'],
  ids: readonly string[],
): Promise<{ id: string; records: readonly VersionRecord[] } | undefined> {
  for (const id of ids) {
    const records = await versions(id);
    if (records.length > 0) return { id, records };
  }
  return undefined;
}
