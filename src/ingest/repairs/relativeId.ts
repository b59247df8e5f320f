/**
 * `relative-id`: a relative `id` resolved against the base the write gives (`--base-url` for
 * a load, `?baseUrl=` for the bulk endpoint, the document's own URL for a PUT: JSON-LD takes
 * the document's location as its base). Without a base it stays, and the gate refuses it.
 */
import { isAbsoluteIri } from '../iris.js';
import { idRewritten, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** A relative id resolved against `base`; undefined when it is not relative or does not resolve to an IRI. */
export function resolvedId(id: string, base: string): string | undefined {
  if (SCHEME.test(id) || id.startsWith('_:')) return undefined;
  let resolved: string;
  try {
    resolved = new URL(id, base).href;
  } catch {
    return undefined;
  }
  return isAbsoluteIri(resolved) ? resolved : undefined;
}

export const relativeId: Repair = {
  name: 'relative-id',
  cites: "JSON-LD 1.1 §4.1.2 and RFC 3986 §5 (a relative IRI reference is resolved against the document's base IRI)",
  summary: 'a relative id is resolved against the base the write gives (--base-url, ?baseUrl=, the PUT URL)',
  keys: ['id', '@id'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    const base = at.base;
    if (base === undefined) return undefined;
    return idRewritten(
      node,
      at,
      note,
      (id) => resolvedId(id, base),
      (id, resolved) => `"${id}" → "${resolved}" (resolved against ${base})`,
    );
  },
};
