/**
 * The pages for people at the service's own paths: the landing page (`/` for a browser) and
 * the list of every entity of a kind (`{base}_entities/{Class}` for a browser, the same path
 * whose JSON lists the ids). Names come from the name search index, thumbnails from theirs (Thumbnails.ts); counts and lists from the
 * reverse-link index (by class); the latest changes from the change feed. And the export page (`{base}_export`
 * without `?format=`, for a browser).
 */
import type { Request, Response } from 'express';
import { ENTITY_CLASSES } from '../linkedart/kinds.js';
import { EXPORT_EXTENSIONS, EXPORT_FORMATS } from '../export/exportDocuments.js';
import { activityStreamUrl } from '../render/activityStream.js';
import { entityListHtml } from '../pages/EntityListPage.js';
import { exportPageHtml } from '../pages/ExportPage.js';
import { landingPageHtml, type RecentChange } from '../pages/LandingPage.js';
import { hrefOf } from '../render/html/links.js';
import { kindOf } from '../render/html/terms.js';
import type { PageFrame } from '../render/html/Page.js';
import { nameLookupOf } from '../search/attachNameIndex.js';
import { thumbnailsFor } from '../search/loadThumbnails.js';
import type { Activity } from '../feed/activityGraph.js';
import type { DocumentService } from '../service/DocumentService.js';
import { violatedCount } from '../service/validationReports.js';
import { NotFound } from './HttpError.js';
import { listedEntity, listPageNumber, listPlace } from './entityListPaging.js';
import { sendHtml } from './htmlAnswer.js';
import { CLASS_PAGES_PATH, classCollectionUrl } from './searchPages.js';

/** How many of the latest changes the landing page shows. */
export const LATEST_CHANGES = 10;

export interface LandingOptions {
  readonly baseUrl: string;
  readonly pageSize: number;
  readonly cacheControl: string;
  readonly documents: DocumentService;
  readonly frame: PageFrame;
}

const relative = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** GET / for a browser. */
export function landingPage(options: LandingOptions) {
  const { baseUrl, documents, frame } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const counts = await (await documents.reverseLinks()).classCounts();
    const length = await documents.feed.length();
    const activities =
      length === 0 ? [] : await documents.feed.activities(Math.max(1, length - LATEST_CHANGES + 1), length);
    const names = await nameLookupOf(
      documents,
      activities.map((a) => a.object),
    );
    const changes = recentChanges(activities, names, baseUrl);
    sendHtml(
      req,
      res,
      landingPageHtml({
        frame,
        counts: ENTITY_CLASSES.filter((c) => (counts.get(c) ?? 0) > 0).map((c) => ({
          className: c,
          count: counts.get(c)!,
          href: relative(classCollectionUrl(baseUrl, c)),
        })),
        changes,
        feedHref: relative(activityStreamUrl(baseUrl)),
        exportHref: relative(`${baseUrl}_export`),
        violated: await violatedCount(documents.store),
      }),
      options.cacheControl,
    );
  };
}

/** Activities as a page shows them: newest first, each entity by its name and linked while it exists. */
export function recentChanges(
  activities: readonly Activity[],
  names: { nameOf(id: string): string | undefined },
  baseUrl: string,
): RecentChange[] {
  return [...activities].reverse().map((a): RecentChange => {
    const name = names.nameOf(a.object);
    return {
      time: a.endTime,
      kind: a.kind,
      className: a.type,
      id: a.object,
      name,
      href: name === undefined ? undefined : hrefOf(baseUrl, a.object)?.href,
    };
  });
}

/** GET {base}_entities/{Class}[?page=n] for a browser. */
export function entityListPage(options: LandingOptions) {
  const { baseUrl, documents, frame, pageSize } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const url = new URL(req.url, 'http://x');
    const className = decodeURIComponent(
      url.pathname.slice(url.pathname.indexOf(CLASS_PAGES_PATH) + CLASS_PAGES_PATH.length),
    );
    if (!(ENTITY_CLASSES as readonly string[]).includes(className)) {
      throw new NotFound(
        `No class of entity is named ${JSON.stringify(className)}; the classes are ${ENTITY_CLASSES.join(', ')}.`,
      );
    }
    const page = listPageNumber(url.searchParams.get('page'));
    const { total, items } = await (await documents.reverseLinks()).ofClass(className, (page - 1) * pageSize, pageSize);
    const place = listPlace(total, page, pageSize);
    if (page > place.last)
      throw new NotFound(`Page ${page} is past the last page (${place.last}) of the ${className} list.`);
    const names = await nameLookupOf(
      documents,
      items.map((hit) => hit.id),
    );
    const thumbnailOf = await thumbnailsFor(
      documents,
      items.map((hit) => hit.id),
    );
    const base = relative(classCollectionUrl(baseUrl, className));
    sendHtml(
      req,
      res,
      entityListHtml({
        frame,
        heading: `Every ${kindOf({ type: className }).toLowerCase()}`,
        rawTerm: className,
        ...place,
        entries: items.map((hit) => ({
          ...listedEntity(baseUrl, names, hit.id),
          thumbnail: thumbnailOf(hit.id),
        })),
        pageHref: (n) => `${base}?page=${n}`,
      }),
      options.cacheControl,
    );
  };
}

/** GET {base}_export for a browser, without `?format=`: the export page. */
export function exportPage(options: LandingOptions) {
  const { baseUrl, documents, frame } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const counts = await (await documents.reverseLinks()).classCounts();
    sendHtml(
      req,
      res,
      exportPageHtml({
        frame,
        documents: [...counts.values()].reduce((a, b) => a + b, 0),
        statements: await documents.store.size(),
        exportHref: relative(`${baseUrl}_export`),
        formats: EXPORT_FORMATS.map((name) => ({ name, extension: EXPORT_EXTENSIONS[name] })),
      }),
      options.cacheControl,
    );
  };
}
