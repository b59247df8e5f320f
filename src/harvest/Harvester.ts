/**
 * `linkedart harvest`: mirrors another service's change feed into this store, incrementally.
 * The walk (walkBack.ts) gives one change per document, oldest first, from where the last
 * harvest of this feed ended; the changes are applied in batches, in feed order. As a load's
 * batches do (src/load/Loader.ts), they overlap: while one batch is written, the next is
 * checked by the gate (the repairs and the gate a load applies, in check workers when given
 * any) and the one after is fetched, a few documents at a time. Each batch's documents are
 * stored and its deletes applied in ONE atomic write with the harvest state saying the batch's
 * newest activity is harvested, and the writes go in feed order. So after a crash the store
 * holds the documents of every batch up to the state it holds, and the next run resumes right
 * after: nothing is skipped.
 *
 * Nothing fetched is trusted (issue 28): the walk is bounded (walkBack.ts), every answer is read up
 * to a limit, only public addresses are connected to unless allowed (addressGuard.ts), a feed
 * acts only on ids under its own origin (feedOrigins.ts) and never on a document the mirror got
 * from another feed (harvestedFrom.ts), and a stop (SIGTERM, Ctrl-C) abandons the fetches in flight.
 */
import { application } from '../linkedart/Actor.js';
import type { Change as FeedChange } from '../feed/ChangeFeed.js';
import type { DocumentService } from '../service/DocumentService.js';
import { BatchesInFlight } from '../load/batchesInFlight.js';
import { CheckWorkers } from '../load/gate/CheckWorkers.js';
import { inThreadGateFor, type Gate } from '../load/gate/Gate.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../ingest/documentLimits.js';
import type { Quad } from '../rdf/terms.js';
import type { Change, FeedActivity } from './activities.js';
import type { AddressPolicy } from './addressGuard.js';
import { inBatches, writableUpTo } from './batches.js';
import { triageBatch } from './batchTriage.js';
import { FeedOrigins, guardedPages } from './feedOrigins.js';
import { fetchDocument, type Fetched } from './fetchDocument.js';
import { emptyHarvestReport, type HarvestReport } from './HarvestReport.js';
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_PAGE_BYTES, type HarvestOptions } from './HarvestOptions.js';
import { recordVerdict, resumeWords } from './harvestOutcomes.js';
import { harvestedFrom, harvestedFromGraph, harvestedFromGraphOf } from './harvestedFrom.js';
import { harvestStateGraph, readHarvestState, type HarvestState } from './harvestState.js';
import type { RetryOptions } from './httpGet.js';
import { askedAtSource, namesOfMoves, type NamesLookup } from './movedNames.js';
import { movedOrRemoved, movesOf } from './moves.js';
import { namesAtSource } from './namesAtSource.js';
import { mapBounded } from './pool.js';
import { httpFeedSource } from './readFeed.js';
import { walkBack, WalkStopped, type Start, type Walk } from './walkBack.js';

type Fetches = Promise<Fetched[]>;

/** A batch (`part` of one, up to what can be written) on its way to the gate and the store. */
interface Stage {
  readonly feedUrl: string;
  readonly part: readonly Change[];
  readonly fetched: readonly Fetched[];
  readonly report: HarvestReport;
  readonly gate: Gate;
  readonly inFlight: BatchesInFlight;
  /** Batches in flight besides the one being fetched. */
  readonly ahead: number;
  /** Documents sent so far (to a store that started empty, the only ones whose digests are asked for). */
  readonly sent: Set<string>;
  readonly ask: (id: string) => boolean;
}

export class Harvester {
  /** The feed each document of the batches fetched was harvested from, read with the batch: its provenance is written only when new. */
  private readonly knownFrom = new Map<string, string>();

  constructor(
    private readonly documents: DocumentService,
    private readonly options: HarvestOptions = {},
  ) {}

  /** The HTTP options of this harvest's requests, with the addresses allowed and the body limit. */
  private http(signal: AbortSignal | undefined, limit: { bytes: number; flag: string }): RetryOptions {
    const { options } = this;
    const trustedOrigins = new Set((options.allowOrigins ?? []).map((o) => new URL(o).origin));
    const addresses: AddressPolicy = { allowPrivateAddresses: options.allowPrivateAddresses ?? false, trustedOrigins };
    return { ...options.http, signal, addresses, limit };
  }

