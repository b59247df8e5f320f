/**
 * Find a record by the number on its label, `GET {base}resolve?identifier=WHM%201923.4` (`&type=` a
 * scheme by its word or IRI, `&classified_as=` by its IRI: only Identifiers classified so count):
 * 303 See Other to the one entity whose document holds an Identifier with that content; 300
 * Multiple Choices when several do, listing them (JSON, or a page of them by name for a browser);
 * 404 when none (problem+json, or the 404 page). Which Identifiers match, and how, is the lookup's
 * (service/resolve/). A bad parameter is a 400 naming it (resolveParameters.ts).
 */
import type { Request, Response } from 'express';
import { entityListHtml } from '../pages/EntityListPage.js';
import { SEARCH_CONTEXT } from '../render/collectionPage.js';
import { nameLookupOf } from '../search/attachNameIndex.js';
import { thumbnailsFor } from '../search/loadThumbnails.js';
import {
  entityClasses,
  identifierHolders,
  type IdentifierHolders,
  type IdentifierLookup,
} from '../service/resolve/identifierHolders.js';
import { CORS_HEADER_PAIRS } from './cors.js';
import { listedEntity } from './entityListPaging.js';
import { NotFound } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { jsonMediaType, sendJson } from './jsonAnswer.js';
import type { LandingOptions } from './landingPage.js';
import { prefersHtml } from './prefersHtml.js';
import { identifierLookupOf } from './resolveParameters.js';

export const RESOLVE_PATH = '/resolve';
const SEARCH_MEDIA_TYPE = `application/ld+json;profile="${SEARCH_CONTEXT}"`;

/** GET {base}resolve?identifier=…[&type=…][&classified_as=…] */
export function resolveRoute(options: LandingOptions) {
  const { documents } = options;
  return async (req: Request, res: Response): Promise<void> => {
    const lookup = identifierLookupOf(req.url);
    // Asked before the store is: an Accept nothing here can meet is a 406 whatever the lookup finds.
    const type = prefersHtml(req) ? undefined : jsonMediaType(req, SEARCH_MEDIA_TYPE);
    const found = await identifierHolders(documents, lookup);
    if (found.total === 0) throw new NotFound(notFound(lookup));
    if (found.total === 1) return seeOther(res, found.ids[0], options.cacheControl);
    await multipleChoices(req, res, options, lookup, found, type);
  };
}

/** 303 to the one entity: its id, where its document is. */
function seeOther(res: Response, id: string, cacheControl: string): void {
  res.writeHead(303, [
    ...CORS_HEADER_PAIRS,
    'Location',
    id,
    'Cache-Control',
    cacheControl,
    'Vary',
    'Accept',
    'Content-Length',
    '0',
  ]);
  res.end();
}

/** 300: the entities, by name and kind, as a page for a browser (`type` undefined) or JSON. */
async function multipleChoices(
  req: Request,
  res: Response,
  options: LandingOptions,
  lookup: IdentifierLookup,
  found: IdentifierHolders,
  type: string | undefined,
): Promise<void> {
  const { baseUrl, documents } = options;
  const classes = await entityClasses(documents.store, found.ids);
  const names = await nameLookupOf(documents, found.ids);
  const entries = found.ids.map((id) => ({ id, type: classes.get(id) ?? 'Entity', name: names.nameOf(id) ?? id }));
  if (type === undefined) {
    // As the other lists show entities: by name, linked, with their kind and thumbnail.
    const thumbnailOf = await thumbnailsFor(documents, found.ids);
    const html = entityListHtml({
      frame: options.frame,
      heading: `Records with the identifier “${found.content}”`,
      rawTerm: 'identified_by',
      total: found.total,
      page: 1,
      last: 1,
      startIndex: 0,
      entries: entries.map((e) => ({
        ...listedEntity(baseUrl, names, e.id),
        type: e.type,
        thumbnail: thumbnailOf(e.id),
      })),
      pageHref: () => '',
    });
    return sendHtml(req, res, html, options.cacheControl, 300);
  }
  // Percent-encoded as name search's own addresses are (%20, not +).
  const query = [
    `identifier=${encodeURIComponent(found.content)}`,
    ...lookup.classifiedAs.map((c) => `classified_as=${encodeURIComponent(c)}`),
  ];
  const body = {
    '@context': SEARCH_CONTEXT,
    id: `${baseUrl}${RESOLVE_PATH.slice(1)}?${query.join('&')}`,
    type: 'OrderedCollection',
    identifier: found.content,
    ...(lookup.classifiedAs.length > 0 ? { classified_as: lookup.classifiedAs } : {}),
    totalItems: found.total,
    orderedItems: entries,
  };
  sendJson(req, res, body, type, options.cacheControl, 300);
}

function notFound(lookup: IdentifierLookup): string {
  const classified =
    lookup.classifiedAs.length === 0 ? '' : ` classified as ${lookup.classifiedAs.map((c) => `<${c}>`).join(' and ')}`;
  return (
    `No record holds an Identifier with the content ${JSON.stringify(lookup.content)}${classified} ` +
    '(matched exactly, then with its white space collapsed); name search (/search?q=…) finds parts of numbers and names.'
  );
}
