/**
 * What one source is known to do differently, said by whoever loads it: options, never
 * defaults, because a reading that is right for one pipeline is a wrong guess for another
 * (`1971-03-04` is 4 March in ISO 8601 and 3 April to a pipeline that writes year-day-month).
 * One object, so that a new convention is one field here, not a parameter threaded through
 * every write path.
 */

/** The order of a date's day and month: `ymd` (ISO 8601, the default), `ydm` (year-day-month). */
export type DateOrder = 'ymd' | 'ydm';

export const DATE_ORDERS: readonly DateOrder[] = ['ymd', 'ydm'];

export interface SourceConventions {
  /** How a TimeSpan bound written as a date orders its day and month (default `ymd`). */
  readonly dateOrder?: DateOrder;
}

export function dateOrderNamed(name: string): DateOrder | undefined {
  return (DATE_ORDERS as readonly string[]).includes(name) ? (name as DateOrder) : undefined;
}

/** The error for a value that is not a date order, naming the allowed ones. */
export function dateOrderError(flag: string, value: string): string {
  return `${flag} ${JSON.stringify(value)}: one of ${DATE_ORDERS.join(', ')} (ymd: ISO 8601 year-month-day, the default; ydm: year-day-month, for a source known to write it)`;
}
