/**
 * The one write to the store, made in DocumentService's write turn: the documents' graphs, the
 * history's (src/history) and the change feed's in one atomic write; the derived data told what
 * it stored (also after a failure, so nothing stale stays); on a store other processes write to,
 * a write cut into several requests that lost after some were stored made again for the rest.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import type { Quad } from '../rdf/terms.js';
import { appendGraphs, decodeGraphs, eachDecodedGraph, encodeGraphs, type WireGraphs } from '../rdf/wireGraphs.js';
import { mayWrite, OutsideScope } from '../linkedart/Actor.js';
import type { KeepVersions } from '../config/keepVersions.js';
import type { GraphsRead, QuadStore } from '../store/QuadStore.js';
import { capabilitiesOf } from '../store/capabilities.js';
import { WriteConflict } from '../store/WriteConflict.js';
import { documentOfGraph, NEWEST_PAST_PREDICATE, TOMBSTONE_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { afterEachDocument } from '../store/afterEachDocument.js';
import { withFeedGraphs, type Change, type ChangeFeed } from '../feed/ChangeFeed.js';
import { linksGraphOf } from '../discovery/linksGraph.js';
import { stampFor } from '../discovery/reindex.js';
import { historyWrite } from '../history/versionWrite.js';
import { NewestPastRecords } from '../history/newestPastRecords.js';
import { eachInSlices } from './inSlices.js';
import type { WriteObservers } from './WriteObservers.js';

export class StoreWrite {
  /** Whether this process has checked the store's relations stamp before its first write. */
  private stamped = false;
  /** The documents' newest past records as written here; none where other processes write the store too. */
  private readonly newestPast: NewestPastRecords | undefined;

  constructor(
    private readonly store: QuadStore,
    private readonly feed: ChangeFeed,
    private readonly observers: WriteObservers,
    /** Past versions kept per document (--keep-versions), as the service is set now. */
    private readonly keepVersions: () => KeepVersions,
  ) {
    if (!capabilitiesOf(store).sharedWriters) this.newestPast = new NewestPastRecords();
  }

  /**
   * The one write to the store: the documents' graphs, with the change feed's activities for
   * `changes` (at `when`, their modification stamp) in the same atomic write. A change whose
   * actor may not write its id (a scoped token) refuses the whole write: OutsideScope. `read`:
   * graphs the caller read in this turn (replacedVersion.ts), which the history does not read again.
   */
  async write(
    graphs: WireGraphs | ReadonlyMap<string, readonly Quad[]>,
    ids: readonly string[],
    changes: readonly Change[],
    when: Date,
    alongside: ReadonlyMap<string, readonly Quad[]> = new Map(),
    newIds: readonly string[] = [],
    expected?: ReadonlyMap<string, string | undefined>,
    read?: GraphsRead,
  ): Promise<void> {
    try {
      await this.writeOnce(graphs, ids, changes, when, alongside, newIds, expected, read);
    } catch (error) {
      if (!(error instanceof WriteConflict) || error.written.length === 0) throw error;
      // A write cut into several requests lost after some were stored: the rest is written again, with the next activity numbers.
      const written = new Set(error.written);
      const all = new Map('codes' in graphs ? decodeGraphs(graphs) : graphs);
      for (const [name, quads] of alongside) all.set(name, quads);
      const rest = new Map([...all].filter(([name]) => !written.has(documentOfGraph(name))));
      const left = (list: readonly string[]) => list.filter((id) => !written.has(id));
      const changesLeft = changes.filter((c) => !written.has(c.id));
      // What was read before is not trusted again: the history reads the rest anew.
      await this.write(rest, left(ids), changesLeft, when, undefined, left(newIds), expected);
    }
  }

  /** One attempt at write(). */
  private async writeOnce(
    graphs: WireGraphs | ReadonlyMap<string, readonly Quad[]>,
    ids: readonly string[],
    changes: readonly Change[],
    when: Date,
    alongside: ReadonlyMap<string, readonly Quad[]>,
    newIds: readonly string[],
    expected: ReadonlyMap<string, string | undefined> | undefined,
    read: GraphsRead | undefined,
  ): Promise<void> {
    const outside = changes.filter((c) => !mayWrite(c.actor, c.id));
    if (outside.length > 0)
      throw new OutsideScope(
        outside[0].actor!,
        outside.map((c) => c.id),
      );
    const wire =
      'codes' in graphs && capabilitiesOf(this.store).wireGraphs === true && this.store.replaceWireGraphs !== undefined;
    // Interned graphs going to a store that takes them so (a load's batch, each name once): decoded after
    // the write, a slice at a time as the observers are told (afterWrite), each slice's quads dying
    // young. Decoded whole before it, every quad of the batch stayed alive on the thread that answers
    // readers through the store's write, and its garbage collections were among the longest turns.
    const afterWrite =
      'codes' in graphs && wire && this.observers.wantsGraphs() && alongside.size === 0 && eachNameOnce(graphs)
        ? keptWire(graphs)
        : undefined;
    // Else decoded before the post (the store worker takes the wire graphs' buffer), in slices: readers wait on this thread.
    let plain: ReadonlyMap<string, readonly Quad[]> | undefined = 'codes' in graphs ? undefined : graphs;
    if ('codes' in graphs && !afterWrite && this.observers.wantsGraphs()) plain = await decodedInSlices(graphs);
    if (plain && alongside.size > 0) plain = new Map([...plain, ...alongside]);
    let affected: readonly string[] = [];
    // Before this process's first write: an empty store is stamped with the relations' version, in the same write when it can be.
    const stamp = this.stamped ? undefined : await stampFor(this.store);
    this.stamped = true;
    // To a store that copies graphs: the live versions replaced are copied out there, not read and sent from here.
    const copying = capabilitiesOf(this.store).graphCopies === true && this.store.replaceWireGraphs !== undefined;
    const history = await historyWrite(
      this.store,
      changes,
      when,
      this.keepVersions(),
      new Set(newIds),
      read,
      copying,
      this.newestPast,
    );
    // The documents whose graphs this write touches: what this process knows of their history holds only once it is stored.
    const touched = this.newestPast && touchedDocuments(graphs, alongside, changes);
    const feed = await this.feed.record(changes, when);
    let places: ReadonlyMap<number, number> | undefined;
    try {
      // Graphs already interned go to a store that takes them so as they are.
      if ('codes' in graphs && wire && this.store.replaceWireGraphs) {
        if (stamp) await this.store.replaceGraphs(new Map([stamp]));
        const kept = [...history.byDocument.values()].flat();
        // Who wrote each version: more quads of its hint graph (a name may come twice: its quads are added).
        const names = new Set(graphs.names);
        newestPastWritten(history.liveHints, names);
        const written = [...history.liveHints].flatMap(([id, quads]): Array<[string, Quad[]]> =>
          quads.length > 0 && names.has(hintGraphOf(id)) ? [[hintGraphOf(id), quads]] : [],
        );
        const all = appendGraphs(graphs, [...alongside, ...written, ...kept, ...feed.graphs]);
        await this.store.replaceWireGraphs(all, history.copies);
      } else {
        const documents = withLiveHints(
          plain ?? new Map([...decodeGraphs(graphs as WireGraphs), ...alongside]),
          history.liveHints,
        );
        // The history's graphs and the feed's travel with their documents (a remote store cuts only between documents).
        const all = withFeedGraphs(afterEachDocument(documents, history.byDocument), feed);
        if (stamp) all.set(...stamp);
        // Graphs known to hold nothing yet, which a remote store then need not read first.
        const absent = new Set([...feed.fresh, ...history.fresh]);
        for (const id of newIds) for (const name of [id, hintGraphOf(id), linksGraphOf(id)]) absent.add(name);
        // Where the store numbers the activities (a remote store other processes write to), the numbers it gave them.
        if (this.feed.placed && this.store.replaceGraphsPlacing)
          places = await this.store.replaceGraphsPlacing(all, absent, expected, read);
        else if (history.copies.size > 0 && this.store.replaceWireGraphs)
          await this.store.replaceWireGraphs(encodeGraphs(all), history.copies);
        else await this.store.replaceGraphs(all, absent, expected, read);
      }
      if (touched) this.newestPast?.wrote(touched, history.newestPast);
      const numbers = this.feed.committed(feed, changes, places);
      // A page left unsealed is read from its activities: the write, stored, does not fail for it.
      await this.feed.sealFilled(numbers).catch(() => undefined);
      // The entities whose hits changed: their documents' `_links` change with them. The tombstones
      // stood up or taken down too (name search follows merges by them).
      if (afterWrite) affected = await this.observers.written(decodedWithTombstones(afterWrite, feed.graphs));
      else if (plain) affected = await this.observers.written(withTombstones(plain, feed.graphs));
    } catch (error) {
      if (touched) this.newestPast?.forget(touched);
      // A conflict stored nothing of its request: the feed is at least as long as known.
      if (!(error instanceof WriteConflict)) this.feed.uncertain();
      else this.feed.lostPlace();
      // What is derived is what is stored now, whichever version it is.
      affected = await this.observers.uncertain(ids);
      throw error;
    } finally {
      // Also after a failure: nothing cached stays.
      this.observers.changed(affected.length === 0 ? ids : [...ids, ...affected]);
    }
  }
}

