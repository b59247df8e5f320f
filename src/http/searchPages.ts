/**
 * The search result pages `_links` point to, and the collections of every entity of a class:
 *
 *   GET {base}_links/{relation}?id={entity}&page={n}   hits of a relation for an entity
 *   GET {base}_links/{relation}?id={entity}            the collection itself (totalItems, first, last)
 *   GET {base}_entities/{Class}?page={n}               every document whose top-level class is Class
 *
 * An unknown relation or class, a missing or relative id, a page that is not a whole number
 * from 1, or a page past the last, is a problem+json naming what was wrong.
 */
import type { Request, Response } from 'express';
import { relationNamed, PUBLISHED_RELATIONS, type Relation } from '../discovery/relations/index.js';
import { ENTITY_CLASSES } from '../linkedart/kinds.js';
import type { HitPage } from '../discovery/ReverseLinks.js';
import { relationCollectionUrl } from '../render/halLinks.js';
import {
  collectionPage,
  orderedCollection,
  pageCount,
  SEARCH_CONTEXT,
  type CollectionAddress,
} from '../render/collectionPage.js';
import type { DocumentService } from '../service/DocumentService.js';
import { BadRequest, NotFound } from './HttpError.js';
import { iriParameter } from './iriParameter.js';
import { jsonMediaType, sendJson } from './jsonAnswer.js';

export const RELATION_PAGES_PATH = '/_links/';
export const CLASS_PAGES_PATH = '/_entities/';
const SEARCH_MEDIA_TYPE = `application/ld+json;profile="${SEARCH_CONTEXT}"`;

export interface SearchPageOptions {
  readonly baseUrl: string;
  readonly pageSize: number;
  readonly cacheControl: string;
  readonly documents: DocumentService;
}

export function classCollectionUrl(baseUrl: string, className: string): string {
  return `${baseUrl}${CLASS_PAGES_PATH.slice(1)}${className}`;
}

/** GET {base}_links/{relation}?id=…[&page=n] */
export function relationPages(options: SearchPageOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const { relation, id, query } = relationRequest(req);
    const address: CollectionAddress = {
      id: relationCollectionUrl(options.baseUrl, relation.name, id),
      pageUrl: (n) => `${relationCollectionUrl(options.baseUrl, relation.name, id)}&page=${n}`,
    };
    const index = await options.documents.reverseLinks();
    await answer(req, res, options, address, query, (offset, limit) => index.hits(id, relation.name, offset, limit));
  };
}

/** The relation and the entity a `{base}_links/{relation}?id=…` request names (404 or 400 saying which is wrong), and its query. */
export function relationRequest(req: Request): { relation: Relation; id: string; query: URLSearchParams } {
  const { name, query } = pathAndQuery(req, RELATION_PAGES_PATH);
  const relation = relationNamed(name);
  if (!relation || relation.internal) {
    throw new NotFound(
      `No relation is named ${JSON.stringify(name)}; the relations are those of the Linked Art API (${PUBLISHED_RELATIONS.length}, listed at the service's root), e.g. objectProducedByAgent.`,
    );
  }
  const id = query.get('id');
  if (id === null || id === '')
    throw new BadRequest(`?id= is missing: give the entity whose ${relation.name} hits to list, as an absolute IRI.`);
  iriParameter('id', id);
  return { relation, id, query };
}

/** GET {base}_entities/{Class}[?page=n] */
export function classPages(options: SearchPageOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const { name, query } = pathAndQuery(req, CLASS_PAGES_PATH);
    if (!(ENTITY_CLASSES as readonly string[]).includes(name)) {
      throw new NotFound(
        `No class of entity is named ${JSON.stringify(name)}; the classes are ${ENTITY_CLASSES.join(', ')}.`,
      );
    }
    const base = classCollectionUrl(options.baseUrl, name);
    const address: CollectionAddress = { id: base, pageUrl: (n) => `${base}?page=${n}`, label: name };
    const index = await options.documents.reverseLinks();
    await answer(req, res, options, address, query, (offset, limit) => index.ofClass(name, offset, limit));
  };
}

/** The collection (no ?page) or one of its pages. */
async function answer(
  req: Request,
  res: Response,
  options: SearchPageOptions,
  address: CollectionAddress,
  query: URLSearchParams,
  read: (offset: number, limit: number) => Promise<HitPage>,
): Promise<void> {
  const type = jsonMediaType(req, SEARCH_MEDIA_TYPE);
  const pageParam = query.get('page');
  const { pageSize } = options;
  if (pageParam === null) {
    const { total } = await read(0, 0);
    sendJson(
      req,
      res,
      { '@context': SEARCH_CONTEXT, ...orderedCollection(address, total, pageSize) },
      type,
      options.cacheControl,
    );
    return;
  }
  if (!/^[1-9]\d{0,8}$/.test(pageParam))
    throw new BadRequest(`?page= ${JSON.stringify(pageParam)} is not a page number: pages are numbered from 1.`);
  const n = Number(pageParam);
  const page = await read((n - 1) * pageSize, pageSize);
  const last = pageCount(page.total, pageSize);
  if (n > last)
    throw new NotFound(
      `Page ${n} is past the last page (${last}) of ${address.id}: it has ${page.total} entries, ${pageSize} a page.`,
    );
  sendJson(req, res, collectionPage(address, n, pageSize, page.total, page.items), type, options.cacheControl);
}

/** The name after the path prefix (percent-decoded), and the query. */
function pathAndQuery(req: Request, prefix: string): { name: string; query: URLSearchParams } {
  const url = new URL(req.url, 'http://x');
  const at = url.pathname.indexOf(prefix);
  let name = url.pathname.slice(at + prefix.length);
  try {
    name = decodeURIComponent(name);
  } catch {
    throw new BadRequest(`The path ${JSON.stringify(url.pathname)} is not well percent-encoded.`);
  }
  return { name, query: url.searchParams };
}
