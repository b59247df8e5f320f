/**
 * How many past versions of each document are kept (`--keep-versions all|N|0`): all (the
 * default), the N newest, or none (no history is written at all, as before versions were kept).
 */
import { ConfigError } from './ConfigError.js';

/** Past versions kept per document: Infinity for all, 0 for none. */
export type KeepVersions = number;

export const KEEP_ALL_VERSIONS: KeepVersions = Number.POSITIVE_INFINITY;

export function parseKeepVersions(text: string): KeepVersions {
  if (text === 'all') return KEEP_ALL_VERSIONS;
  if (!/^\d{1,9}$/.test(text))
    throw new ConfigError(
      `--keep-versions takes "all", 0 or a number of past versions to keep per document; got ${JSON.stringify(text)}.`,
    );
  return Number(text);
}
