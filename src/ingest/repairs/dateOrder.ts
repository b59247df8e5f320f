/**
 * `date-order`: for a source its loader says writes year-day-month (`--date-order ydm`), a
 * TimeSpan bound written as such a date (`1971-31-3`) becomes the ISO 8601 date it names
 * (`1971-03-31`), which `date-precision` then makes the full date-time, as it does any date.
 * Off unless asked for: by default `1971-31-3` is not a date and stays refused, and
 * `1971-03-04` is 4 March. Asked for, every bound written as a date is read that way (that is
 * what the source is known to do); a date-time is xsd:dateTime, whose order is fixed, and is
 * left alone.
 *
 * The text as written is kept as the TimeSpan's Name when it has none, with whatever else
 * `date-precision` would keep there (two different originals as an ISO 8601 interval).
 */
import { fullDateTime } from './datePrecision.js';
import { join, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

import { TIME_SPAN_BOUNDS as BOUNDS } from './timeSpanBounds.js';

const YDM = /^(-?(?:[0-9]{4}|[1-9][0-9]{4,}))-([0-9]{1,2})-([0-9]{1,2})$/;

const two = (text: string): string => text.padStart(2, '0');

/** The ISO 8601 date a year-day-month date names, or undefined when it names none. */
export function isoFromYdm(value: string): string | undefined {
  const m = YDM.exec(value);
  if (!m) return undefined;
  const iso = `${m[1]}-${two(m[3])}-${two(m[2])}`;
  return fullDateTime(iso, 'start') === undefined ? undefined : iso;
}

export const dateOrder: Repair = {
  name: 'date-order',
  cites:
    'ISO 8601-1 §5.2.2 (calendar dates are year-month-day), read from the year-day-month a source is declared to write (--date-order ydm); Linked Art API 1.0, TimeSpans',
  summary:
    "with --date-order ydm only: a TimeSpan bound written year-day-month (1971-31-3) → the ISO 8601 date (1971-03-31), then date-precision; the original kept as the TimeSpan's Name",
  keys: BOUNDS,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (at.conventions.dateOrder !== 'ydm' || !typesOf(node).includes('TimeSpan')) return undefined;
    let out: JsonObject | undefined;
    const keepName = !('identified_by' in node);
    for (const key of BOUNDS) {
      const value = node[key];
      if (typeof value !== 'string') continue;
      const iso = isoFromYdm(value);
      if (iso === undefined || iso === value) continue;
      note(
        join(at.path, key),
        `"${value}" → "${iso}" (year-day-month, as --date-order ydm says${keepName ? "; the original kept as the TimeSpan's Name" : ''})`,
      );
      out = { ...(out ?? node), [key]: iso };
    }
    if (out && keepName) {
      // What date-precision would keep, as written: every bound it will change.
      const originals: string[] = [];
      BOUNDS.forEach((key, i) => {
        const written = node[key];
        const now = out![key];
        if (typeof written !== 'string' || typeof now !== 'string') return;
        const full = fullDateTime(now, i % 2 === 0 ? 'start' : 'end');
        if ((now !== written || (full !== undefined && full !== now)) && !originals.includes(written))
          originals.push(written);
      });
      const name: Json = { type: 'Name', content: originals.join('/') };
      out = { ...out, identified_by: [name] };
    }
    return out;
  },
};
