/**
 * The change feed over HTTP (IIIF Change Discovery 1.0):
 *
 *   GET {base}activity-stream          the collection: changes with every write
 *   GET {base}activity-stream/page/n   a page: once full, the same bytes for good
 *
 * A full page is cached for a year (`immutable`) and kept rendered here (its activities are
 * never rewritten); the collection and the last page carry the service's usual Cache-Control.
 * A page that is not a whole number from 1, or past the last, is a problem+json.
 */
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import {
  ACTIVITY_STREAM_MEDIA_TYPE as MEDIA_TYPE,
  activityCollection,
  activityPage,
  lastPage,
  ACTIVITY_STREAM_PATH,
} from '../render/activityStream.js';
import type { DocumentService } from '../service/DocumentService.js';
import { BadRequest, NotFound } from './HttpError.js';
import { jsonMediaType, sendJson } from './jsonAnswer.js';

export const ACTIVITY_STREAM_ROUTE = `/${ACTIVITY_STREAM_PATH}`;
export const ACTIVITY_PAGES_PATH = `/${ACTIVITY_STREAM_PATH}/page/`;
const FULL_PAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Full pages kept rendered (a harvester walking back reads each once; a few hundred cover the recent ones). */
const FULL_PAGES_KEPT = 500;

export interface ActivityStreamOptions {
  readonly baseUrl: string;
  readonly feedPageSize: number;
  readonly cacheControl: string;
  readonly documents: DocumentService;
}

/** GET {base}activity-stream */
export function activityStreamCollection(options: ActivityStreamOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const type = jsonMediaType(req, MEDIA_TYPE);
    const length = await options.documents.feed.length();
    sendJson(req, res, activityCollection(options.baseUrl, length, options.feedPageSize), type, options.cacheControl);
  };
}

/** GET {base}activity-stream/page/{n} */
export function activityStreamPages(options: ActivityStreamOptions) {
  const fullPages = new LRUCache<number, Record<string, unknown>>({ max: FULL_PAGES_KEPT });
  return async (req: Request, res: Response): Promise<void> => {
    const type = jsonMediaType(req, MEDIA_TYPE);
    const path = new URL(req.url, 'http://x').pathname;
    const text = path.slice(path.indexOf(ACTIVITY_PAGES_PATH) + ACTIVITY_PAGES_PATH.length);
    if (!/^[1-9]\d{0,15}$/.test(text))
      throw new BadRequest(
        `The feed's page ${JSON.stringify(text)} is not a whole number from 1: pages are {base}activity-stream/page/1, /page/2, …`,
      );
    const page = Number(text);
    const kept = fullPages.get(page);
    if (kept) {
      sendJson(req, res, kept, type, FULL_PAGE_CACHE_CONTROL);
      return;
    }
    const length = await options.documents.feed.length();
    const last = lastPage(length, options.feedPageSize);
    if (page > last)
      throw new NotFound(
        `The feed has ${last} page${last === 1 ? '' : 's'} (${length} activities, ${options.feedPageSize} a page); there is no page ${page} yet.`,
      );
    const activities = await options.documents.feed.page(page, options.feedPageSize, length);
    const body = activityPage(options.baseUrl, page, length, options.feedPageSize, activities);
    const full = page < last;
    if (full) fullPages.set(page, body);
    sendJson(req, res, body, type, full ? FULL_PAGE_CACHE_CONTROL : options.cacheControl);
  };
}
