/**
 * The full list of one "Referenced by" relation for a browser (`{base}_links/{relation}?id=…[&page=n]`, the same
 * URL whose JSON is the Search API's page): the relation in words, the entity it is about, and its hits by name
 * and kind (and thumbnail), page by page. Names and thumbnails come from indexes in memory: no query per hit.
 */
import type { Request, Response } from 'express';
import { entityListHtml } from '../pages/EntityListPage.js';
import { relationCollectionUrl } from '../render/halLinks.js';
import { relationWords } from '../render/html/ReferencedBy.js';
import { nameLookupOf } from '../search/attachNameIndex.js';
import { thumbnailsFor } from '../search/loadThumbnails.js';
import { NotFound } from './HttpError.js';
import { listedEntity, listPageNumber, listPlace } from './entityListPaging.js';
import { sendHtml } from './htmlAnswer.js';
import type { LandingOptions } from './landingPage.js';
import { relationRequest } from './searchPages.js';

/** GET {base}_links/{relation}?id=…[&page=n] for a browser. */
export function relationListPage(options: LandingOptions) {
  const { baseUrl, documents, frame, pageSize } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const { relation, id, query } = relationRequest(req);
    const page = listPageNumber(query.get('page'));
    const index = await documents.reverseLinks();
    const { total, items } = await index.hits(id, relation.name, (page - 1) * pageSize, pageSize);
    const place = listPlace(total, page, pageSize);
    if (page > place.last)
      throw new NotFound(`Page ${page} is past the last page (${place.last}) of ${relation.name} for ${id}.`);
    const names = await nameLookupOf(documents, [id, ...items.map((hit) => hit.id)]);
    const thumbnailOf = await thumbnailsFor(
      documents,
      items.map((hit) => hit.id),
    );
    const collection = new URL(relationCollectionUrl(baseUrl, relation.name, id));
    sendHtml(
      req,
      res,
      entityListHtml({
        frame,
        heading: relationWords(relation.name),
        rawTerm: relation.name,
        about: listedEntity(baseUrl, names, id),
        ...place,
        entries: items.map((hit) => ({
          ...listedEntity(baseUrl, names, hit.id),
          type: hit.type,
          thumbnail: thumbnailOf(hit.id),
        })),
        pageHref: (n) => `${collection.pathname}${collection.search}&page=${n}`,
      }),
      options.cacheControl,
    );
  };
}
