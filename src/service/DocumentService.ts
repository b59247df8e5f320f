/**
 * The documents of the collection: ingest to the store, render from it. The one place
 * where a write goes from JSON to quads and a read from quads to JSON, so every write path
 * (the CLI, loading, HTTP writes) goes through the same checks, stamps the same
 * modification time and tells the same listeners (the render cache) what changed.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { admitJson } from './gate/admit.js';
import type { RenderedDocument } from '../rebuild/renderDocument.js';
import type { GraphsRead, QuadStore } from '../store/QuadStore.js';
import type { Quad } from '../rdf/terms.js';
import { linksGraphOf } from '../discovery/linksGraph.js';
import { loadReverseLinks } from '../discovery/loadReverseLinks.js';
import type { ReverseLinks } from '../discovery/ReverseLinks.js';
import { StoredReverseLinks } from '../discovery/StoredReverseLinks.js';
import { followingMerges } from '../discovery/mergedReverseLinks.js';
import { entityClassOf } from '../discovery/reverseLinksOf.js';
import { ChangeFeed, type Change } from '../feed/ChangeFeed.js';
import { WriteObservers } from './WriteObservers.js';
import type { WriteObserver } from './WriteObserver.js';
import { capabilitiesOf } from '../store/capabilities.js';
import { digestOf, render, storedGraphs, type StoredDocument } from './storedDocument.js';
import { retryingConflicts } from './conflictRetries.js';
import type { Actor } from '../linkedart/Actor.js';
import { anyDigestStored, storedClasses, storedDigests, storedDocumentOf, storedVersionOf } from './storedReads.js';
import { decodedInSlices, StoreWrite } from './StoreWrite.js';
import { KEEP_ALL_VERSIONS, type KeepVersions } from '../config/keepVersions.js';
import { VersionRecords } from './versionRecords.js';
import { digestsIn, digestsOf, readCurrent, readReplaced } from './replacedVersion.js';
import type { CheckedDocument, CommitOutcome, Precondition, PutOutcome } from './documentWrites.js';
import type { WireGraphs } from '../rdf/wireGraphs.js';

/** The reverse-link index's name among the derived data (WriteObservers.derived). */
export const REVERSE_LINKS = 'reverse links';

export class DocumentService {
  /** The write in flight; writes run one after another (see serialized). */
  private writing: Promise<unknown> = Promise.resolve();
  /** What is told of every write: the derived data (indexes, render cache). */
  private readonly observers: WriteObservers;
  /** The one atomic write to the store, in this service's write turn. */
  private readonly storeWrite: StoreWrite;
  /** Whether other processes write to the store too: a write that lost to one is made again. */
  private readonly sharedStore: boolean;
  /** Whether the store copies a replaced version out itself: a PUT reads only its head and hints. */
  private readonly copied: boolean;

  /** The change feed: every write records its activities in it, in the same atomic write. */
  readonly feed: ChangeFeed;
  /** Past versions kept per document (--keep-versions; src/history), in the same atomic write as the change. */
  keepVersions: KeepVersions = KEEP_ALL_VERSIONS;
  /** The documents' version records, as the TimeMap and the TimeGate read them (kept until a write to the document). */
  readonly versions: VersionRecords;

  constructor(readonly store: QuadStore) {
    this.feed = new ChangeFeed(store);
    ({ sharedWriters: this.sharedStore, graphCopies: this.copied = false } = capabilitiesOf(store));
    this.observers = new WriteObservers(store);
    this.storeWrite = new StoreWrite(store, this.feed, this.observers, () => this.keepVersions);
    this.versions = new VersionRecords(store, (observer) => this.observe(observer));
  }

  /**
   * The reverse-link index. In memory (read from the store's links graphs on first use, in the
   * write queue's turn so no write is missed) when this process is the store's only writer;
   * read from the store request by request when other processes write to it (a remote store).
   */
  async reverseLinks(): Promise<ReverseLinks> {
    return this.followingMerges(await this.derived(REVERSE_LINKS, () => this.readReverseLinks()));
  }

  /** reverseLinks() for a caller that holds the write turn (inside serialized: a precondition). */
  async reverseLinksInTurn(): Promise<ReverseLinks> {
    return this.followingMerges(await this.observers.derivedInTurn(REVERSE_LINKS, () => this.readReverseLinks()));
  }

