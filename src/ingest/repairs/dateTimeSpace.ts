/**
 * `date-time-space`: a TimeSpan bound written as a date and a time separated by a space
 * (`1917-01-01 00:00:00`, as SQL databases print them) takes the `T` that xsd:dateTime and
 * ISO 8601 require. RFC 3339 §5.6 allows the space only as an agreement between applications;
 * the instant named is the same.
 *
 * A value without a zone is taken as UTC (`Z`), as `date-precision` takes it; a zone written is
 * kept. A time to the minute (`1917-01-01 10:30`) gets only the `T`: `date-precision` then
 * gives it the seconds of the start or end of that minute. The date must be a real one and the
 * time a real time of day; anything else is not guessed at.
 */
import { fullDateTime } from './datePrecision.js';
import { typesOf, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import { repairedBounds, TIME_SPAN_BOUNDS } from './timeSpanBounds.js';

const SPACED =
  /^(-?(?:[0-9]{4}|[1-9][0-9]{4,})-[0-9]{2}-[0-9]{2}) ([0-9]{2}):([0-9]{2})(?::([0-9]{2})(\.[0-9]+)?)?(Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?$/;

/** The value with `T` for the space, or undefined when it is not a date and a time of day with a space between. */
export function withT(value: string): string | undefined {
  const m = SPACED.exec(value);
  if (!m) return undefined;
  const [, date, hour, minute, second, fraction, zone] = m;
  if (fullDateTime(date, 'start') === undefined) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || (second !== undefined && Number(second) > 59)) return undefined;
  const time = `${hour}:${minute}`;
  // To the minute: the zone (if any) stays for date-precision, which completes the rest.
  if (second === undefined) return `${date}T${time}${zone ?? ''}`;
  return `${date}T${time}:${second}${fraction ?? ''}${zone ?? 'Z'}`;
}

export const dateTimeSpace: Repair = {
  name: 'date-time-space',
  cites:
    'RFC 3339 §5.6 (a space for the "T" only by agreement between applications); xsd:dateTime and ISO 8601-1 separate the date and the time with "T"',
  summary:
    'a TimeSpan bound written with a space between the date and the time (1917-01-01 00:00:00) → the "T" form (1917-01-01T00:00:00Z), UTC when no zone is written',
  keys: TIME_SPAN_BOUNDS,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (
      !TIME_SPAN_BOUNDS.some((k) => typeof node[k] === 'string' && node[k].includes(' ')) ||
      !typesOf(node).includes('TimeSpan')
    )
      return undefined;
    return repairedBounds(node, at, note, (value) => {
      const fixed = typeof value === 'string' ? withT(value) : undefined;
      return fixed === undefined ? undefined : { value: fixed, says: `"${String(value)}" → "${fixed}"` };
    });
  },
};
