/**
 * Histories read back from an export with history (export/historyGraphs.ts), put back as they
 * were: an id's history graphs replaced by the exported ones, any version graph the store held
 * for it beyond them emptied, and the live version's time and author (the export's liveVersion
 * quad) put back in the document's hints, so that its TimeMap is the exported one.
 *
 * A live document's history is put back once the document is stored (queued right after the
 * batch that holds it), not when the load refused it (its versions would not end in what is
 * stored). An id with no live document (deleted, merged away) first gets its tombstone through
 * the feed, as any deletion or merge does (a Delete; a Move to where the export's `#@merged`
 * line says: one not read yet waits for the end of the load), then its history over the record
 * that write appended. Each is a write of its own after the document's: a load cut off between
 * leaves the load's own history, and the same load run again puts the exported one back.
 */
import type { Actor } from '../linkedart/Actor.js';
import type { Change } from '../feed/ChangeFeed.js';
import type { Quad } from '../rdf/terms.js';
import type { DocumentService } from '../service/DocumentService.js';
import { historyHeadOf, versionGraphOf, versionHintGraphOf } from '../history/versionGraphs.js';
import { hasContent, recordsFrom, recordsOfTexts, type VersionRecord } from '../history/versionRecord.js';
import { pastRecordsOf } from '../history/storedHistory.js';
import { copiedHints, LIVE_VERSION_PREDICATE, WRITTEN_BY_PREDICATE, writtenByQuad } from '../history/liveVersion.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { MODIFIED_PREDICATE, modifiedStamp } from '../hints/lastModified.js';
import type { HistoryRecord } from './records.js';
import { groupedByGraph } from '../rdf/groupedByGraph.js';

export interface HistoriesPutBack {
  readonly restored: string[];
  /** Not put back, and why. */
  readonly notRestored: Array<{ readonly record: HistoryRecord; readonly reason: string }>;
  /** Of an id merged away whose `#@merged` line is not read yet: to be put back at the end. */
  readonly waiting: HistoryRecord[];
}

export interface PutBackContext {
  readonly actor?: Actor;
  /** The merged-away ids read so far, and where each went. */
  readonly mergedInto: ReadonlyMap<string, string>;
  /** The texts those ids were found by, where their `#@merged` lines give them (their Moves keep them). */
  readonly mergedNames?: ReadonlyMap<string, readonly string[]>;
  /** The ids whose last copy in this load was refused. */
  readonly refused: ReadonlySet<string>;
  /** Whether to put back histories still waiting for their `#@merged` line (the end of the load): no longer wait. */
  readonly last?: boolean;
}

/** Put these histories back (see above), in the write turn after every write queued before. */
export async function putHistoriesBack(
  documents: DocumentService,
  histories: readonly HistoryRecord[],
  context: PutBackContext,
): Promise<HistoriesPutBack> {
  const outcome = await documents.serialized(async () => {
    const done: HistoriesPutBack = { restored: [], notRestored: [], waiting: [] };
    const tombstones: Change[] = [];
    const restoring: Array<[HistoryRecord, VersionRecord | undefined]> = [];
    for (const record of histories) {
      const { past, live } = exportedRecords(record);
      const verdict = await judged(documents, record, past, live, context);
      if (verdict.kind === 'wait') done.waiting.push(record);
      else if (verdict.kind === 'not') done.notRestored.push({ record, reason: verdict.reason });
      else {
        if (verdict.tombstone) tombstones.push(verdict.tombstone);
        restoring.push([record, live]);
      }
    }
    const now = new Date();
    if (tombstones.length > 0) await documents.writeInTurn(new Map<string, readonly Quad[]>(), tombstones, now);
    if (restoring.length === 0) return done;
    await documents.writeInTurn(await replacingGraphs(documents, restoring), [], now);
    done.restored.push(...restoring.map(([record]) => record.id));
    return done;
  });
  // The derived data and caches (a page's "History (n versions)") take the histories as stored now.
  if (outcome.restored.length > 0) await documents.followed(outcome.restored);
  return outcome;
}

