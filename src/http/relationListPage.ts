/**
 * The full list of one "Referenced by" relation for a browser (`{base}_links/{relation}?id=…[&page=n]`, the same
 * URL whose JSON is the Search API's page): the relation in words, the entity it is about, and its hits by name
 * and kind, page by page. Names come from the name search index (in memory: no query per hit).
 */
import type { Request, Response } from 'express';
import { relationNamed, PUBLISHED_RELATIONS } from '../discovery/relations/index.js';
import { entityListHtml } from '../pages/EntityListPage.js';
import { pageCount } from '../render/collectionPage.js';
import { relationCollectionUrl } from '../render/halLinks.js';
import { hrefOf } from '../render/html/links.js';
import { relationWords } from '../render/html/ReferencedBy.js';
import { nameIndexOf } from '../search/attachNameIndex.js';
import { BadRequest, NotFound } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { iriParameter } from './iriParameter.js';
import type { LandingOptions } from './landingPage.js';
import { RELATION_PAGES_PATH } from './searchPages.js';

/** GET {base}_links/{relation}?id=…[&page=n] for a browser. */
export function relationListPage(options: LandingOptions) {
  const { baseUrl, documents, frame, pageSize } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const url = new URL(req.url, 'http://x');
    let name: string;
    try {
      name = decodeURIComponent(
        url.pathname.slice(url.pathname.indexOf(RELATION_PAGES_PATH) + RELATION_PAGES_PATH.length),
      );
    } catch {
      throw new BadRequest(`The path ${JSON.stringify(url.pathname)} is not well percent-encoded.`);
    }
    const relation = relationNamed(name);
    if (!relation || relation.internal)
      throw new NotFound(
        `No relation is named ${JSON.stringify(name)}; the relations are those of the Linked Art API (${PUBLISHED_RELATIONS.length}, listed at the service's root), e.g. objectProducedByAgent.`,
      );
    const id = url.searchParams.get('id');
    if (id === null || id === '')
      throw new BadRequest(`?id= is missing: give the entity whose ${relation.name} hits to list, as an absolute IRI.`);
    iriParameter('id', id);
    const pageParam = url.searchParams.get('page') ?? '1';
    if (!/^[1-9]\d{0,8}$/.test(pageParam))
      throw new BadRequest(
        `?page= ${JSON.stringify(pageParam.slice(0, 40))} is not a page number: pages are numbered from 1.`,
      );
    const page = Number(pageParam);
    const index = await documents.reverseLinks();
    const { total, items } = await index.hits(id, relation.name, (page - 1) * pageSize, pageSize);
    const last = pageCount(total, pageSize);
    if (page > last) throw new NotFound(`Page ${page} is past the last page (${last}) of ${relation.name} for ${id}.`);
    const names = await nameIndexOf(documents);
    const collection = new URL(relationCollectionUrl(baseUrl, relation.name, id));
    sendHtml(
      req,
      res,
      entityListHtml({
        frame,
        heading: relationWords(relation.name),
        rawTerm: relation.name,
        about: { href: hrefOf(baseUrl, id)?.href ?? id, name: names.nameOf(id) ?? id },
        total,
        page,
        last,
        startIndex: (page - 1) * pageSize,
        entries: items.map((hit) => ({
          href: hrefOf(baseUrl, hit.id)?.href ?? hit.id,
          name: names.nameOf(hit.id) ?? hit.id,
          type: hit.type,
        })),
        pageHref: (n) => `${collection.pathname}${collection.search}&page=${n}`,
      }),
      options.cacheControl,
    );
  };
}
