/**
 * The change feed as the write path keeps it: which activities a write records (and the
 * tombstones it stands up or takes down), how long the feed is, and the activities of a range.
 * The feed's graphs go into the write's own atomic write (DocumentService.write), so the feed
 * and the documents agree after any crash; nothing here writes on its own.
 *
 * The length is found in the store by its graph names (1…n exist, n+1 does not: a search of
 * some 2·log2(n) lookups) when first needed, then kept by this process's writes. On a store
 * other processes write to (the remote store), it is looked up again before each write and
 * each read of the collection: another process may have added to it.
 */
import { afterEachDocument } from '../store/afterEachDocument.js';
import type { Quad } from '../rdf/terms.js';
import { WITHOUT_FEED_FOR_BENCH } from '../config/benchSwitches.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { capabilitiesOf } from '../store/capabilities.js';
import {
  activitiesFrom,
  activitiesQuery,
  activityGraphOf,
  activityQuads,
  activityRowQuads,
  feedTime,
  type Activity,
  type ActivityKind,
} from './activityGraph.js';
import { sealedPageActivities, sealedPageGraphOf, sealedPageQuads } from './sealedPage.js';
import { DELETED_AT, deletedAtFrom, tombstoneGraphOf, tombstoneQuads } from './tombstone.js';
import { mergedIntoFrom, mergedQuads } from './mergedId.js';
import { statedActor, type Actor } from '../linkedart/Actor.js';
import { MergedIds } from './mergedIds.js';

/** One document's change in a write, before it has its place in the feed. */
export interface Change {
  readonly kind: ActivityKind;
  readonly id: string;
  /** Its Linked Art class (the deleted document's, for a Delete). */
  readonly type: string | undefined;
  /** A Move's: the id the document was merged into. */
  readonly target?: string;
  /** A Move's: the texts the document was found by in name search, kept in its tombstone (mergedId.ts). */
  readonly names?: readonly string[];
  /** Who made it (the feed's `actor`); its scope, if any, holds the id (checked before the write). */
  readonly actor?: Actor;
}

/** The graphs a write adds for the feed, and what the feed will be once it is stored. */
export interface FeedWrite {
  readonly graphs: Map<string, Quad[]>;
  /** The same graphs by the document whose change they record, in the order of the changes. */
  readonly byDocument: Map<string, Array<[string, Quad[]]>>;
  /** The feed's length after the write. */
  readonly length: number;
  /** Of `graphs`, those numbered past the feed's end (activities, sealed pages): none exists yet. */
  readonly fresh: Set<string>;
}

/** Activity numbers past the known length looked up in one query before a search (findLength). */
const LENGTH_WINDOW = 16;

export class ChangeFeed {
  /** The feed's length as this process knows it; undefined: to be found in the store. */
  private known: number | undefined;
  /** A write lost its place (placed): `known` is still a length the feed had, to be looked up from. */
  private behind = false;
  /** Ids with a tombstone (single-writer stores only: others are asked each time). */
  private gone: Set<string> | undefined;
  private readonly sharedStore: boolean;
  /**
   * The store numbers the activities as it stores them (QuadStore.replaceGraphsPlacing, on a store
   * other processes write to): record() numbers them on from the length last known (a guess the
   * store corrects, no lookup), and the pages they fill are kept whole after the write (sealFilled).
   */
  readonly placed: boolean;
  /** Activities per page (--feed-page-size): a write that fills a page also keeps it whole (sealedPage.ts). */
  pageSize = 100;
  /** Told the activity numbers each of this process's writes stored (the feed's follower: src/follow/). */
  private readonly listeners: Array<(first: number, last: number) => void> = [];

  /** The ids merged into each document (the reverse links follow them). */
  readonly merges: MergedIds;

  constructor(private readonly store: QuadStore) {
    this.sharedStore = capabilitiesOf(store).sharedWriters;
    this.placed = this.sharedStore && store.replaceGraphsPlacing !== undefined;
    this.merges = new MergedIds(store, this.sharedStore);
  }

  /** The feed's length now (the number of the newest activity; 0 when empty). */
  async length(): Promise<number> {
    if (this.known === undefined || this.sharedStore) this.known = await this.findLength(this.known ?? 0);
    return this.known;
  }

  /** The feed's length as the store has it now, at least `atLeast` (a length known to be stored), whatever this process knows. */
  lengthInStore(atLeast: number): Promise<number> {
    return this.findLength(atLeast);
  }

