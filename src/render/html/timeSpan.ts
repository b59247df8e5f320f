/**
 * A TimeSpan in words, from its bounds: "1887", "September 1887", "14 June 1923",
 * "12–14 June 1923", "1850–1860", and "c. " before a span the data calls approximate (a
 * classification or name saying so, or inner bounds that differ from the outer ones). Dates
 * are read from the ISO text as written (years before 1 and after 9999 too), never through
 * the local time zone.
 */
import { isNode, labelOf, namesOf, nodesOf, type LaNode } from './linkedArt.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** `-0500-03-01T…`, `1887-01-01T00:00:00Z`, `1887-01-01`, `1887`. */
function dayOf(value: unknown): Day | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(-?\d{1,})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
  if (!m) return undefined;
  return { year: Number(m[1]), month: m[2] ? Number(m[2]) : 1, day: m[3] ? Number(m[3]) : 1 };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function yearText(year: number): string {
  return year <= 0 ? `${1 - year} BCE` : String(year);
}

const dayText = (d: Day): string => `${d.day} ${MONTHS[d.month - 1]} ${yearText(d.year)}`;
const monthText = (d: Day): string => `${MONTHS[d.month - 1]} ${yearText(d.year)}`;

/** The span from the first day of `begin` to the last of `end`, in the fewest words. */
export function spanText(begin: Day, end: Day): string {
  const wholeYears = begin.month === 1 && begin.day === 1 && end.month === 12 && end.day === 31;
  const wholeMonths = begin.day === 1 && end.day === daysInMonth(end.year, end.month);
  if (wholeYears)
    return begin.year === end.year ? yearText(begin.year) : `${yearText(begin.year)}–${yearText(end.year)}`;
  if (wholeMonths && begin.year === end.year && begin.month === end.month) return monthText(begin);
  if (wholeMonths) {
    return begin.year === end.year
      ? `${MONTHS[begin.month - 1]}–${monthText(end)}`
      : `${monthText(begin)} – ${monthText(end)}`;
  }
  if (begin.year === end.year && begin.month === end.month) {
    return begin.day === end.day ? dayText(begin) : `${begin.day}–${dayText(end)}`;
  }
  if (begin.year === end.year) return `${begin.day} ${MONTHS[begin.month - 1]} – ${dayText(end)}`;
  return `${dayText(begin)} – ${dayText(end)}`;
}

const APPROXIMATE = /\b(circa|approximate(ly)?|about)\b|^(c|ca)\.\s?/i;

/** Whether the data says the span is approximate. */
function isApproximate(timespan: LaNode): boolean {
  if (nodesOf(timespan, 'classified_as').some((c) => APPROXIMATE.test(labelOf(c)))) return true;
  if (namesOf(timespan).some((n) => APPROXIMATE.test(n.content as string))) return true;
  // Inner bounds that differ from the outer: the begin or end is known only within a range.
  const pairs: Array<[string, string]> = [
    ['begin_of_the_begin', 'end_of_the_begin'],
    ['begin_of_the_end', 'end_of_the_end'],
  ];
  return pairs.some(
    ([a, b]) =>
      typeof timespan[a] === 'string' &&
      typeof timespan[b] === 'string' &&
      dayOf(timespan[a])?.year !== dayOf(timespan[b])?.year,
  );
}

/**
 * A TimeSpan in words: from its bounds when it has them, else its display name, else its
 * label; undefined when it says nothing of when.
 */
export function timeSpanText(timespan: unknown): string | undefined {
  if (!isNode(timespan)) return typeof timespan === 'string' ? timespan : undefined;
  const begin = dayOf(timespan.begin_of_the_begin) ?? dayOf(timespan.end_of_the_begin);
  const end = dayOf(timespan.end_of_the_end) ?? dayOf(timespan.begin_of_the_end);
  const name = namesOf(timespan)[0]?.content as string | undefined;
  if (!begin && !end) return name ?? (typeof timespan._label === 'string' ? timespan._label : undefined);
  const prefix = isApproximate(timespan) ? 'c. ' : '';
  if (begin && end) return prefix + spanText(begin, end);
  return begin ? `${prefix}after ${spanText(begin, begin)}` : `${prefix}before ${spanText(end!, end!)}`;
}
