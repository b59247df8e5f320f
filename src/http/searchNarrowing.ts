/**
 * A search's narrowing from its URL (`kind=`, `classification=`, `from=`, `to=`), checked, and
 * the URL of a search with a narrowing (the facets' links, the pages'). Every value is checked
 * before it is used; a bad one is a 400 saying what it may be.
 */
import { ENTITY_CLASSES } from '../linkedart/kinds.js';
import type { SearchNarrowing } from '../search/searchFacets.js';
import { BadRequest } from './HttpError.js';

/** The longest classification searched by (characters), as for a query. */
const MAX_CLASSIFICATION_LENGTH = 200;

/** The narrowing asked in `params`; throws BadRequest for a value that cannot be one. */
export function searchNarrowingOf(params: URLSearchParams): SearchNarrowing {
  const kind = params.get('kind') ?? undefined;
  if (kind !== undefined && !(ENTITY_CLASSES as readonly string[]).includes(kind))
    throw new BadRequest(
      `?kind= ${JSON.stringify(kind.slice(0, 40))} is not a kind of entity; it is one of ${ENTITY_CLASSES.join(', ')}.`,
    );
  const classification = params.get('classification') ?? undefined;
  if (classification !== undefined && (classification === '' || classification.length > MAX_CLASSIFICATION_LENGTH))
    throw new BadRequest(`?classification= is a classification's name, 1 to ${MAX_CLASSIFICATION_LENGTH} characters.`);
  const from = yearParam(params, 'from');
  const to = yearParam(params, 'to');
  if (from !== undefined && to !== undefined && from > to)
    throw new BadRequest(`?from=${from} is after ?to=${to}: the range of years is empty.`);
  return {
    ...(kind !== undefined ? { kind } : {}),
    ...(classification !== undefined ? { classification } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

function yearParam(params: URLSearchParams, name: 'from' | 'to'): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (!/^-?\d{1,4}$/.test(value))
    throw new BadRequest(
      `?${name}= ${JSON.stringify(value.slice(0, 40))} is not a year: give one as digits, e.g. 1887 (or -300).`,
    );
  return Number(value);
}

/** The URL of the search for `q` narrowed so, at page `page` (none said: the collection). */
export function narrowedSearchUrl(searchBase: string, q: string, narrowing: SearchNarrowing, page?: number): string {
  const pairs: Array<[string, string | number | undefined]> = [
    ['q', q],
    ['kind', narrowing.kind],
    ['classification', narrowing.classification],
    ['from', narrowing.from],
    ['to', narrowing.to],
    ['page', page],
  ];
  const query = pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${searchBase}?${query}`;
}
