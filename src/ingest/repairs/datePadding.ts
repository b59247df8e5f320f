/**
 * `date-padding`: a TimeSpan bound whose month, day, hour, minute or second is written with one
 * digit (`2024-07-3T00:00:00Z`, `1929-7-1 3:00:00`) has it zero-padded to the two digits
 * ISO 8601 and xsd:dateTime require (`2024-07-03T00:00:00Z`); `date-time-space` and
 * `date-precision`, after it, then complete the value as they do any other.
 *
 * Only where year-month-day is the one reading. A date with a time of day is read so (xsd:dateTime,
 * RFC 3339 and SQL all write the date that way round). A date alone is padded only when read as
 * year-day-month it names no date or the same one (`1929-7-13`, `1929-7-7`): one pipeline in the
 * held-out records writes year-day-month without padding (`1975-19-5`), and padding its
 * `1976-9-2` as 2 September would change what it says (9 February). Such a date, and a month
 * over 12, is left as written: refused as today, or read by `--date-order ydm` when the loader
 * says its source writes so. A date or time that does not exist (`1929-2-30`, `24:00`) is not
 * guessed at.
 */
import { daysIn } from './datePrecision.js';
import { typesOf, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import { repairedBounds, TIME_SPAN_BOUNDS } from './timeSpanBounds.js';

const LOOSE =
  /^(-?(?:[0-9]{4}|[1-9][0-9]{4,}))-([0-9]{1,2})-([0-9]{1,2})(?:([T ])([0-9]{1,2}):([0-9]{1,2})(?::([0-9]{1,2})(\.[0-9]+)?)?)?(Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?$/;

const two = (text: string): string => text.padStart(2, '0');

/** The value with its one-digit fields zero-padded, or undefined when it needs none or cannot be read for sure. */
export function paddedDate(value: string): string | undefined {
  const m = LOOSE.exec(value);
  if (!m) return undefined;
  const [, year, month, day, separator, hour, minute, second, fraction, zone] = m;
  const fields = [month, day, hour, minute, second].filter((f): f is string => f !== undefined);
  if (fields.every((f) => f.length === 2)) return undefined;
  const y = Number(year);
  const mm = Number(month);
  const dd = Number(day);
  if (mm < 1 || mm > 12 || dd < 1 || dd > daysIn(y, mm)) return undefined;
  // A date alone: year-day-month must name no date, or the same one.
  if (separator === undefined && dd <= 12 && mm !== dd && mm <= daysIn(y, dd)) return undefined;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 59)))
    return undefined;
  const time =
    separator === undefined
      ? ''
      : `${separator}${two(hour)}:${two(minute)}${second === undefined ? '' : `:${two(second)}${fraction ?? ''}`}`;
  return `${year}-${two(month)}-${two(day)}${time}${zone ?? ''}`;
}

export const datePadding: Repair = {
  name: 'date-padding',
  cites:
    'ISO 8601-1 §5.2.2 and §5.3 and XML Schema 1.1 Part 2 §3.3.7 (xsd:dateTime): month, day, hour, minute and second are two digits each',
  summary:
    'a TimeSpan bound with a one-digit month, day, hour, minute or second (2024-07-3T00:00:00Z) → zero-padded (2024-07-03T00:00:00Z), where year-month-day is its one reading',
  keys: TIME_SPAN_BOUNDS,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (!typesOf(node).includes('TimeSpan')) return undefined;
    return repairedBounds(node, at, note, (value) => {
      const padded = typeof value === 'string' ? paddedDate(value) : undefined;
      return padded === undefined ? undefined : { value: padded, says: `"${String(value)}" → "${padded}"` };
    });
  },
};
