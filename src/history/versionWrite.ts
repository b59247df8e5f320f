/**
 * What a write adds to keep the documents' history: for each change, the previous version
 * copied out of the live graphs (an Update or Delete), the history graph with the new version's
 * record, and the oldest past versions dropped past the retention. The graphs go into the
 * write's own atomic write (DocumentService.write), beside the document's: no version without
 * its change, no change without its version. Nothing here writes on its own.
 */
import { feedTime } from '../feed/activityGraph.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { modifiedFrom } from '../hints/lastModified.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import type { Actor } from '../linkedart/Actor.js';
import type { Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import type { KeepVersions } from '../config/keepVersions.js';
import { hasContent, historyQuads, recordsFrom, type VersionKind, type VersionRecord } from './versionRecord.js';
import { historyGraphOf, versionGraphOf, versionHintGraphOf } from './versionGraphs.js';

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
}

/**
 * The history graphs for `changes`, made at `when`. Reads, in one round trip, the history of
 * each changed document and the live graphs of those replaced or deleted; `newIds`: documents
 * known not to be stored, with no history (a load into a store that held no document).
 */
export async function historyWrite(
  store: QuadStore,
  changes: readonly VersionChange[],
  when: Date,
  keep: KeepVersions,
  newIds: ReadonlySet<string> = new Set(),
): Promise<HistoryWrite> {
  const byDocument = new Map<string, Array<[string, Quad[]]>>();
  const fresh = new Set<string>();
  if (keep <= 0 || changes.length === 0) return { byDocument, fresh };
  const read = new Set<string>();
  for (const c of changes) {
    if (newIds.has(c.id)) continue;
    read.add(historyGraphOf(c.id));
    if (c.kind !== 'Create') read.add(c.id).add(hintGraphOf(c.id));
  }
  const graphs = new Map<string, Quad[]>();
  for (const q of read.size > 0 ? await store.readGraphs([...read]) : []) {
    let list = graphs.get(q.graph.value);
    if (!list) graphs.set(q.graph.value, (list = []));
    list.push(q);
  }
  const time = feedTime(when);
  for (const change of changes) {
    const out = byDocument.get(change.id) ?? [];
    const records = recordsFrom(graphs.get(historyGraphOf(change.id)) ?? []);
    if (change.kind !== 'Create') {
      const copied = pastVersion(change.id, records, graphs.get(change.id), graphs.get(hintGraphOf(change.id)), when);
      for (const graph of copied) {
        out.push(graph);
        fresh.add(graph[0]);
      }
    }
    const n = (records.at(-1)?.n ?? 0) + 1;
    records.push({ n, kind: change.kind, time, actor: change.actor?.name ?? null, digest: null });
    for (const dropped of beyondRetention(records, keep)) {
      out.push([versionGraphOf(change.id, dropped.n), []], [versionHintGraphOf(change.id, dropped.n), []]);
      records.splice(records.indexOf(dropped), 1);
    }
    const history = historyQuads(change.id, records);
    out.push([historyGraphOf(change.id), history]);
    // A second change of the same document in one write starts from this one.
    graphs.set(historyGraphOf(change.id), history);
    graphs.delete(change.id);
    byDocument.set(change.id, out);
  }
  return { byDocument, fresh };
}

/**
 * The live version, copied out as a past one (its record given its digest, and made up when the
 * document was stored before versions were kept); none when there is no live content.
 */
function pastVersion(
  id: string,
  records: VersionRecord[],
  quads: readonly Quad[] | undefined,
  hints: readonly Quad[] = [],
  when: Date,
): Array<[string, Quad[]]> {
  if (!quads || quads.length === 0) return [];
  const digest = hints.find((q) => q.predicate.value === DIGEST_PREDICATE)?.object.value ?? null;
  let last = records.at(-1);
  if (!last || !hasContent(last)) {
    last = { n: (last?.n ?? 0) + 1, kind: 'Create', time: feedTime(modifiedFrom(hints) ?? when), actor: null, digest };
    records.push(last);
  } else records[records.length - 1] = { ...last, digest };
  return [
    [versionGraphOf(id, last.n), [...quads]],
    [versionHintGraphOf(id, last.n), [...hints]],
  ];
}

/** The past versions with content beyond the `keep` newest (the live, newest record, is never one). */
function beyondRetention(records: readonly VersionRecord[], keep: KeepVersions): VersionRecord[] {
  const past = records.slice(0, -1).filter(hasContent);
  return past.length > keep ? past.slice(0, past.length - keep) : [];
}