/** The documents a write's graphs belong to (documentOfGraph), and those it records changes of. */
function touchedDocuments(
  graphs: WireGraphs | ReadonlyMap<string, readonly Quad[]>,
  alongside: ReadonlyMap<string, readonly Quad[]>,
  changes: readonly Change[],
): Set<string> {
  const touched = new Set(changes.map((c) => c.id));
  for (const name of 'codes' in graphs ? graphs.names : graphs.keys()) touched.add(documentOfGraph(name));
  for (const name of alongside.keys()) touched.add(documentOfGraph(name));
  return touched;
}

/** The documents' graphs with `liveHints` added to the hint graphs among them (who wrote each version). */
function withLiveHints(
  documents: ReadonlyMap<string, readonly Quad[]>,
  liveHints: ReadonlyMap<string, readonly Quad[]>,
): ReadonlyMap<string, readonly Quad[]> {
  newestPastWritten(liveHints, documents);
  let out: Map<string, readonly Quad[]> | undefined;
  for (const [id, quads] of liveHints) {
    const hints = documents.get(hintGraphOf(id));
    if (quads.length === 0 || hints === undefined) continue;
    out ??= new Map(documents);
    out.set(hintGraphOf(id), [...hints, ...quads]);
  }
  return out ?? documents;
}

