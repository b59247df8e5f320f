/**
 * Strings RDF cannot hold. JSON's `\uD800` escapes can put half a UTF-16 pair into a string (a
 * UTF-8 body cannot: its bytes are checked before they are decoded); no IRI or literal may hold
 * one, and the store would refuse the write as a failure of ours (500). Found here, at ingest,
 * with the JSON path of the first such string, a key or a value. The walks keep their own stack,
 * so no nesting can overflow them (the limits on one document bound the work).
 */
import { join } from './jsonKeys.js';

/** The path of the first key or string value holding an unpaired surrogate, or undefined. */
export function unpairedSurrogateAt(document: unknown): string | undefined {
  // Every document is looked at, and nearly none has one: a walk that builds no paths says
  // whether to look again, with paths.
  return holdsUnpairedSurrogate(document) ? firstUnpairedSurrogate(document) : undefined;
}

function holdsUnpairedSurrogate(document: unknown): boolean {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return true;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      for (const key in object) {
        if (!key.isWellFormed()) return true;
        stack.push(object[key]);
      }
    }
  }
  return false;
}

function firstUnpairedSurrogate(document: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value: document, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]` });
    } else if (value !== null && typeof value === 'object') {
      const entries: [string, unknown][] = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i];
        const at = join(path, key);
        if (!key.isWellFormed()) return at;
        stack.push({ value: inner, path: at });
      }
    }
  }
  return undefined;
}
