/**
 * `--date-order`, for the commands that repair what they read (load, validate): a convention of
 * the source being read, so it has no environment variable (that would make it a default for
 * every source) and is checked before anything is read.
 */
import { Option } from 'commander';
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import {
  DATE_ORDERS,
  dateOrderError,
  dateOrderNamed,
  type SourceConventions,
} from '../ingest/repairs/SourceConventions.js';
import { InputError } from '../load/inputs.js';

export function dateOrderOption(): Option {
  return new Option(
    '--date-order <order>',
    `how the source writes a date's day and month (see README, Repairs): ${DATE_ORDERS.join(' or ')}; ydm reads 1971-31-3 as 1971-03-31 (repair date-order)`,
  ).default('ymd');
}

/** The conventions the flags say, or an InputError naming the allowed values. */
export function conventionsOfFlags(dateOrder: string, repair: RepairPolicy | undefined): SourceConventions {
  const order = dateOrderNamed(dateOrder);
  if (!order) throw new InputError(dateOrderError('--date-order', dateOrder));
  if (order === 'ymd') return {};
  if (repair === 'none')
    throw new InputError(`--date-order ${order} is read by a repair: it cannot go with --repair none`);
  return { dateOrder: order };
}
