/**
 * What a write adds to keep the documents' history: for each change that replaces or deletes
 * a live version, that version copied out of the live graphs with its record (versionGraphs.ts),
 * a deletion's record, the head naming the newest, and the oldest past versions dropped past
 * the retention; for each version written, who wrote it, in its hint graph (liveVersion.ts). A
 * Create writes nothing more (its record is read from its hints), and no write rewrites a graph
 * of the versions before: its cost does not grow with the history. The graphs go into the
 * write's own atomic write (DocumentService.write), beside the document's: no version without
 * its change, no change without its version. Nothing here writes on its own.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import type { Actor } from '../linkedart/Actor.js';
import type { Quad } from '../rdf/terms.js';
import type { GraphsRead, QuadStore } from '../store/QuadStore.js';
import type { KeepVersions } from '../config/keepVersions.js';
import { liveHintsFrom, liveRecord, writtenByQuad } from './liveVersion.js';
import { hasContent, recordQuad, recordsFrom, type VersionKind, type VersionRecord } from './versionRecord.js';
import { pastRecordsOf } from './storedHistory.js';
import { historyHeadOf, versionGraphOf, versionHintGraphOf } from './versionGraphs.js';
import { feedTime } from '../feed/activityGraph.js';

/** One document's change as its history sees it. */
export interface VersionChange {
  readonly kind: VersionKind;
  readonly id: string;
  /** Who wrote it: its name is the record's actor. */
  readonly actor?: Actor;
}

/** The graphs a write adds for the history, by the document they belong with. */
export interface HistoryWrite {
  readonly byDocument: Map<string, Array<[string, Quad[]]>>;
  /** Of those, graphs that hold nothing yet (the versions copied out now). */
  readonly fresh: Set<string>;
  /** Quads to add to the hint graph of a document written now: who wrote its new version. */
  readonly liveHints: Map<string, Quad[]>;
  /** Graphs of `byDocument` the store fills itself from the live graphs, as written → copied (GraphCopies). */
  readonly copies: Map<string, string>;
}

/**
 * The history graphs for `changes`, made at `when`. Reads, in one round trip, the head and the
 * live graphs of each document replaced or deleted (none for a Create), and with a retention
 * (--keep-versions N) their past records; `newIds`: documents known not to be stored, with no
 * history (a load into a store that held no document). `read`: graphs the write read already in its
 * turn (historyGraphsOf; an absent one as []), not read again: a PUT's own read of its document
 * serves its history too, which saves the store a request a write. `copying`: the store copies
 * the live graphs out itself (StoreCapabilities.graphCopies): they are neither read nor sent,
 * only the head and the hints (the live version's record) are read.
 */
export async function historyWrite(
  store: QuadStore,
  changes: readonly VersionChange[],
  when: Date,
  keep: KeepVersions,
  newIds: ReadonlySet<string> = new Set(),
  read?: GraphsRead,
  copying = false,
): Promise<HistoryWrite> {
  const write: HistoryWrite = { byDocument: new Map(), fresh: new Set(), liveHints: new Map(), copies: new Map() };
  if (keep <= 0 || changes.length === 0) return write;
  const replacing = changes.filter((c) => c.kind !== 'Create' && !newIds.has(c.id)).map((c) => c.id);
  const replaced = [...new Set(replacing)];
  // The store copies what it holds before the write: a document changed twice in one write is copied here.
  const copies = copying && replaced.length === replacing.length;
  const names = replaced.flatMap((id) => historyGraphsOf(id, copies));
  const graphs = await graphsByName(
    store,
    names.filter((name) => !read?.names.has(name)),
  );
  const wanted = new Set(names);
  for (const q of read?.quads ?? []) if (wanted.has(q.graph.value)) addTo(graphs, q);
  const past = Number.isFinite(keep) ? await pastRecordsOf(store, replaced) : new Map<string, VersionRecord[]>();
  const time = feedTime(when);
  for (const change of changes) {
    const { id } = change;
    const out = write.byDocument.get(id) ?? [];
    const actor = change.actor?.name ?? null;
    if (change.kind === 'Create' || change.kind === 'Update')
      write.liveHints.set(id, actor === null ? [] : [writtenByQuad(id, actor)]);
    if (change.kind !== 'Create') {
      const records = past.get(id) ?? recordsFrom(graphs.get(historyHeadOf(id)) ?? []);
      const hints = graphs.get(hintGraphOf(id));
      const copied = copies
        ? copiedByStore(id, records, hints, when, write.copies)
        : copiedOut(id, records, graphs.get(id), hints, when);
      for (const graph of copied) {
        out.push(graph);
        write.fresh.add(graph[0]);
      }
      if (change.kind !== 'Update') {
        // A deletion (or a merge away) is a version without content: its record alone.
        const record: VersionRecord = { n: (records.at(-1)?.n ?? 0) + 1, kind: change.kind, time, actor, digest: null };
        records.push(record);
        const graph = versionHintGraphOf(id, record.n);
        out.push([graph, [recordQuad(id, record, graph)]]);
        write.fresh.add(graph);
      }
      for (const dropped of beyondRetention(records, keep)) {
        out.push([versionGraphOf(id, dropped.n), []], [versionHintGraphOf(id, dropped.n), []]);
        records.splice(records.indexOf(dropped), 1);
      }
      const newest = records.at(-1);
      if (newest) {
        const head: [string, Quad[]] = [historyHeadOf(id), [recordQuad(id, newest, historyHeadOf(id))]];
        out.push(head);
        // A second change of the same document in one write starts from this one.
        graphs.set(head[0], head[1]);
      }
      graphs.delete(id);
      if (past.has(id)) past.set(id, records);
    }
    write.byDocument.set(id, out);
  }
  return write;
}