  async harvest(feedUrl: string): Promise<HarvestReport> {
    const started = performance.now();
    const report = emptyHarvestReport(feedUrl);
    try {
      await this.run(feedUrl, report);
    } finally {
      report.seconds = (performance.now() - started) / 1000;
    }
    return report;
  }

  private async run(feedUrl: string, report: HarvestReport): Promise<void> {
    const { options } = this;
    const state = await readHarvestState(this.documents.store, feedUrl);
    const origins = new FeedOrigins(feedUrl, options.allowOrigins);
    const walk = await this.walkFeed(feedUrl, origins, state, report);
    if (!walk) return;
    Object.assign(report, { pages: walk.pages, activities: walk.read, changes: walk.changes.length });
    report.ignored.push(...walk.ignored);
    options.onProgress?.({ phase: 'documents', done: 0, total: walk.changes.length });

    const batches = inBatches(walk.changes, options.batchSize ?? 100);
    const abandon = new AbortController();
    // A stop abandons the fetches in flight at once (a document that never answers does not hold it up).
    const stop = () => abandon.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', stop, { once: true });
    // Into a store holding no document yet, the only stored digests are of documents this run
    // sent (a Move's target, say): the store is asked for those alone. Asking waits for the
    // writes in flight (the store answers in order), which would idle the checks. Nor is it asked
    // which feed a document came from: none came from another.
    const startedEmpty = !(await this.documents.hasDigests());
    const fetchBatch = (batch: readonly Change[]): Fetches =>
      this.fetchAll(feedUrl, origins, batch, abandon.signal, !startedEmpty);
    let pending: Fetches | undefined = batches.length > 0 ? fetchBatch(batches[0]) : undefined;
    const workers = options.checkWorkers ?? 0;
    const gate = this.gateFor(workers, walk.changes.length);
    // Batches in flight besides the one being fetched: one being written, and one per worker checking.
    const ahead = workers > 0 ? workers + 1 : 1;
    const inFlight = new BatchesInFlight();
    const sent = new Set<string>();
    const ask = (id: string) => !startedEmpty || sent.has(id);
    let done = 0;
    let harvestedUpTo: FeedActivity | undefined;
    try {
      const interrupted = async () => {
        await inFlight.settle();
        report.stopped = `interrupted after ${done} of ${walk.changes.length} documents: the next run resumes ${resumeWords(harvestedUpTo ?? state, options.since)}`;
      };
      for (let b = 0; b < batches.length; b++) {
        let fetched: Fetched[];
        try {
          fetched = await pending!;
        } catch (error) {
          if (!options.signal?.aborted) throw error;
          pending = undefined;
          await interrupted();
          return;
        }
        pending = b + 1 < batches.length && !options.signal?.aborted ? fetchBatch(batches[b + 1]) : undefined;
        const batch = batches[b];
        const { upTo, unavailable } = writableUpTo(batch, fetched);
        if (upTo > 0) {
          const part = batch.slice(0, upTo);
          const step = { feedUrl, part, fetched: fetched.slice(0, upTo), report, gate, inFlight, ahead, sent, ask };
          await this.stage(step, () => {
            harvestedUpTo = part[part.length - 1].activity;
            done += upTo;
            options.onProgress?.({ phase: 'documents', done, total: walk.changes.length });
          });
        }
        if (unavailable >= 0) {
          await inFlight.settle();
          const f = fetched[unavailable] as { message: string };
          report.stopped = `${f.message}; the harvest stopped before ${batch[unavailable].document} and goes on from there next time`;
          return;
        }
        if (options.signal?.aborted && b + 1 < batches.length) {
          await interrupted();
          return;
        }
      }
      await inFlight.settle();
      // The newest activity read may change nothing here (an ignored type): the state still moves past it.
      if (walk.newest && walk.newest !== harvestedUpTo && !this.sameAsState(walk.newest, state))
        await this.moveStatePast(feedUrl, walk.newest);
    } finally {
      options.signal?.removeEventListener('abort', stop);
      abandon.abort();
      // Fetches of a batch not written any more: their outcome no longer matters.
      pending?.catch(() => undefined);
      await inFlight.finish();
      await gate.close();
    }
  }

