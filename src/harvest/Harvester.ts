/**
 * `linkedart harvest`: mirrors another service's change feed into this store, incrementally.
 * The walk (walkBack.ts) gives one change per document, oldest first, from where the last
 * harvest of this feed ended; the changes are applied in batches, in feed order: each batch's
 * documents fetched a few at a time (the next batch's while this one is written), each through
 * the gate, then stored and removed in ONE atomic write with the harvest state saying the
 * batch's newest activity is harvested. So after a crash the store holds the documents of every
 * batch up to the state it holds, and the next run resumes right after: nothing is skipped.
 */
import type { DocumentService } from '../service/DocumentService.js';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { problemMessages, recordRepairs } from '../load/LoadReport.js';
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { Change, FeedActivity } from './activities.js';
import { fetchDocument, type Fetched } from './fetchDocument.js';
import { emptyHarvestReport, type HarvestReport } from './HarvestReport.js';
import { harvestStateGraph, readHarvestState } from './harvestState.js';
import type { RetryOptions } from './httpGet.js';
import { mapBounded } from './pool.js';
import { httpFeedSource, type FeedSource } from './readFeed.js';
import { walkBack, type Start } from './walkBack.js';

export interface HarvestProgress {
  readonly phase: 'feed' | 'documents';
  /** Pages read (feed), or changes applied (documents). */
  readonly done: number;
  /** Changes to apply, once the feed is read. */
  readonly total?: number;
}

export interface HarvestOptions {
  /** Start from this time, not from where the last harvest of the feed ended. */
  readonly since?: Date;
  /** Documents fetched at once (default 8). */
  readonly concurrency?: number;
  /** Changes per atomic write (default 100). */
  readonly batchSize?: number;
  readonly http?: RetryOptions;
  /** The repairs a load makes, before the gate: 'all' (default, as a load) or 'none'. */
  readonly repair?: RepairPolicy;
  /** Where the feed is read from (default: over HTTP with `http`). */
  readonly feed?: FeedSource;
  /** Fetches a document (default: over HTTP with `http`, through the gate). */
  readonly fetch?: (uri: string) => Promise<Fetched>;
  readonly onProgress?: (progress: HarvestProgress) => void;
  /** Stops between batches (the batch being written is finished). */
  readonly signal?: AbortSignal;
}

type Fetches = Promise<Fetched[]>;

export class Harvester {
  constructor(private readonly documents: DocumentService, private readonly options: HarvestOptions = {}) {}

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
    let start: Start = 'beginning';
    if (options.since) {
      start = { since: options.since.getTime() };
      report.start = `since ${options.since.toISOString()}`;
    } else if (state) {
      start = { after: state };
      report.start = `after ${state.activity ?? `${state.page} item ${state.index}`}${state.endTime ? ` of ${state.endTime}` : ''}, harvested ${state.harvestedAt ?? ''}`.trim();
    }
    const source = options.feed ?? httpFeedSource(options.http);
    const walk = await walkBack(source, feedUrl, start, (pages) => options.onProgress?.({ phase: 'feed', done: pages }));
    Object.assign(report, { pages: walk.pages, activities: walk.read, changes: walk.changes.length });
    report.ignored.push(...walk.ignored);
    options.onProgress?.({ phase: 'documents', done: 0, total: walk.changes.length });