/** A newest past record goes in its document's hint graph: a write that does not write that graph is refused, naming it. */
function newestPastWritten(
  liveHints: ReadonlyMap<string, readonly Quad[]>,
  written: { has(name: string): boolean },
): void {
  for (const [id, quads] of liveHints)
    if (!written.has(hintGraphOf(id)) && quads.some((q) => q.predicate.value === NEWEST_PAST_PREDICATE))
      throw new Error(
        `the write of ${id} replaces its version without writing its hint graph ${hintGraphOf(id)}, where the newest past version's record goes (${NEWEST_PAST_PREDICATE})`,
      );
}

/** Wire graphs decoded, in slices: readers wait on this thread. */
export async function decodedInSlices(graphs: WireGraphs): Promise<Map<string, readonly Quad[]>> {
  const decoded = new Map<string, readonly Quad[]>();
  await eachInSlices(eachDecodedGraph(graphs), ([name, quads]) => decoded.set(name, quads));
  return decoded;
}

/** Whether no graph name comes twice in `wire` (then decoding it graph by graph tells each graph once, as a map would). */
function eachNameOnce(wire: WireGraphs): boolean {
  return new Set(wire.names).size === wire.names.length;
}

/** `wire` as it is now, kept for decoding after the write: the store worker takes its codes' buffer. */
function keptWire(wire: WireGraphs): WireGraphs {
  return { ...wire, codes: wire.codes.slice(0, wire.length) };
}

/** The graphs of `wire` decoded one by one as they are taken, then the feed's tombstones among `feedGraphs`. */
function* decodedWithTombstones(
  wire: WireGraphs,
  feedGraphs: ReadonlyMap<string, readonly Quad[]>,
): Generator<readonly [string, readonly Quad[]]> {
  yield* eachDecodedGraph(wire);
  for (const entry of feedGraphs) if (entry[0].startsWith(TOMBSTONE_GRAPH_PREFIX)) yield entry;
}

/** The documents' graphs and the feed's tombstones among `feedGraphs`. */
function withTombstones(
  documents: ReadonlyMap<string, readonly Quad[]>,
  feedGraphs: ReadonlyMap<string, readonly Quad[]>,
): ReadonlyMap<string, readonly Quad[]> {
  const tombstones = [...feedGraphs].filter(([name]) => name.startsWith(TOMBSTONE_GRAPH_PREFIX));
  return tombstones.length === 0 ? documents : new Map([...documents, ...tombstones]);
}