/** The past records in an exported history's graphs, and its live version's record (none: no live document). */
function exportedRecords({ id, graphs }: HistoryRecord): { past: VersionRecord[]; live: VersionRecord | undefined } {
  const past = recordsFrom([...graphs.values()].flat());
  const head = graphs.get(historyHeadOf(id)) ?? [];
  const live = recordsOfTexts(
    head.filter((q) => q.predicate.value === LIVE_VERSION_PREDICATE).map((q) => q.object.value),
  );
  return { past, live: live.at(-1) };
}

/** Whether a history can be put back (and the tombstone it needs first), why not, or whether it waits for its merge line. */
async function judged(
  documents: DocumentService,
  { id, graphs }: HistoryRecord,
  past: readonly VersionRecord[],
  live: VersionRecord | undefined,
  { actor, mergedInto, mergedNames, refused, last }: PutBackContext,
): Promise<Verdict> {
  const not = (reason: string): Verdict => ({ kind: 'not', reason });
  const put = (tombstone?: Change): Verdict => ({ kind: 'put', tombstone });
  const newest = live ?? past.at(-1);
  if (!newest) return not(`no version records in ${historyHeadOf(id)}`);
  // A deletion's version is its record alone, in its hint graph.
  const known = new Set(
    past.flatMap((r) => [...(hasContent(r) ? [versionGraphOf(id, r.n)] : []), versionHintGraphOf(id, r.n)]),
  );
  const stray = [...graphs.keys()].find((name) => name !== historyHeadOf(id) && !known.has(name));
  if (stray !== undefined) return not(`the graph ${stray} is no version its records name`);
  const stored = await documents.store.hasGraph(id);
  if (live)
    return stored && !refused.has(id)
      ? put()
      : not('its document was not stored by this load, so its versions would not end in it');
  if (stored) return not(`its versions end in a ${newest.kind}, but a document with this id is stored`);
  const by = actor ? { actor } : {};
  if (newest.kind === 'Delete')
    return put(
      (await documents.feed.deletedAt(id)) === undefined ? { kind: 'Delete', id, type: undefined, ...by } : undefined,
    );
  const target = mergedInto.get(id);
  if (target === undefined) return last ? not('merged away, but no #@merged line says where') : { kind: 'wait' };
  const names = mergedNames?.get(id);
  return put(
    (await documents.feed.mergedInto(id)) === undefined
      ? { kind: 'Move', id, target, type: undefined, ...by, ...(names ? { names } : {}) }
      : undefined,
  );
}

/** What becomes of a history: put back (after its tombstone, when it needs one), not (and why), or wait for its merge line. */
type Verdict =
  | { readonly kind: 'put'; readonly tombstone: Change | undefined }
  | { readonly kind: 'not'; readonly reason: string }
  | { readonly kind: 'wait' };

/**
 * The exported history graphs (the head without its liveVersion quad), the version graphs the
 * store holds beyond them emptied, and the live document's hints with the live version's time
 * and author.
 */
async function replacingGraphs(
  documents: DocumentService,
  restoring: ReadonlyArray<[HistoryRecord, VersionRecord | undefined]>,
): Promise<Map<string, readonly Quad[]>> {
  const graphs = new Map<string, readonly Quad[]>();
  const ids = restoring.map(([record]) => record.id);
  const held = await pastRecordsOf(documents.store, ids);
  const hints = groupedByGraph(await documents.store.readGraphs(ids.map(hintGraphOf)));
  for (const [record, live] of restoring) {
    const { id } = record;
    for (const r of held.get(id) ?? [])
      for (const name of [versionGraphOf(id, r.n), versionHintGraphOf(id, r.n)])
        if (!record.graphs.has(name)) graphs.set(name, []);
    for (const [name, quads] of record.graphs)
      graphs.set(
        name,
        name === historyHeadOf(id) ? quads.filter((q) => q.predicate.value !== LIVE_VERSION_PREDICATE) : quads,
      );
    const own = hints.get(hintGraphOf(id));
    if (!live || !own) continue;
    // The newest past record goes too: the head put back holds the exported one (liveVersion.ts).
    const kept = copiedHints(own).filter(
      (q) => q.predicate.value !== MODIFIED_PREDICATE && q.predicate.value !== WRITTEN_BY_PREDICATE,
    );
    const by = live.actor === null ? [] : [writtenByQuad(id, live.actor)];
    graphs.set(hintGraphOf(id), [...kept, modifiedStamp(id, new Date(live.time)), ...by]);
  }
  return graphs;
}
