/**
 * The service's root (`GET {base}`): what a client needs to walk the whole collection without
 * SPARQL. A collection per class of entity (the same paged collections as search results), the
 * relations a document's `_links` may offer with the URL template of their search pages, and
 * links to the service's other doors (SPARQL, export). Plain JSON: it is not Linked Art data.
 */
import type { Request, Response } from 'express';
import { PUBLISHED_RELATIONS } from '../discovery/relations/index.js';
import { ENTITY_CLASSES } from '../linkedart/kinds.js';
import { orderedCollection } from '../render/collectionPage.js';
import { activityStreamUrl } from '../render/activityStream.js';
import { API_VERSION, LA_CURIE, MODEL_VERSION } from '../render/halLinks.js';
import { NotAcceptable } from './HttpError.js';
import { sendJson } from './jsonAnswer.js';
import { classCollectionUrl, type SearchPageOptions } from './searchPages.js';

export interface ServiceRootOptions extends SearchPageOptions {
  /** Whether /sparql answers here. */
  readonly sparql: boolean;
}

export function serviceRoot(options: ServiceRootOptions) {
  const { baseUrl, pageSize } = options;
  return async (req: Request, res: Response): Promise<void> => {
    if (req.accepts(['application/json', 'application/ld+json']) === false)
      throw new NotAcceptable(req.headers.accept ?? '', ['application/json']);
    const counts = await (await options.documents.reverseLinks()).classCounts();
    const collections = ENTITY_CLASSES.filter((c) => (counts.get(c) ?? 0) > 0).map((c) => {
      const id = classCollectionUrl(baseUrl, c);
      return orderedCollection({ id, pageUrl: (n) => `${id}?page=${n}`, label: c }, counts.get(c)!, pageSize);
    });
    const body = {
      id: baseUrl,
      type: 'Service',
      label: 'Linked Art description service',
      totalItems: [...counts.values()].reduce((a, b) => a + b, 0),
      collections,
      relations: PUBLISHED_RELATIONS.map((r) => ({
        name: r.name,
        documentation: LA_CURIE.href.replace('{rel}', r.name),
        description: r.description,
        given: r.given,
        returns: r.returns,
        search: { href: `${baseUrl}_links/${r.name}?id={id}&page=1`, templated: true },
        sparql: r.sparql,
      })),
      _links: {
        self: baseUrl,
        curies: [LA_CURIE],
        'la:modelVersion': MODEL_VERSION,
        'la:apiVersion': API_VERSION,
        ...(options.sparql
          ? { sparql: { href: `${baseUrl}sparql`, title: 'SPARQL 1.1 query endpoint and query page' } }
          : {}),
        collection: {
          href: activityStreamUrl(baseUrl),
          title: 'the change feed: every create, update and delete (IIIF Change Discovery 1.0)',
        },
        export: { href: `${baseUrl}_export`, title: 'every document, as a dump (?format=nquads, trig, ndjson...)' },
      },
    };
    sendJson(req, res, body, 'application/json', options.cacheControl);
  };
}
