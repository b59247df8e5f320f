/**
 * `null-value`: a key whose value is `null` is dropped, and so is a `null` in an array.
 * JSON-LD reads a null value as the key left out, and expansion drops null array items:
 * nothing is said, so nothing is lost.
 *
 * Not `@context` (there null resets the context: it has a meaning), nor other `@` keywords,
 * nor the document's own `id` (a document must have one: it stays refused as today).
 */
import { join, KeyScan, keysRepaired, without } from './Repair.js';
import type { Json, JsonObject, Note, NodeVisit, Repair } from './Repair.js';

function dropped(key: string, at: NodeVisit): boolean {
  return !key.startsWith('@') && !(at.path === '' && key === 'id');
}

export const nullValue: Repair = {
  name: 'null-value',
  cites:
    'JSON-LD 1.1, Terminology (null: "a map entry in the body of a JSON-LD document whose value is null has the same meaning as if the map entry was not defined"); JSON-LD 1.1 API, Expansion (a null array item is dropped)',
  summary: "a key whose value is null is dropped; a null in an array is dropped (not @context, nor the document's id)",
  needs: KeyScan.nullValue,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    return keysRepaired(node, (key, sofar) => {
      const value = node[key];
      if (!dropped(key, at)) return undefined;
      if (value === null) {
        note(join(at.path, key), 'dropped null (JSON-LD reads it as the key left out)');
        return without(sofar, key);
      }
      if (!Array.isArray(value) || !value.includes(null)) return undefined;
      const kept: Json[] = [];
      value.forEach((item, i) => {
        if (item === null) note(`${join(at.path, key)}[${i}]`, 'dropped null (JSON-LD drops a null in an array)');
        else kept.push(item);
      });
      return { ...sofar, [key]: kept };
    });
  },
};