  /** The index as read: the documents pointing at an id merged into another listed under that other too. */
  private followingMerges(index: ReverseLinks): ReverseLinks {
    return followingMerges(index, (id) => this.feed.merges.into(id));
  }

  private async readReverseLinks(): Promise<ReverseLinks> {
    return this.sharedStore ? new StoredReverseLinks(this.store) : await loadReverseLinks(this.store);
  }

  /** Be told of every write (WriteObserver.ts): the render cache. */
  observe(observer: WriteObserver): void {
    this.observers.add(observer);
  }

  /**
   * Documents another process changed (read from the store's change feed: src/follow/): the
   * derived data take them as the store holds them now, in the write turn, so that no write of
   * this process falls between the read and the update. A failed read throws (to be tried again).
   */
  followed(ids: readonly string[]): Promise<void> {
    return this.serialized(async () => {
      const affected = await this.observers.asStored(ids);
      this.observers.changed([...ids, ...affected]);
    });
  }

  /** Be told the ids every write changed; a render cache uses this to drop what changed. */
  onChange(listener: (ids: readonly string[]) => void): void {
    this.observe({ changed: listener });
  }

  /**
   * Data derived from the documents (the name search index), built by `build` on first use, in
   * the write turn, and told of every write from then on; one per name and service.
   */
  derived<T extends WriteObserver>(name: string, build: () => Promise<T>): Promise<T> {
    return this.observers.derived(name, build, (work) => this.serialized(work));
  }

  /** Derived data made elsewhere (src/keptIndexes/), attached as it is under `name`; inside serialized(). */
  attachInTurn<T extends WriteObserver>(name: string, made: T): Promise<T> {
    return this.observers.derivedInTurn(name, () => Promise.resolve(made));
  }
  /** The derived data of this name, if it is built (nothing is built by asking). */
  builtDerived(name: string): WriteObserver | undefined {
    return this.observers.builtNamed(name);
  }

  /**
   * Check (ingest + SHACL) and store one document, replacing any earlier version of the same
   * id wholly. A document with a Violation is refused (DocumentRejected) and nothing changes;
   * the accepted document carries its Warnings.
   */
  async put(document: unknown, source?: string): Promise<IngestedDocument> {
    const ingested = admitJson(document, source);
    await this.putAll([ingested]);
    return ingested;
  }

  /**
   * Store several documents, each already admitted (gate/admit.ts), in one atomic, durable
   * write. A document whose stored digest is the same is not rewritten (its Last-Modified
   * stays); the outcome says which were created, replaced or unchanged. `storedDigests`:
   * the digests(ids) the caller has just read, to save reading them again.
   */
  putAll(
    documents: readonly IngestedDocument[],
    storedDigests?: ReadonlyMap<string, string>,
    actor?: Actor,
  ): Promise<PutOutcome> {
    let given = storedDigests;
    return this.serialized(async () => {
      // Read again when the write is made again (conflictRetries.ts): another process wrote.
      const digests = given;
      given = undefined;
      const { created, replaced, unchanged, when } = await this.commit(documents, [], digests, undefined, actor);
      return { created, replaced, unchanged, ...(when ? { when } : {}) };
    });
  }

  /**
   * Runs `work` with no other write of this service before it ends, so that what it read is
   * still what is stored when it writes (a SPARQL Update: trial, checks, commit).
   * Inside, write with commit(), not with the methods that queue. On a store other processes
   * write to, `work` is run again when another process wrote first (conflictRetries.ts).
   */
  serialized<T>(work: () => Promise<T>): Promise<T> {
    const attempt = this.sharedStore ? () => retryingConflicts(work) : work;
    const run = this.writing.then(attempt, attempt);
    this.writing = run.catch(() => undefined);
    return run;
  }

