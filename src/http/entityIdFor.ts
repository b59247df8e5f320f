/**
 * From a request path to the id of the entity it names: the base URL's origin plus the
 * path as received. Paths outside the base URL's path, too long, or that do not make a
 * valid IRI name nothing, and never reach the store as text.
 */
import { isHttpIri } from '../ingest/iris.js';

export const MAX_ID_LENGTH = 2048;

export function entityIdFor(baseUrl: string, requestPath: string): string | undefined {
  const base = new URL(baseUrl);
  if (!requestPath.startsWith(base.pathname) || requestPath.length > MAX_ID_LENGTH) return undefined;
  const id = base.origin + requestPath;
  return isHttpIri(id) ? id : undefined;
}