  /** The feed read back from where the last harvest ended (or `--since`); undefined if the walk stopped (said in the report). */
  private async walkFeed(
    feedUrl: string,
    origins: FeedOrigins,
    state: HarvestState | undefined,
    report: HarvestReport,
  ): Promise<Walk | undefined> {
    const { options } = this;
    let start: Start = 'beginning';
    if (options.since) {
      start = { since: options.since.getTime() };
      report.start = `since ${options.since.toISOString()}`;
    } else if (state) {
      start = { after: state };
      report.start =
        `after ${state.activity ?? `${state.page} item ${state.index}`}${state.endTime ? ` of ${state.endTime}` : ''}, harvested ${state.harvestedAt ?? ''}`.trim();
    }
    const source = guardedPages(
      options.feed ??
        httpFeedSource(
          this.http(options.signal, {
            bytes: options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
            flag: '--max-page-bytes',
          }),
        ),
      origins,
    );
    try {
      return await walkBack(
        source,
        feedUrl,
        start,
        (pages) => {
          report.pages = pages;
          options.onProgress?.({ phase: 'feed', done: pages });
        },
        {
          signal: options.signal,
          maxChanges: options.maxChanges,
          maxPagesWithoutProgress: options.maxPagesWithoutProgress,
        },
      );
    } catch (error) {
      if (options.signal?.aborted) {
        report.stopped = `interrupted while reading the feed (${report.pages} pages read): nothing was applied; the next run starts ${resumeWords(state, options.since)}`;
        return undefined;
      }
      if (error instanceof WalkStopped) {
        report.stopped = error.message;
        report.activities = error.read;
        return undefined;
      }
      throw error;
    }
  }

  private gateFor(workers: number, changes: number): Gate {
    const gateOptions = { repair: this.options.repair ?? 'all', conformance: this.options.conformance } as const;
    return workers > 0 && changes > 0 ? new CheckWorkers(workers, gateOptions) : inThreadGateFor(gateOptions);
  }

  /**
   * Sends a batch's documents through the gate and queues its write (after the batches before
   * it; `written` runs once it is), then waits while too many batches are in flight.
   */
  private async stage(step: Stage, written: () => void): Promise<void> {
    const { part, inFlight } = step;
    const ids = new Set(part.map((c) => c.document));
    // A batch in flight may change one of these documents: what is stored is read after it is written.
    if (inFlight.touches(ids)) await inFlight.settle();
    for (const id of ids) step.sent.add(id);
    const applied = this.apply(step.feedUrl, part, step.fetched, step.report, step.gate, inFlight.queued, step.ask);
    const stored = applied.then(async ({ write }) => {
      await write;
      written();
    });
    // The next batch is written only once this one is: a batch that failed (its check or its
    // write) fails every one after it, so no state is written past it.
    await inFlight.add(ids, stored, stored, step.ahead);
  }

  /** How a Move's old id never held here is looked up at the publisher; none when tests serve the documents. */
  private namesLookup(): NamesLookup | undefined {
    const { options } = this;
    if (options.movedNames) return options.movedNames;
    if (options.fetch) return undefined;
    const http = this.http(options.signal, {
      bytes: options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
      flag: '--max-document-bytes',
    });
    return (id) => namesAtSource(id, http);
  }

  /** Writes the harvest state alone: past an activity that changed nothing here. */
  private async moveStatePast(feedUrl: string, activity: FeedActivity): Promise<void> {
    await this.documents.serialized(() =>
      this.documents.commit([], [], new Map(), new Map([harvestStateGraph(feedUrl, activity, new Date())])),
    );
  }

  private sameAsState(activity: FeedActivity, state: { page: string; index: number } | undefined): boolean {
    return state !== undefined && state.page === activity.page && state.index === activity.index;
  }

  /**
   * The documents of a batch's store changes, fetched a few at a time; removals need no fetch.
   * A change this feed may not make (an id off its origins, a document harvested from another
   * feed) is refused here, before anything is asked of anyone.
   */
  private async fetchAll(
    feedUrl: string,
    origins: FeedOrigins,
    batch: readonly Change[],
    signal: AbortSignal,
    askFrom: boolean,
  ): Fetches {
    const http = this.http(signal, {
      bytes: this.options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
      flag: '--max-document-bytes',
    });
    const fetch = this.options.fetch ?? ((uri: string) => fetchDocument(uri, http));
    const onOrigins = batch.filter((c) => origins.refusal(c.document) === undefined).map((c) => c.document);
    const from = askFrom ? await harvestedFrom(this.documents.store, onOrigins) : new Map<string, string>();
    for (const [id, feed] of from) this.knownFrom.set(id, feed);
    return mapBounded(batch, this.options.concurrency ?? 8, (change): Promise<Fetched> => {
      const offOrigin = origins.refusal(change.document);
      if (offOrigin) return Promise.resolve({ kind: 'refused', message: offOrigin });
      const other = from.get(change.document);
      if (other !== undefined && other !== feedUrl) {
        return Promise.resolve({
          kind: 'refused',
          message: `harvested from another feed, ${other}: this feed may not ${change.effect === 'store' ? 'replace' : 'remove'} it (not fetched, not changed)`,
        });
      }
      return change.effect === 'store' ? fetch(change.document) : Promise.resolve({ kind: 'missing', status: 0 });
    });
  }

