/**
 * `date-precision`: a TimeSpan's `begin_of_the_begin`, `end_of_the_begin`, `begin_of_the_end`
 * or `end_of_the_end` given as a valid ISO 8601 year, year-month, date, or date-time to the
 * minute (`1503`, `1503-04`, `1503-04-15`, `1503-04-15T10:30`, with or without a zone) becomes
 * the full date-time at the start (`begin_*`) or the end (`end_*`) of that period:
 * `1503-01-01T00:00:00Z`, `1503-12-31T23:59:59Z`. These are the bounds the spec asks for, and
 * the period the value names is exactly the span between them.
 *
 * A date without a zone is taken as UTC (`Z`), as the spec's examples are; a zone written is
 * kept. A date-time with seconds is already what the spec asks for and is left alone.
 * Years are four digits or more, negative allowed (astronomical numbering, as xsd:dateTime:
 * -0500 is 501 BCE); the proleptic Gregorian calendar's month lengths and leap years apply.
 * Anything else (`2024-07-3`, month 22, February 30) is not guessed at here (`date-padding`,
 * before it, pads a one-digit field where year-month-day is the one reading).
 *
 * So that nothing is lost, the original string becomes the TimeSpan's Name
 * (`identified_by`) when it has none; two different originals as an ISO 8601 interval
 * (`1503/1505`).
 */
import { join, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const KEYS: ReadonlyArray<readonly [string, 'start' | 'end']> = [
  ['begin_of_the_begin', 'start'],
  ['end_of_the_begin', 'end'],
  ['begin_of_the_end', 'start'],
  ['end_of_the_end', 'end'],
];

const REDUCED =
  /^(-?(?:[0-9]{4}|[1-9][0-9]{4,}))(?:-([0-9]{2})(?:-([0-9]{2})(?:T([0-9]{2}):([0-9]{2}))?)?)?(Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?$/;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysIn(year: number, month: number): number {
  return month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The full date-time at the start or end of the period a reduced-precision value names, or undefined. */
export function fullDateTime(value: string, at: 'start' | 'end'): string | undefined {
  const m = REDUCED.exec(value);
  if (!m) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, zone] = m;
  const year = Number(yearText);
  const month = monthText === undefined ? undefined : Number(monthText);
  if (month !== undefined && (month < 1 || month > 12)) return undefined;
  const day = dayText === undefined ? undefined : Number(dayText);
  if (day !== undefined && (day < 1 || day > daysIn(year, month!))) return undefined;
  const hour = hourText === undefined ? undefined : Number(hourText);
  const minute = minuteText === undefined ? undefined : Number(minuteText);
  if (hour !== undefined && (hour > 23 || minute! > 59)) return undefined;
  const start = at === 'start';
  const mm = month ?? (start ? 1 : 12);
  const dd = day ?? (start ? 1 : daysIn(year, mm));
  const time =
    hour !== undefined ? `${two(hour)}:${two(minute!)}:${start ? '00' : '59'}` : start ? '00:00:00' : '23:59:59';
  return `${yearText}-${two(mm)}-${two(dd)}T${time}${zone ?? 'Z'}`;
}

export const datePrecision: Repair = {
  name: 'date-precision',
  cites:
    'Linked Art API 1.0, TimeSpans: the begin and end bounds are xsd:dateTime values (YYYY-MM-DDThh:mm:ssZ), the earliest and latest possible instants; ISO 8601-1 §5.2.2 (reduced precision names the whole period)',
  summary:
    "a TimeSpan bound given as an ISO 8601 year, year-month, date or date-time to the minute → the full date-time at the start or end of that period, the original kept as the TimeSpan's Name",
  keys: ['begin_of_the_begin', 'end_of_the_begin', 'begin_of_the_end', 'end_of_the_end'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (!KEYS.some(([k]) => typeof node[k] === 'string') || !typesOf(node).includes('TimeSpan')) return undefined;
    let out: JsonObject | undefined;
    const originals: string[] = [];
    const keepName = !('identified_by' in node);
    for (const [key, bound] of KEYS) {
      const value = node[key];
      if (typeof value !== 'string') continue;
      const full = fullDateTime(value, bound);
      if (full === undefined || full === value) continue;
      if (!originals.includes(value)) originals.push(value);
      note(
        join(at.path, key),
        `"${value}" → "${full}"${keepName ? " (the original kept as the TimeSpan's Name)" : ''}`,
      );
      out = { ...(out ?? node), [key]: full };
    }
    if (out && keepName) {
      const name: Json = { type: 'Name', content: originals.join('/') };
      out = { ...out, identified_by: [name] };
    }
    return out;
  },
};
