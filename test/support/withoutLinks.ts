/** A served document without its HAL `_links` (API-level, not data): what round trips compare. */
export function withoutLinks<T extends object>(document: T): Omit<T, '_links'> {
  const { _links: _, ...data } = document as T & { _links?: unknown };
  return data;
}
