/**
 * `empty-unmapped-key`: a key the context does not map whose value is `[]` or `{}` holds no
 * data (Yale LUX's `"see_also": []`): dropped, with a notice. With a value, it stays refused.
 */
import {
  join,
  KeyScan,
  keysRepaired,
  typesOf,
  without,
  type JsonObject,
  type Note,
  type NodeVisit,
  type Repair,
} from './Repair.js';

export const emptyUnmappedKey: Repair = {
  name: 'empty-unmapped-key',
  cites: 'JSON-LD 1.1 Expansion (an empty array or object expands to nothing: no statement is lost)',
  summary: 'a key the context does not map whose value is [] or {} is dropped',
  needs: KeyScan.emptyValue,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    return keysRepaired(node, (key, sofar) => {
      const value = node[key];
      if (value === null || typeof value !== 'object') return undefined;
      if (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0) return undefined;
      if (key.startsWith('@') || key.startsWith('_') || key.includes(':')) return undefined;
      const ctx = at.ctx.withTypes(typesOf(node));
      if (ctx.terms.has(key) || key === 'represents_entity_of_type') return undefined;
      note(
        join(at.path, key),
        `dropped ${JSON.stringify(value)} (the context does not map "${key}", and it holds nothing)`,
      );
      return without(sofar, key);
    });
  },
};
