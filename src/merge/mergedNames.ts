/**
 * The texts a merged-away document was found by in name search, kept in its tombstone
 * (feed/mergedId.ts) so that a search for them finds the document it was merged into: its own
 * names, labels and identifiers as stored, and those of the ids merged into it before (so that
 * A → B → C finds C by A's names too).
 */
import { mergedNamesFrom } from '../feed/mergedId.js';
import { tombstoneGraphOf } from '../feed/tombstone.js';
import { searchableNamesOf, type SearchableNames } from '../search/searchableNames.js';
import type { DocumentService } from '../service/DocumentService.js';

export async function namesOfMerged(documents: DocumentService, id: string): Promise<string[]> {
  const stored = await documents.read(id);
  const texts = stored ? textsFoundBy(searchableNamesOf(id, stored.quads)) : [];
  const before = await documents.feed.merges.into(id);
  if (before.length > 0) {
    const tombstones = await documents.store.readGraphs(before.map(tombstoneGraphOf));
    for (const earlier of before) texts.push(...mergedNamesFrom(earlier, tombstones));
  }
  return [...new Set(texts)];
}

/** The texts a document is found by in name search: its names, labels and identifiers. */
export function textsFoundBy(own: SearchableNames): string[] {
  return [...own.names, ...own.labels, ...own.identifiers];
}