  /**
   * The graphs recording `changes`, which happened at `when`: an activity graph each, in order,
   * numbered after the feed's end; a tombstone for each Delete; none any more for a Create.
   * Call in the write's turn, and committed() once the write is stored.
   */
  async record(changes: readonly Change[], when: Date): Promise<FeedWrite> {
    const graphs = new Map<string, Quad[]>();
    const byDocument = new Map<string, Array<[string, Quad[]]>>();
    const fresh = new Set<string>();
    if (WITHOUT_FEED_FOR_BENCH) return { graphs, byDocument, length: 0, fresh };
    const add = (id: string, name: string, quads: Quad[], isFresh = false) => {
      graphs.set(name, quads);
      if (isFresh) fresh.add(name);
      let list = byDocument.get(id);
      if (!list) byDocument.set(id, (list = []));
      list.push([name, quads]);
    };
    let seq = this.placed && this.known !== undefined && !this.behind ? this.known : await this.length();
    this.behind = false;
    const endTime = feedTime(when);
    const tombstoned = new Set(await this.tombstonedAmong(changes.filter((c) => c.kind === 'Create').map((c) => c.id)));
    const first = seq + 1;
    const written: Activity[] = [];
    for (const change of changes) {
      const activity: Activity = {
        seq: ++seq,
        kind: change.kind,
        object: change.id,
        type: change.type,
        endTime,
        ...(change.target !== undefined ? { target: change.target } : {}),
        ...(change.actor ? { actor: statedActor(change.actor) } : {}),
      };
      written.push(activity);
      add(change.id, activityGraphOf(activity.seq), activityQuads(activity), true);
      if (!this.placed && activity.seq % this.pageSize === 0) {
        // This activity fills a page: the page is kept whole too, with the activity (the same request on a remote store).
        const start = activity.seq - this.pageSize + 1;
        const page = [
          ...(start < first ? await this.activities(start, first - 1) : []),
          ...written.filter((a) => a.seq >= start),
        ];
        add(
          change.id,
          sealedPageGraphOf(this.pageSize, activity.seq / this.pageSize),
          sealedPageQuads(this.pageSize, activity.seq / this.pageSize, page),
          true,
        );
      }
      if (change.kind === 'Delete') add(change.id, tombstoneGraphOf(change.id), tombstoneQuads(change.id, endTime));
      else if (change.kind === 'Move')
        add(change.id, tombstoneGraphOf(change.id), mergedQuads(change.id, change.target ?? '', endTime, change.names));
      else if (tombstoned.has(change.id)) add(change.id, tombstoneGraphOf(change.id), []);
    }
    return { graphs, byDocument, length: seq, fresh };
  }

  /** Be told the activity numbers `first`…`last` of every write this process stores from now on. */
  onCommitted(listener: (first: number, last: number) => void): void {
    this.listeners.push(listener);
  }

  /**
   * A write made with record()'s graphs is stored: the feed is that long now. `places`: the
   * numbers the store gave its activities (replaceGraphsPlacing), by the numbers record() gave.
   * Returns the activities' numbers as stored.
   */
  committed(write: FeedWrite, changes: readonly Change[], places?: ReadonlyMap<number, number>): number[] {
    if (WITHOUT_FEED_FOR_BENCH) return [];
    // record() numbered one activity per change, ending at the new length.
    const numbers = changes.map((_, i) => write.length - changes.length + 1 + i).map((n) => places?.get(n) ?? n);
    this.known = numbers.reduce((a, b) => Math.max(a, b), write.length);
    this.merges.committed(changes);
    for (const [first, last] of runsOf(numbers)) for (const listener of this.listeners) listener(first, last);
    this.rememberGone(changes);
    return numbers;
  }

  /** A write lost its place to another process's: on a store that places the activities, the length known may be far behind. */
  lostPlace(): void {
    this.behind = this.placed;
  }

  /**
   * On a store that places the activities: the pages activities `numbers` filled, kept whole
   * (sealedPage.ts), each in a bookkeeping write of its own after the write (record() cannot know
   * them before). A page left unsealed (the process stopped between) is read from its activities.
   */
  async sealFilled(numbers: readonly number[]): Promise<void> {
    if (!this.placed) return;
    for (const seq of numbers) {
      if (seq % this.pageSize !== 0) continue;
      const page = seq / this.pageSize;
      const name = sealedPageGraphOf(this.pageSize, page);
      const quads = sealedPageQuads(this.pageSize, page, await this.activities(seq - this.pageSize + 1, seq));
      await this.store.replaceGraphs(new Map([[name, quads]]), new Set([name]));
    }
  }

  /** Tombstones this process knows of, after a write (single-writer stores: others ask the store). */
  private rememberGone(changes: readonly Change[]): void {
    if (!this.gone) return;
    for (const change of changes) {
      if (change.kind === 'Delete' || change.kind === 'Move') this.gone.add(change.id);
      else if (change.kind === 'Create') this.gone.delete(change.id);
    }
  }

  /** A write failed: whether it was stored is unknown, so the length is looked up again. */
  uncertain(): void {
    this.known = undefined;
    this.gone = undefined;
    this.merges.uncertain();
  }

