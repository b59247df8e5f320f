/**
 * Name search, `GET {base}search?q=…&page=n`: HTML for a browser (prefersHtml), JSON for
 * machines, as an Activity Streams OrderedCollectionPage in the search context like the other
 * search pages, with the query, `totalItems`, and each hit's `id`, `type`, `name` (and the
 * `identifier` that matched, its classifications and year), and the facets of all the hits
 * (kind, classification, century) with their counts; `kind=`, `classification=`, `from=`, `to=`
 * narrow it (searchNarrowing.ts). An empty or too long `q`, or a page that is not a whole number from
 * 1, or a narrowing that cannot be one, is a 400 (problem+json, or a page saying what to type); a page past the last is a 404,
 * and so is every search when the service runs with `--name-index off`.
 */
import type { Request, Response } from 'express';
import { collectionPage, pageCount, SEARCH_CONTEXT, type CollectionAddress } from '../render/collectionPage.js';
import type { PageFrame } from '../render/html/Page.js';
import { searchPageHtml } from '../pages/SearchPage.js';
import { isNameIndexOff, nameSearchOf } from '../search/attachNameIndex.js';
import { thumbnailsFor } from '../search/loadThumbnails.js';
import type { SearchNarrowing } from '../search/searchFacets.js';
import type { DocumentService } from '../service/DocumentService.js';
import { BadRequest, NotFound } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { jsonMediaType, sendJson } from './jsonAnswer.js';
import { prefersHtml } from './prefersHtml.js';
import { narrowedSearchUrl, searchNarrowingOf } from './searchNarrowing.js';

export const SEARCH_PATH = '/search';
/** The longest query searched (characters): names are shorter; longer is a mistake or abuse. */
export const MAX_QUERY_LENGTH = 200;
const SEARCH_MEDIA_TYPE = `application/ld+json;profile="${SEARCH_CONTEXT}"`;

export interface SearchRouteOptions {
  readonly baseUrl: string;
  readonly pageSize: number;
  readonly cacheControl: string;
  readonly documents: DocumentService;
  readonly frame: PageFrame;
}

export function searchRoute(options: SearchRouteOptions) {
  const { baseUrl, pageSize, frame } = options;
  const searchBase = `${baseUrl}search`;
  const relative = (url: string): string => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  return async (req: Request, res: Response): Promise<void> => {
    if (isNameIndexOff(options.documents))
      throw new NotFound(
        'Name search is off on this service (--name-index off): find documents through the lists by class or the SPARQL endpoint.',
      );
    const html = prefersHtml(req);
    const type = html ? undefined : jsonMediaType(req, SEARCH_MEDIA_TYPE);
    const params = new URL(req.url, 'http://x').searchParams;
    const q = params.get('q');
    // A browser opening /search with no query gets the page that says what to type.
    if (html && q === null) return sendHtml(req, res, searchPageHtml({ frame, query: '' }), options.cacheControl);
    const problem = queryProblem(q);
    if (problem !== undefined) {
      if (html)
        return sendHtml(
          req,
          res,
          searchPageHtml({ frame, query: (q ?? '').slice(0, MAX_QUERY_LENGTH), problem }),
          options.cacheControl,
          400,
        );
      throw new BadRequest(problem);
    }
    const query = q!.trim();
    const pageParam = params.get('page') ?? '1';
    if (!/^[1-9]\d{0,8}$/.test(pageParam)) {
      const detail = `?page= ${JSON.stringify(pageParam.slice(0, 40))} is not a page number: pages are numbered from 1.`;
      if (html) return sendHtml(req, res, searchPageHtml({ frame, query, problem: detail }), options.cacheControl, 400);
      throw new BadRequest(detail);
    }
    const page = Number(pageParam);
    let narrowing;
    try {
      narrowing = searchNarrowingOf(params);
    } catch (error) {
      if (!html || !(error instanceof BadRequest)) throw error;
      return sendHtml(req, res, searchPageHtml({ frame, query, problem: error.message }), options.cacheControl, 400);
    }
    const search = await nameSearchOf(options.documents);
    if (
      !search.facets &&
      (narrowing.classification !== undefined || narrowing.from !== undefined || narrowing.to !== undefined)
    )
      throw new BadRequest(
        'With the name index in the store (--name-index store), a search narrows by kind only: leave out classification=, from= and to=.',
      );
    const { total, hits, facets } = await search.search(query, (page - 1) * pageSize, pageSize, narrowing);
    const last = pageCount(total, pageSize);
    if (page > last)
      throw new NotFound(
        `Page ${page} is past the last page (${last}) of the search for ${JSON.stringify(query)}: it has ${total} matches, ${pageSize} a page.`,
      );
    const address: CollectionAddress = {
      id: narrowedSearchUrl(searchBase, query, narrowing),
      pageUrl: (n) => narrowedSearchUrl(searchBase, query, narrowing, n),
    };
    if (html) {
      const results = {
        total,
        hits,
        page,
        last,
        startIndex: (page - 1) * pageSize,
        pageHref: (n: number) => relative(address.pageUrl(n)),
        facets,
        narrowing,
        narrowedHref: (to: SearchNarrowing) => relative(narrowedSearchUrl(searchBase, query, to)),
        thumbnailOf: await thumbnailsFor(
          options.documents,
          hits.map((hit) => hit.id),
        ),
      };
      return sendHtml(req, res, searchPageHtml({ frame, query, results }), options.cacheControl);
    }
    const body = collectionPage(address, page, pageSize, total, []);
    sendJson(
      req,
      res,
      { ...body, query, ...narrowing, totalItems: total, facets, orderedItems: hits },
      type!,
      options.cacheControl,
    );
  };
}

/** What is wrong with a query, in words; undefined when it can be searched. */
function queryProblem(q: string | null): string | undefined {
  if (q === null || q.trim() === '')
    return '?q= is empty: give a name, part of a name or an identifier to search for, e.g. ?q=harbour.';
  if (q.length > MAX_QUERY_LENGTH)
    return `?q= is ${q.length} characters long; a search takes at most ${MAX_QUERY_LENGTH}.`;
  return undefined;
}