  /**
   * In one atomic, durable write: store these documents (admitted already) and remove the
   * documents with these ids. A document whose stored digest is the same is left alone.
   * Call it inside serialized(), or through putAll/delete. `alongside`: internal graphs
   * (bookkeeping such as the demo's marker) written in the same atomic write. `storedDigests`: as
   * putAll's, and (on a store other processes write to) the removed documents' too; the write
   * applies only while the store still holds those versions. `actor`: who writes (the feed's
   * `actor`; its scope must hold every id). `read`: the documents' graphs read in this turn (replacedVersion.ts).
   */
  async commit(
    documents: readonly IngestedDocument[],
    removals: readonly string[],
    storedDigests?: ReadonlyMap<string, string>,
    alongside?: ReadonlyMap<string, readonly Quad[]>,
    actor?: Actor,
    read?: GraphsRead,
  ): Promise<CommitOutcome> {
    const now = new Date();
    const asked = [...documents.map((d) => d.id), ...(this.sharedStore ? removals : [])];
    // The versions replaced read now (a few documents): their digests, and what their history copies out.
    const history = this.keepVersions > 0;
    const replacing = history ? [...documents.map((d) => d.id), ...removals] : asked;
    read ??= storedDigests
      ? undefined
      : await readReplaced(this.store, replacing, { whole: false, history, copied: this.copied });
    const stored = storedDigests ?? (read ? digestsIn(read, asked) : await this.digests(asked));
    const outcome: CommitOutcome = { created: [], replaced: [], unchanged: [], deleted: [...removals] };
    const graphs = new Map<string, readonly Quad[]>(alongside);
    const changes: Change[] = [];
    for (const doc of documents) {
      const digest = digestOf(doc);
      const before = stored.get(doc.id);
      if (before === digest) {
        outcome.unchanged.push(doc.id);
        continue;
      }
      (before === undefined ? outcome.created : outcome.replaced).push(doc.id);
      changes.push({
        kind: before === undefined ? 'Create' : 'Update',
        id: doc.id,
        type: entityClassOf(doc.id, doc.quads),
        ...(actor ? { actor } : {}),
      });
      for (const [name, quads] of storedGraphs(doc, digest, now)) graphs.set(name, quads);
    }
    const removed = await this.removalsOf(removals);
    for (const [name, quads] of removed.graphs) graphs.set(name, quads);
    changes.push(...removed.changes.map((change) => (actor ? { ...change, actor } : change)));
    const ids = [...outcome.created, ...outcome.replaced, ...removals];
    const expected = new Map(ids.map((id) => [id, stored.get(id)]));
    if (graphs.size === 0) return outcome;
    await this.storeWrite.write(graphs, ids, changes, now, undefined, undefined, expected, read);
    return { ...outcome, when: now };
  }

  /**
   * Store documents checked elsewhere (a load's check workers: src/load/gate), given as the
   * graphs storedGraphs makes of them, in one atomic, durable write after any write before it.
   * `alongside`: more graphs in the same write (a harvest's removals, removalsOf, and its state),
   * their activities among `changes`. `newIds`: documents the caller knows are not stored (a load
   * into a store that held no document): their graphs are not read before they are written.
   */
  writeChecked(
    graphs: WireGraphs | ReadonlyMap<string, readonly Quad[]>,
    changes: readonly Change[],
    when: Date,
    alongside?: ReadonlyMap<string, readonly Quad[]>,
    newIds?: readonly string[],
  ): Promise<void> {
    // A store that takes no wire graphs (the remote store) gets them decoded: decoded now, while the
    // write before is in the store, not in this write's turn (which is taken now, in call order).
    const decoded = 'codes' in graphs && !capabilitiesOf(this.store).wireGraphs ? decodedInSlices(graphs) : undefined;
    decoded?.catch(() => undefined);
    return this.serialized(async () =>
      this.storeWrite.write(
        decoded ? await decoded : graphs,
        changes.map((c) => c.id),
        changes,
        when,
        alongside,
        newIds,
      ),
    );
  }

  /**
   * In the write turn (inside serialized()): store these graphs with the change feed's activities
   * for `changes`, as every write does, for a write that is none of the above (a merge: its Move).
   * `expected`: the digests the caller read of the documents it writes (undefined: none stored),
   * which a store shared with other processes checks in the write itself.
   */
  writeInTurn(
    graphs: ReadonlyMap<string, readonly Quad[]>,
    changes: readonly Change[],
    when: Date,
    expected?: ReadonlyMap<string, string | undefined>,
  ): Promise<void> {
    const ids = changes.map((c) => c.id);
    return this.storeWrite.write(graphs, ids, changes, when, undefined, undefined, expected);
  }

  /** What removes these stored documents: their graphs emptied, and their Delete activities (naming their classes). */
  async removalsOf(ids: readonly string[]): Promise<{ graphs: Map<string, Quad[]>; changes: Change[] }> {
    const types = await storedClasses(this.store, ids);
    const graphs = new Map<string, Quad[]>();
    for (const id of ids) for (const name of [id, hintGraphOf(id), linksGraphOf(id)]) graphs.set(name, []);
    return { graphs, changes: ids.map((id): Change => ({ kind: 'Delete', id, type: types.get(id) })) };
  }

