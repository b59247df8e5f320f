/**
 * The texts a Move's old id was found by, for its tombstone here (feed/mergedId.ts), so that name
 * search follows a harvested merge as it follows one made here: an id this copy held gives its
 * own names (merge/mergedNames.ts, with those of the ids merged into it before); one it never held
 * is asked of the publisher (namesAtSource.ts), while the batch is checked. A Move into an id
 * moved further in the same batch hands its names on, as the tombstones already written do.
 * A lookup that finds nothing is reported (HarvestReport's namesNotFound), and the Move applied
 * with the names it has.
 */
import { namesOfMerged } from '../merge/mergedNames.js';
import type { DocumentService } from '../service/DocumentService.js';
import type { Change } from './activities.js';
import type { HarvestReport } from './HarvestReport.js';
import type { NamesAtSource } from './namesAtSource.js';

export type NamesLookup = (id: string) => Promise<NamesAtSource>;

/** The publisher asked for the names of these ids (moved away, never held here), each at once. */
export function askedAtSource(
  ids: readonly string[],
  lookup: NamesLookup | undefined,
): Map<string, Promise<NamesAtSource>> {
  const asked = new Map<string, Promise<NamesAtSource>>();
  if (!lookup) return asked;
  for (const id of ids)
    asked.set(
      id,
      lookup(id).catch((error: unknown): NamesAtSource => ({ kind: 'none', reason: (error as Error).message })),
    );
  return asked;
}

/**
 * The names of each id a batch's Moves take away (`removed`: those removed or merged here), in
 * feed order; read once the batches before are written (their tombstones are in the store).
 */
export async function namesOfMoves(
  documents: DocumentService,
  batch: readonly Change[],
  removed: ReadonlySet<string>,
  asked: ReadonlyMap<string, Promise<NamesAtSource>>,
  report: HarvestReport,
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  const handedOn = new Map<string, string[]>();
  for (const change of batch) {
    const { document: id, activity } = change;
    if (change.effect !== 'remove' || activity.type !== 'Move' || activity.target === undefined) continue;
    if (!removed.has(id)) continue;
    const texts: string[] = [];
    const atSource = asked.get(id);
    if (atSource) {
      const found = await atSource;
      if (found.kind === 'names') texts.push(...found.names);
      else
        report.namesNotFound.push({
          source: report.feed,
          location: `${activity.page} orderedItems[${activity.index}]`,
          id,
          messages: [`merged into ${activity.target} without the names it was found by: ${found.reason}`],
        });
    }
    texts.push(...(await namesOfMerged(documents, id)), ...(handedOn.get(id) ?? []));
    const unique = [...new Set(texts)];
    names.set(id, unique);
    handedOn.set(activity.target, [...(handedOn.get(activity.target) ?? []), ...unique]);
  }
  return names;
}
