/**
 * `number-string`: a number given as a string where a Dimension's or a MonetaryAmount's
 * `value`, `upper_value_limit` or `lower_value_limit` wants a number (`"30"` → 30), and
 * `"true"`/`"false"` for `_complete`. Only a string that is exactly a JSON number, and one a
 * JSON number holds without rounding (at most 15 significant digits).
 */
import { join, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const NUMERIC_KEYS = ['value', 'upper_value_limit', 'lower_value_limit'];
const MEASURED = new Set(['Dimension', 'MonetaryAmount']);
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The number a string is exactly, or undefined. */
export function exactNumber(text: string): number | undefined {
  const match = JSON_NUMBER.exec(text);
  if (!match) return undefined;
  const digits = (match[1] + (match[2] ?? '').slice(1)).replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > 15) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export const numberString: Repair = {
  name: 'number-string',
  cites:
    'Linked Art API 1.0, Dimensions and Monetary Amounts: value, upper_value_limit and lower_value_limit are numbers (P90 has value: E60 Number); _complete is a boolean',
  summary:
    'a Dimension\'s or MonetaryAmount\'s value (and limits) given as a string that is exactly a number → the number; "true"/"false" for _complete → the boolean',
  keys: ['value', 'upper_value_limit', 'lower_value_limit', '_complete'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    let out: JsonObject | undefined;
    const set = (key: string, value: Json, before: string): void => {
      note(join(at.path, key), `"${before}" → ${JSON.stringify(value)}`);
      out = { ...(out ?? node), [key]: value };
    };
    const complete = node['_complete'];
    if (complete === 'true' || complete === 'false') set('_complete', complete === 'true', complete);
    if (!NUMERIC_KEYS.some((k) => typeof node[k] === 'string') || !typesOf(node).some((t) => MEASURED.has(t)))
      return out;
    for (const key of NUMERIC_KEYS) {
      const value = node[key];
      if (typeof value !== 'string') continue;
      const n = exactNumber(value);
      if (n !== undefined) set(key, n, value);
    }
    return out;
  },
};
