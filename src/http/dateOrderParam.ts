/**
 * `?dateOrder=` of a write that repairs (`/_bulk`, a PUT that opts in): the source's date order,
 * as `--date-order` gives it on the command line; a value that is none is a 400 naming the
 * allowed ones.
 */
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { dateOrderError, dateOrderNamed, type SourceConventions } from '../ingest/repairs/SourceConventions.js';
import { BadRequest } from './HttpError.js';

/** `repair`: the write's policy when it said one (`?repair=none` and `ydm` contradict each other: a 400). */
export function conventionsAsked(params: URLSearchParams, repair?: RepairPolicy): SourceConventions {
  const asked = params.get('dateOrder');
  if (asked === null) return {};
  const order = dateOrderNamed(asked);
  if (!order) throw new BadRequest(`${dateOrderError('?dateOrder=', asked)}.`);
  if (order === 'ymd') return {};
  if (repair === 'none')
    throw new BadRequest(`?dateOrder=${order} is read by a repair: it cannot go with ?repair=none.`);
  return { dateOrder: order };
}
