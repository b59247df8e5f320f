/**
 * The HAL `_links` of a served Linked Art document, as the Linked Art API's HAL page says:
 * `self`, the `la` curie, the required version links, `alternate` for each other format
 * served, and one `la:<relation>` per relation with hits for this entity, pointing at the
 * first page of its search results with the hit count as `_estimate`. Never data: only the
 * JSON-LD carries it, never the quads or another format.
 */
import { PUBLISHED_RELATIONS } from '../discovery/relations/index.js';
import { FORMATS } from './formats.js';
import { activityStreamUrl, ACTIVITY_STREAM_MEDIA_TYPE } from './activityStream.js';

export const API_VERSION = { href: 'https://linked.art/api/1.0/', name: 'v1.0' };
export const MODEL_VERSION = { href: 'https://linked.art/model/1.0/', name: 'v1.0' };
export const LA_CURIE = { name: 'la', href: 'https://linked.art/api/rels/1/{rel}', templated: true };

/** Where the service's search pages live, under its base URL. */
export function relationCollectionUrl(baseUrl: string, relation: string, id: string): string {
  return `${baseUrl}_links/${relation}?id=${encodeURIComponent(id)}`;
}

export function relationPageUrl(baseUrl: string, relation: string, id: string, page: number): string {
  return `${relationCollectionUrl(baseUrl, relation, id)}&page=${page}`;
}

/** `?format=x` on an id (which may have a query of its own). */
export function formatUrl(id: string, extension: string): string {
  return `${id}${id.includes('?') ? '&' : '?'}format=${extension}`;
}

/**
 * The `_links` object of the document `id` whose top-level classes are `classes`, given the hit
 * counts of the relations for it.
 */
export function halLinks(
  baseUrl: string,
  id: string,
  classes: readonly string[],
  counts: ReadonlyMap<string, number>,
): Record<string, unknown> {
  const links: Record<string, unknown> = {
    self: id,
    curies: [LA_CURIE],
    alternate: FORMATS.filter((f) => f.name !== 'jsonld').map((f) => ({
      href: formatUrl(id, f.extension),
      type: f.contentType,
    })),
    'la:modelVersion': MODEL_VERSION,
    'la:apiVersion': API_VERSION,
    // The change feed this document's changes are announced in (the Linked Art API's discovery page asks for it).
    collection: { href: activityStreamUrl(baseUrl), type: ACTIVITY_STREAM_MEDIA_TYPE },
  };
  for (const relation of PUBLISHED_RELATIONS) {
    const n = counts.get(relation.name);
    if (!n || !relation.given.some((c) => classes.includes(c))) continue;
    links[`la:${relation.name}`] = { href: relationPageUrl(baseUrl, relation.name, id, 1), _estimate: n };
  }
  return links;
}