/**
 * The graphs a write reads of a document it replaces or deletes to keep its history: the head, the
 * live graphs; `copying` (the store copies them out itself): the head and the hints alone.
 */
export function historyGraphsOf(id: string, copying = false): string[] {
  return copying ? [historyHeadOf(id), hintGraphOf(id)] : [historyHeadOf(id), id, hintGraphOf(id)];
}

/** The quads of these graphs, by graph, in one round trip. */
async function graphsByName(store: QuadStore, names: readonly string[]): Promise<Map<string, Quad[]>> {
  const graphs = new Map<string, Quad[]>();
  for (const q of names.length > 0 ? await store.readGraphs(names) : []) addTo(graphs, q);
  return graphs;
}

/** A quad added to its graph's list. */
function addTo(graphs: Map<string, Quad[]>, q: Quad): void {
  let list = graphs.get(q.graph.value);
  if (!list) graphs.set(q.graph.value, (list = []));
  list.push(q);
}

/**
 * The live version, copied out as a past one with its record (appended to `records`: its number
 * follows the newest past one); none when there is no live content.
 */
function copiedOut(
  id: string,
  records: VersionRecord[],
  quads: readonly Quad[] | undefined,
  hints: readonly Quad[] = [],
  when: Date,
): Array<[string, Quad[]]> {
  if (!quads || quads.length === 0) return [];
  const record = liveRecord(records.at(-1), liveHintsFrom(hints), when)!;
  records.push(record);
  const hintGraph = versionHintGraphOf(id, record.n);
  return [
    [versionGraphOf(id, record.n), [...quads]],
    [hintGraph, [...hints, recordQuad(id, record, hintGraph)]],
  ];
}

/**
 * copiedOut, where the store copies the live graphs itself (`copies`, written → copied): the
 * version's graphs hold what the live ones hold now, its hint graph its record too. A live
 * document has hints (its digest, its stamp): none, no live content.
 */
function copiedByStore(
  id: string,
  records: VersionRecord[],
  hints: readonly Quad[] = [],
  when: Date,
  copies: Map<string, string>,
): Array<[string, Quad[]]> {
  if (hints.length === 0) return [];
  const record = liveRecord(records.at(-1), liveHintsFrom(hints), when)!;
  records.push(record);
  const [graph, hintGraph] = [versionGraphOf(id, record.n), versionHintGraphOf(id, record.n)];
  copies.set(graph, id).set(hintGraph, hintGraphOf(id));
  return [
    [graph, []],
    [hintGraph, [recordQuad(id, record, hintGraph)]],
  ];
}

/** The past versions with content beyond the `keep` newest. */
function beyondRetention(records: readonly VersionRecord[], keep: KeepVersions): VersionRecord[] {
  const past = records.filter(hasContent);
  return past.length > keep ? past.slice(0, past.length - keep) : [];
}