  /** The stored digests of these documents (absent: not stored, or stored before digests). */
  digests(ids: readonly string[]): Promise<Map<string, string>> {
    return storedDigests(this.store, ids);
  }

  /** Whether any document is stored with a digest (a loader into a store without one need not ask for digests). */
  hasDigests(): Promise<boolean> {
    return anyDigestStored(this.store);
  }

  /** The document as stored, or undefined when there is none. */
  read(id: string): Promise<StoredDocument | undefined> {
    return storedDocumentOf(this.store, id);
  }

  /** In the write turn: the one document a conditional write replaces (replacedVersion.ts), the precondition's if `asked`. */
  private readCurrent(id: string, asked: boolean): Promise<{ current?: StoredDocument; read?: GraphsRead }> {
    return readCurrent(this.store, id, asked, this.keepVersions > 0);
  }

  /**
   * The stored version of a document: its digest and modification stamp, read from its hint
   * graph in one small query; undefined when it is not stored. Every write that changes a
   * document changes both, whichever process made it.
   */
  version(id: string): Promise<string | undefined> {
    return storedVersionOf(this.store, id);
  }

  /** The rendered document with this id, or undefined when there is none. */
  async get(id: string): Promise<RenderedDocument | undefined> {
    const stored = await this.read(id);
    return stored && render(stored);
  }

  /**
   * Store one admitted document, if `precondition` holds for the version stored now (checked
   * in this write's turn, so two conditional writes on one version cannot both succeed).
   */
  putIf(document: IngestedDocument, precondition: Precondition, actor?: Actor): Promise<PutOutcome> {
    return this.serialized(async () => {
      const { current, read } = await this.readCurrent(document.id, true);
      await precondition(current);
      // The version the precondition held for is the one the write must replace.
      const { created, replaced, unchanged, when } = await this.commit(
        [document],
        [],
        digestsOf(document.id, current),
        undefined,
        actor,
        read,
      );
      return { created, replaced, unchanged, ...(when ? { when } : {}) };
    });
  }

  /**
   * Store one document admitted elsewhere (a document worker, see offThread/), given as what
   * storing it takes, if `precondition` holds (as putIf); left alone when its digest is the stored one.
   */
  putChecked(doc: CheckedDocument, precondition?: Precondition, actor?: Actor): Promise<PutOutcome> {
    return this.serialized(async () => {
      const asked = precondition !== undefined;
      const { current, read } = await readCurrent(this.store, doc.id, asked, this.keepVersions > 0, this.copied);
      if (precondition) await precondition(current);
      const stored = precondition ? digestsOf(doc.id, current) : read ? digestsIn(read, [doc.id]) : undefined;
      const before = (stored ?? (await this.digests([doc.id]))).get(doc.id);
      if (before === doc.digest) return { created: [], replaced: [], unchanged: [doc.id] };
      await this.storeWrite.write(
        doc.graphs,
        [doc.id],
        [{ kind: before === undefined ? 'Create' : 'Update', id: doc.id, type: doc.type, ...(actor ? { actor } : {}) }],
        doc.when,
        undefined,
        undefined,
        new Map([[doc.id, before]]),
        read,
      );
      return before === undefined
        ? { created: [doc.id], replaced: [], unchanged: [], when: doc.when }
        : { created: [], replaced: [doc.id], unchanged: [], when: doc.when };
    });
  }

  /** Remove a document; false when there was none. With a precondition, as putIf. */
  delete(id: string, precondition?: Precondition, actor?: Actor): Promise<boolean> {
    return this.serialized(async () => {
      // Nothing to compare nor keep: nothing of the document read (hasGraph says whether it is there).
      const asked = precondition !== undefined;
      const { current, read } = asked || this.keepVersions > 0 ? await this.readCurrent(id, asked) : {};
      if (precondition) await precondition(current);
      const held = read?.names.has(id) ? read.quads.some((q) => q.graph.value === id) : await this.store.hasGraph(id);
      if (!held) return false;
      await this.commit([], [id], precondition ? digestsOf(id, current) : undefined, undefined, actor, read);
      return true;
    });
  }
}
