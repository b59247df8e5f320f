/**
 * The change feed for a browser: `{base}activity-stream` is its newest page, `{base}activity-stream/page/n` page n,
 * the same pages (same sequence, same size) whose JSON the harvesters read (activityStreamRoute.ts).
 */
import type { Request, Response } from 'express';
import { feedPageHtml } from '../pages/FeedPage.js';
import { activityPageUrl } from '../render/activityStream.js';
import { nameLookupOf } from '../search/attachNameIndex.js';
import { ACTIVITY_PAGES_PATH } from './activityStreamRoute.js';
import { BadRequest, NotFound } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { recentChanges, type LandingOptions } from './landingPage.js';

/** GET {base}activity-stream[/page/n] for a browser. */
export function feedPage(options: LandingOptions & { readonly feedPageSize: number }) {
  const { baseUrl, documents, frame, feedPageSize } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const path = new URL(req.url, 'http://x').pathname;
    const at = path.indexOf(ACTIVITY_PAGES_PATH);
    const text = at < 0 ? undefined : path.slice(at + ACTIVITY_PAGES_PATH.length);
    if (text !== undefined && !/^[1-9]\d{0,15}$/.test(text))
      throw new BadRequest(`The feed's page ${JSON.stringify(text.slice(0, 40))} is not a whole number from 1.`);
    const length = await documents.feed.length();
    // The newest page with activities (the JSON feed's last page is empty while a full one waits for the next write).
    const last = Math.max(1, Math.ceil(length / feedPageSize));
    const page = text === undefined ? last : Number(text);
    if (page > last)
      throw new NotFound(`The feed has ${last} page${last === 1 ? '' : 's'}; there is no page ${page} yet.`);
    const activities = length === 0 ? [] : await documents.feed.page(page, feedPageSize, length);
    const names = await nameLookupOf(
      documents,
      activities.map((a) => a.object),
    );
    sendHtml(
      req,
      res,
      feedPageHtml({
        frame,
        page,
        last,
        length,
        changes: recentChanges(activities, names, baseUrl),
        pageHref: (n) => new URL(activityPageUrl(baseUrl, n)).pathname,
      }),
      options.cacheControl,
    );
  };
}