    const batches = inBatches(walk.changes, options.batchSize ?? 100);
    const abandon = new AbortController();
    const fetchBatch = (batch: readonly Change[]): Fetches => this.fetchAll(batch, abandon.signal);
    let pending: Fetches | undefined = batches.length > 0 ? fetchBatch(batches[0]!) : undefined;
    let done = 0;
    let harvestedUpTo: FeedActivity | undefined;
    try {
      for (let b = 0; b < batches.length; b++) {
        const fetched = await pending!;
        pending = b + 1 < batches.length && !options.signal?.aborted ? fetchBatch(batches[b + 1]!) : undefined;
        const batch = batches[b]!;
        // A document the publisher keeps failing to give: the batch is written up to it, and the harvest stops there.
        const unavailable = fetched.findIndex((f) => f.kind === 'unavailable');
        let upTo = unavailable < 0 ? batch.length : unavailable;
        // A Move's removal is not written without its store: the state would pass the Move.
        while (upTo > 0 && upTo < batch.length && batch[upTo - 1]!.activity === batch[upTo]!.activity) upTo--;
        if (upTo > 0) {
          await this.apply(feedUrl, batch.slice(0, upTo), fetched.slice(0, upTo), report);
          harvestedUpTo = batch[upTo - 1]!.activity;
        }
        done += upTo;
        options.onProgress?.({ phase: 'documents', done, total: walk.changes.length });
        if (unavailable >= 0) {
          const f = fetched[unavailable] as { message: string };
          report.stopped = `${f.message}; the harvest stopped before ${batch[unavailable]!.document} and goes on from there next time`;
          return;
        }
        if (options.signal?.aborted && b + 1 < batches.length) {
          report.stopped = `interrupted after ${done} of ${walk.changes.length} documents; the next run goes on from there`;
          return;
        }
      }
      // The newest activity read may change nothing here (an ignored type): the state still moves past it.
      if (walk.newest && walk.newest !== harvestedUpTo && !this.sameAsState(walk.newest, state)) {
        await this.documents.serialized(() => this.documents.commit([], [], new Map(), new Map([harvestStateGraph(feedUrl, walk.newest!, new Date())])));
      }
    } finally {
      abandon.abort();
      // Fetches of a batch not written any more: their outcome no longer matters.
      pending?.catch(() => undefined);
    }
  }

  private sameAsState(activity: FeedActivity, state: { page: string; index: number } | undefined): boolean {
    return state !== undefined && state.page === activity.page && state.index === activity.index;
  }

  /** The documents of a batch's store changes, fetched a few at a time; removals need no fetch. */
  private fetchAll(batch: readonly Change[], signal: AbortSignal): Fetches {
    const fetch = this.options.fetch ?? ((uri: string) => fetchDocument(uri, { ...this.options.http, signal }, this.options.repair ?? 'all'));
    return mapBounded(batch, this.options.concurrency ?? 8, (change): Promise<Fetched> =>
      change.effect === 'store' ? fetch(change.document) : Promise.resolve({ kind: 'missing', status: 0 }));
  }

  /** One atomic write: the batch's admitted documents, its removals of documents held, and the harvest state. */
  private async apply(feedUrl: string, batch: readonly Change[], fetched: readonly Fetched[], report: HarvestReport): Promise<void> {
    const admitted: IngestedDocument[] = [];
    const removals: string[] = [];
    const removeIds = batch.filter((c) => c.effect === 'remove').map((c) => c.document);
    batch.forEach((change, i) => {
      if (change.effect === 'remove') return;
      const f = fetched[i]!;
      const where = `${change.activity.type} ${change.activity.endTime ?? ''}`.trim();
      if ((f.kind === 'admitted' || f.kind === 'rejected') && f.repairs.length > 0) {
        recordRepairs(report, { source: feedUrl, location: where, id: change.document, messages: f.repairs });
      }
      switch (f.kind) {
        case 'admitted':
          admitted.push(f.document);
          report.warnings += f.document.warnings.length;
          break;
        case 'rejected':
          report.rejected++;
          report.rejections.push({ source: feedUrl, location: where, id: change.document, messages: problemMessages(f.problems), problems: f.problems });
          break;
        case 'missing':
          report.missing++;
          report.failures.push({ source: feedUrl, location: 'missing', id: change.document, messages: [`answered ${f.status} although its newest activity is ${where}: skipped`] });
          break;
        case 'unusable':
          report.unusable++;
          report.failures.push({ source: feedUrl, location: 'unusable', id: change.document, messages: [f.message] });
          break;
        case 'unavailable':
          throw new Error(`internal: an unavailable document in a batch to write (${change.document})`);
      }
    });
    const stateGraph = harvestStateGraph(feedUrl, batch[batch.length - 1]!.activity, new Date());
    await this.documents.serialized(async () => {
      const digests = await this.documents.digests([...admitted.map((d) => d.id), ...removeIds]);
      for (const id of removeIds) {
        if (digests.has(id) || (await this.documents.store.hasGraph(id))) removals.push(id);
        else report.deleteAbsent++;
      }
      const outcome = await this.documents.commit(admitted, removals, digests, new Map([stateGraph]));
      report.created += outcome.created.length;
      report.replaced += outcome.replaced.length;
      report.unchanged += outcome.unchanged.length;
      report.deleted += outcome.deleted.length;
    });
  }
}

/** Changes in batches of about `size`, the changes of one activity (a Move's two) never split. */
export function inBatches(changes: readonly Change[], size: number): Change[][] {
  const batches: Change[][] = [];
  let batch: Change[] = [];
  for (const change of changes) {
    if (batch.length >= size && batch[batch.length - 1]!.activity !== change.activity) { batches.push(batch); batch = []; }
    batch.push(change);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
