/**
 * `date-number`: a TimeSpan bound given as a JSON number (`"begin_of_the_begin": 1957`) is a
 * year written without its quotes: it becomes the string (`"1957"`), which `date-precision`
 * then makes the full date-time at the start or end of that year, the original kept as the
 * TimeSpan's Name.
 *
 * Only a whole number from 1 to 9999 (written with four digits, `957` as `0957`, as ISO 8601
 * writes years). Not a negative number (is -500 the year 501 BCE, as ISO 8601 counts, or
 * 500 BCE?), nor one of five digits or more (19570101 is more likely a date than a year).
 */
import { typesOf, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import { repairedBounds, TIME_SPAN_BOUNDS } from './timeSpanBounds.js';

/** The year a number names, as ISO 8601 writes it, or undefined. */
export function yearText(value: number): string | undefined {
  return Number.isInteger(value) && value >= 1 && value <= 9999 ? String(value).padStart(4, '0') : undefined;
}

export const dateNumber: Repair = {
  name: 'date-number',
  cites:
    'Linked Art API 1.0, TimeSpans: the bounds are xsd:dateTime strings, and a JSON number is no lexical form of one; ISO 8601-1 (a year is written with four digits; a reduced precision names the whole year)',
  summary:
    'a TimeSpan bound given as a JSON number from 1 to 9999 (1957) → the year as a string ("1957"), which date-precision then completes',
  keys: TIME_SPAN_BOUNDS,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (!TIME_SPAN_BOUNDS.some((k) => typeof node[k] === 'number') || !typesOf(node).includes('TimeSpan'))
      return undefined;
    return repairedBounds(node, at, note, (value) => {
      const year = typeof value === 'number' ? yearText(value) : undefined;
      return year === undefined
        ? undefined
        : { value: year, says: `${String(value)} → "${year}" (a year given as a number)` };
    });
  },
};
