/**
 * What a write adds to keep the documents' history: for each change that replaces or deletes
 * a live version, that version copied out of the live graphs with its record (versionGraphs.ts),
 * a deletion's record, the newest past record (in the live hints, or for a deleted document in the
 * head), and the oldest past versions dropped past the retention; for each version written, who
 * wrote it, in its hint graph (liveVersion.ts). A
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
import { copiedHints, liveHintsFrom, liveRecord, newestPastIn, newestPastQuad, writtenByQuad } from './liveVersion.js';
import { hasContent, recordQuad, recordsFrom, type VersionKind, type VersionRecord } from './versionRecord.js';
import { pastRecordsOf } from './storedHistory.js';
import { historyHeadOf, versionGraphOf, versionHintGraphOf } from './versionGraphs.js';
import { feedTime } from '../feed/activityGraph.js';
import type { NewestPastRecords } from './newestPastRecords.js';

/**
 * Documents replaced in one write beyond which the newest past records go in the live hints even
 * where the process knows them (`known`): a load's batch. A later load, in a process of its own,
 * then finds them there rather than looking the records up (some 50 µs a document, a few per cent
 * of a load of small documents). Few documents are rewritten by loads often enough for the quad
 * a write leaves dead in their hints to matter; a PUT's document may be rewritten thousands of times.
 */
const RECORDS_IN_HINTS_BEYOND = 4;

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
  /** Quads to add to the hint graph of a document written now: who wrote its new version, and the newest past record. */
  readonly liveHints: Map<string, Quad[]>;
  /** Graphs of `byDocument` the store fills itself from the live graphs, as written → copied (GraphCopies). */
  readonly copies: Map<string, string>;
  /** The newest past record of each document the write replaces, once the write is stored (NewestPastRecords). */
  readonly newestPast: Map<string, VersionRecord>;
}

/**
 * The history graphs for `changes`, made at `when`. Reads, in one round trip, the live graphs of
 * each document replaced or deleted (none for a Create), and then the head of those whose hints
 * hold no newest past record (a first Update after a Create, a store of an earlier build), with a retention
 * (--keep-versions N) their past records; `newIds`: documents known not to be stored, with no
 * history (a load into a store that held no document). `read`: graphs the write read already in its
 * turn (historyGraphsOf; an absent one as []), not read again: a PUT's own read of its document
 * serves its history too, which saves the store a request a write. `copying`: the store copies
 * the live graphs out itself (StoreCapabilities.graphCopies): they are neither read nor sent,
 * only the hints (the live version's record, and the newest past one's) are read. `known`: the
 * newest past records this process wrote (where no other process writes the store): a document
 * it knows is numbered on from there, and, in a write of a few documents (RECORDS_IN_HINTS_BEYOND),
 * its live hints are not given the record (the records are looked up for a document known neither
 * here, nor in its hints, nor in its head).
 */
export async function historyWrite(
  store: QuadStore,
  changes: readonly VersionChange[],
  when: Date,
  keep: KeepVersions,
  newIds: ReadonlySet<string> = new Set(),
  read?: GraphsRead,
  copying = false,
  known?: NewestPastRecords,
): Promise<HistoryWrite> {
  const write: HistoryWrite = {
    byDocument: new Map(),
    fresh: new Set(),
    liveHints: new Map(),
    copies: new Map(),
    newestPast: new Map(),
  };
  if (keep <= 0 || changes.length === 0) return write;
  const replacing = changes.filter((c) => c.kind !== 'Create' && !newIds.has(c.id)).map((c) => c.id);
  const replaced = [...new Set(replacing)];
  // The store copies what it holds before the write: a document changed twice in one write is copied here.
  const copies = copying && replaced.length === replacing.length;
  const graphs = await graphsRead(
    store,
    replaced.flatMap((id) => historyGraphsOf(id, copies)),
    read,
  );
  // The newest past record is known here, or in the live hints; where neither, in the head graph (liveVersion.ts).
  const newestKnown = new Map<string, VersionRecord | undefined>(
    replaced.map((id) => [id, known?.get(id) ?? newestPastIn(graphs.get(hintGraphOf(id)) ?? [])]),
  );
  const heads = replaced.filter((id) => newestKnown.get(id) === undefined);
  for (const [name, quads] of await graphsRead(store, heads.map(historyHeadOf), read)) graphs.set(name, quads);
  // Where the hints are not given the record (`known`), a document with no head either may still have past versions.
  const unnumbered = known ? heads.filter((id) => (graphs.get(historyHeadOf(id)) ?? []).length === 0) : [];
  const lookedUp = Number.isFinite(keep) ? replaced : unnumbered;
  const past = lookedUp.length > 0 ? await pastRecordsOf(store, lookedUp) : new Map<string, VersionRecord[]>();
  const recordsInHints = !known || replaced.length > RECORDS_IN_HINTS_BEYOND;
  const time = feedTime(when);
  for (const change of changes) {
    const { id } = change;
    const out = write.byDocument.get(id) ?? [];
    const actor = change.actor?.name ?? null;
    const live = actor === null ? [] : [writtenByQuad(id, actor)];
    if (change.kind === 'Create' || change.kind === 'Update') write.liveHints.set(id, live);
    if (change.kind !== 'Create') {
      const hints = graphs.get(hintGraphOf(id));
      const head = graphs.get(historyHeadOf(id)) ?? [];
      const newestPast = newestKnown.get(id);
      const records = past.get(id) ?? (newestPast ? [newestPast] : recordsFrom(head));
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
      // A live document keeps it in its hints (written now); a deleted one, which has none, in the head.
      if (change.kind === 'Update') {
        if (newest && recordsInHints) live.push(newestPastQuad(id, newest));
        if (newest) write.newestPast.set(id, newest);
        else write.newestPast.delete(id);
        if (head.length > 0) out.push([historyHeadOf(id), []]);
      } else {
        if (newest) out.push([historyHeadOf(id), [recordQuad(id, newest, historyHeadOf(id))]]);
        write.newestPast.delete(id);
      }
      // A second change of the same document in one write starts from this one.
      newestKnown.set(id, newest);
      graphs.set(hintGraphOf(id), newest ? [newestPastQuad(id, newest)] : []);
      graphs.delete(historyHeadOf(id));
      graphs.delete(id);
      if (past.has(id)) past.set(id, records);
    }
    write.byDocument.set(id, out);
  }
  return write;
}

/**
 * The graphs a write reads of a document it replaces or deletes to keep its history: the live
 * graphs; `copying` (the store copies them out itself): the hints alone. Their newest past record
 * is in the hints (liveVersion.ts); the head is read after them only where it is not.
 */
export function historyGraphsOf(id: string, copying = false): string[] {
  return copying ? [hintGraphOf(id)] : [id, hintGraphOf(id)];
}

/** The quads of these graphs, by graph: those `read` holds from it, the others in one round trip. */
async function graphsRead(
  store: QuadStore,
  names: readonly string[],
  read: GraphsRead | undefined,
): Promise<Map<string, Quad[]>> {
  const graphs = new Map<string, Quad[]>();
  const asked = names.filter((name) => !read?.names.has(name));
  for (const q of asked.length > 0 ? await store.readGraphs(asked) : []) addTo(graphs, q);
  const wanted = new Set(names);
  for (const q of read?.quads ?? []) if (wanted.has(q.graph.value)) addTo(graphs, q);
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
    [hintGraph, [...copiedHints(hints), recordQuad(id, record, hintGraph)]],
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
