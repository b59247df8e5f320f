/**
 * What the two entity-list pages (every entity of a class, landingPage.ts; one relation's hits,
 * relationListPage.ts) read and show alike: the `?page=` number, the page's place in the list, and
 * an entity as a link by name.
 */
import { pageCount } from '../render/collectionPage.js';
import { hrefOf } from '../render/html/links.js';
import { BadRequest } from './HttpError.js';

/** `?page=`'s number, 1 where it is absent; anything but a page number is a Bad Request. */
export function listPageNumber(param: string | null): number {
  const text = param ?? '1';
  if (!/^[1-9]\d{0,8}$/.test(text))
    throw new BadRequest(
      `?page= ${JSON.stringify(text.slice(0, 40))} is not a page number: pages are numbered from 1.`,
    );
  return Number(text);
}

/** An entity as a list shows it: a link to its page, by its name (by its id where it has none). */
export function listedEntity(
  baseUrl: string,
  names: { nameOf(id: string): string | undefined },
  id: string,
): { href: string; name: string } {
  return { href: hrefOf(baseUrl, id)?.href ?? id, name: names.nameOf(id) ?? id };
}

/** Where page `page` stands in a list of `total` entries: the last page's number, the place of its first entry. */
export function listPlace(
  total: number,
  page: number,
  pageSize: number,
): { total: number; page: number; last: number; startIndex: number } {
  return { total, page, last: pageCount(total, pageSize), startIndex: (page - 1) * pageSize };
}