  /**
   * The activities numbered `from` to `to` (inclusive), in order: one query for the range (a page
   * of 100 read graph by graph took 7 ms on Oxigraph, one SELECT over them 1.7 ms, at any length).
   */
  async activities(from: number, to: number): Promise<Activity[]> {
    const names: string[] = [];
    for (let seq = Math.max(1, from); seq <= to; seq++) names.push(activityGraphOf(seq));
    if (names.length === 0) return [];
    const result = await this.store.query(activitiesQuery(names));
    if (result.kind !== 'bindings') throw new Error(`reading the change feed's activities got a ${result.kind} answer`);
    const activities = activitiesFrom(result.rows.flatMap(activityRowQuads));
    if (activities.length !== names.length)
      throw new Error(
        `the change feed's activities ${from}–${to} are not all in the store (found ${activities.length} of ${names.length})`,
      );
    return activities;
  }

  /**
   * The activities of page `page` (pages of `pageSize`) of a feed of `length` activities: a full
   * page from its sealed copy when there is one, else (the last page, or one sealed at another
   * size) from its activity graphs.
   */
  async page(page: number, pageSize: number, length: number): Promise<Activity[]> {
    const from = (page - 1) * pageSize + 1;
    const to = Math.min(page * pageSize, length);
    if (to === page * pageSize) {
      const sealed = sealedPageActivities(await this.store.readGraphs([sealedPageGraphOf(pageSize, page)]), pageSize);
      if (sealed) return sealed;
    }
    return this.activities(from, to);
  }

  /** When the document `id` was deleted, while its tombstone stands; undefined otherwise. */
  async deletedAt(id: string): Promise<Date | undefined> {
    return deletedAtFrom(id, await this.store.readGraphs([tombstoneGraphOf(id)]));
  }

  /** Where the document `id` was merged into, while its tombstone stands; undefined otherwise. */
  async mergedInto(id: string): Promise<string | undefined> {
    return mergedIntoFrom(id, await this.store.readGraphs([tombstoneGraphOf(id)]));
  }

  /** Of these ids, those with a tombstone. */
  private async tombstonedAmong(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    if (this.sharedStore) {
      const found = await this.store.readGraphs(ids.map(tombstoneGraphOf));
      return [...new Set(found.map((q) => q.subject.value))];
    }
    this.gone ??= await this.readGone();
    return ids.filter((id) => this.gone!.has(id));
  }

  private async readGone(): Promise<Set<string>> {
    const result = await this.store.query(`SELECT ?s WHERE { GRAPH ?g { ?s ${iri(DELETED_AT)} ?t } }`);
    if (result.kind !== 'bindings') throw new Error(`reading the tombstones got a ${result.kind} answer`);
    return new Set(result.rows.flatMap((row) => (row.s ? [row.s.v] : [])));
  }

  /**
   * The highest n ≥ `atLeast` whose activity graph exists (activities 1…n all do). First the
   * LENGTH_WINDOW numbers after `atLeast`, in one query: on a store other processes write to,
   * a write finds the few they added since its last (one query, not 2·log2 of them a search takes).
   */
  private async findLength(atLeast: number): Promise<number> {
    const exists = (n: number) => this.store.hasGraph(activityGraphOf(n));
    const inWindow = await this.existingAfter(atLeast, LENGTH_WINDOW);
    if (inWindow < LENGTH_WINDOW) return atLeast + inWindow;
    // Double past the end, then halve between the last found and the first missing.
    let low = atLeast + LENGTH_WINDOW;
    let step = 1;
    while (await exists(low + step)) {
      low += step;
      step *= 2;
    }
    let high = low + step;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await exists(middle)) low = middle;
      else high = middle;
    }
    return low;
  }

  /** How many of the activities numbered `after` + 1 … `after` + `count` exist, counted from the first (the feed has no gaps). */
  private async existingAfter(after: number, count: number): Promise<number> {
    const names = Array.from({ length: count }, (_, i) => activityGraphOf(after + 1 + i));
    const result = await this.store.query(
      `SELECT DISTINCT ?g WHERE { VALUES ?g { ${names.map(iri).join(' ')} } GRAPH ?g { ?s ?p ?o } }`,
    );
    if (result.kind !== 'bindings') throw new Error(`finding the change feed's length got a ${result.kind} answer`);
    const found = new Set(result.rows.map((row) => row.g?.v));
    let n = 0;
    while (n < count && found.has(names[n])) n++;
    return n;
  }
}

/** Numbers as runs of consecutive ones, [first, last] each, in their order. */
function runsOf(numbers: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const n of numbers) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

/**
 * A write's graphs with the feed's after each document's own (its activity right after its last
 * graph), so that a store which cuts a write into several requests (the remote store) stores
 * each activity in the same request as its document, and the activities in their order.
 */
export function withFeedGraphs(
  graphs: ReadonlyMap<string, readonly Quad[]>,
  feed: FeedWrite,
): Map<string, readonly Quad[]> {
  return afterEachDocument(graphs, feed.byDocument);
}
