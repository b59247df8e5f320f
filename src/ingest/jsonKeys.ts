/**
 * Small readings of a document's JSON that ingest makes at every node: which keys are
 * annotations, how a JSON path is written, how a value is named in a message, and whether a
 * key's meaning depends on the node's class.
 */
import type { ActiveContext } from '../context/ActiveContext.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Keys that begin with `_` are for developers, never semantic (Linked Art's `_label`,
 * `_complete`; LUX's `_content_html`, `_seconds_since_epoch_begin_of_the_begin`). Those the
 * context does not map are annotations. `_links` is not: it is HAL navigation the service
 * makes itself, never data (the links repair drops it; without repairs it is refused).
 */
export function isAnnotationKey(key: string): boolean {
  return key.length > 1 && key[0] === '_' && key !== '_links';
}

export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function flatten(values: Json[]): Json[] {
  return values.some(Array.isArray) ? values.flat<Json[], 1>(Infinity as 1) : values;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Whether some class's scoped context defines `key`: its meaning then depends on the node's type. */
export function definedPerClass(ctx: ActiveContext, key: string): boolean {
  for (const def of ctx.terms.values()) if (def.scoped && Object.hasOwn(def.scoped, key)) return true;
  return false;
}

/** A JSON document's id as ingest takes it, when it is a string (else ingest refuses the document). */
export function jsonId(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  return typeof id === 'string' ? id : undefined;
}