  /**
   * One batch: what is stored of its documents read, its documents through the gate, then, once
   * the batches before it are written (`before`; it fails if they did), its outcomes reported and ONE atomic write queued: the
   * documents that passed, the removals of documents held, and the harvest state.
   */
  private async apply(
    feedUrl: string,
    batch: readonly Change[],
    fetched: readonly Fetched[],
    report: HarvestReport,
    gate: Gate,
    before: Promise<unknown>,
    ask: (id: string) => boolean,
  ): Promise<{ write: Promise<void> }> {
    const gateBatch = gate.batch();
    const removeIds = batch
      .filter((c, i) => c.effect === 'remove' && fetched[i].kind !== 'refused')
      .map((c) => c.document);
    // The changes whose documents go to the gate, in order; the others' outcomes are known now.
    const { checked, outcomes } = triageBatch(feedUrl, batch, fetched, report, gateBatch, {
      repair: this.options.repair ?? 'all',
      documentLimits: this.options.documentLimits ?? DEFAULT_DOCUMENT_LIMITS,
    });
    const asked = [...checked.map((c) => c.document).filter(ask), ...removeIds];
    const stored = asked.length === 0 ? new Map<string, string>() : await this.documents.digests(asked);
    const removals: string[] = [];
    const neverHeld: string[] = [];
    let absent = 0;
    const movedTo = movesOf(batch);
    for (const id of removeIds) {
      if (stored.has(id) || (await this.documents.store.hasGraph(id))) removals.push(id);
      // Merged away before this copy held it: merged here too (it answers 308, as at the source), once.
      else if (movedTo.has(id) && (await this.documents.feed.mergedInto(id)) !== movedTo.get(id)) {
        removals.push(id);
        neverHeld.push(id);
      } else absent++;
    }
    // What such an id was found by is asked of the publisher while the batch is checked.
    const atSource = askedAtSource(neverHeld, this.namesLookup());
    const removed = await this.documents.removalsOf(removals);
    const stampedAt = new Date();
    const result = await gateBatch.check(
      checked.map((c) => stored.get(c.document)),
      stampedAt,
      true,
    );
    await before;
    for (const outcome of outcomes) outcome();
    const names = await namesOfMoves(this.documents, batch, new Set(removals), atSource, report);
    const changes: FeedChange[] = [];
    const actor = application(`harvest ${feedUrl}`);
    const alongside = new Map<string, readonly Quad[]>(removed.graphs);
    result.verdicts.forEach((verdict, i) => {
      const change = checked[i];
      const stores = recordVerdict(report, feedUrl, change, verdict);
      if (verdict.kind === 'pass' && stores)
        changes.push({ kind: verdict.replaced ? 'Update' : 'Create', id: verdict.id, type: verdict.type, actor });
      // Which feed it came from, with the document (an unchanged one harvested before this was kept, too).
      if (
        (verdict.kind === 'pass' && stores) ||
        (verdict.kind === 'unchanged' && ask(change.document) && this.knownFrom.get(change.document) !== feedUrl)
      ) {
        alongside.set(...harvestedFromGraph(change.document, feedUrl));
      }
    });
    for (const change of batch) this.knownFrom.delete(change.document);
    for (const id of removals) alongside.set(harvestedFromGraphOf(id), []);
    report.deleteAbsent += absent;
    changes.push(...movedOrRemoved(removed.changes, batch, names).map((c) => ({ ...c, actor })));
    alongside.set(...harvestStateGraph(feedUrl, batch[batch.length - 1].activity, stampedAt));
    const write = this.documents.writeChecked(result.graphs, changes, stampedAt, alongside).then(() => {
      for (const c of changes) {
        if (c.kind === 'Create') report.created++;
        else if (c.kind === 'Update') report.replaced++;
        else report.deleted++;
      }
    });
    return { write };
  }
}
