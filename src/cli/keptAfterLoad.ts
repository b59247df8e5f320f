/**
 * `linkedart load` into an embedded store keeps the start-up indexes for the first start after it
 * (src/keptIndexes/LoadKeptIndexes.ts): set up once the store is open, written once the load has
 * stored everything it read, and said on standard error either way.
 */
import { LoadKeptIndexes } from '../keptIndexes/LoadKeptIndexes.js';
import type { LoadReport } from '../load/LoadReport.js';
import { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';
import type { QuadStore } from '../store/QuadStore.js';

const SAY = 'linkedart load: start-up indexes';

/**
 * The kept indexes a load into `store` tells each stored batch; none for a dry run or a remote store,
 * nor when asked not to (`wanted` false: --no-start-indexes, said as the reason).
 */
export async function keptIndexesForLoad(
  store: QuadStore,
  dryRun: boolean,
  wanted = true,
): Promise<LoadKeptIndexes | string | undefined> {
  if (dryRun || !(store instanceof EmbeddedStore)) return undefined;
  if (!wanted) return 'asked not to, --no-start-indexes';
  return LoadKeptIndexes.forStore(store.dataDir, store.openInfo.lastSeq);
}

/** After the load: the file written at the store's position, or the line saying why not. */
export async function keepAfterLoad(
  kept: LoadKeptIndexes | string | undefined,
  store: QuadStore,
  report: LoadReport,
): Promise<string | undefined> {
  if (kept === undefined || !(store instanceof EmbeddedStore)) return undefined;
  const left = (why: string) => `${SAY}: not kept (${why}): the next start builds them from the store`;
  if (typeof kept === 'string') return left(kept);
  // Stopped early: the file on disk (if any) stays at the position it covers.
  if (report.aborted) return left(`the load stopped: ${report.aborted}`);
  if (kept.unkeepable) return left(kept.unkeepable);
  const seq = store.writtenUpTo();
  try {
    await kept.keep(store.dataDir, seq);
  } catch (error) {
    return left((error as Error).message);
  }
  return `${SAY} kept at log position ${seq}`;
}
