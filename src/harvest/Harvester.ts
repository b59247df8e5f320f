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
import type { Change as FeedChange } from '../feed/ChangeFeed.js';
import type { DocumentService } from '../service/DocumentService.js';
import { problemMessages, recordRepairs } from '../load/LoadReport.js';
import { CheckWorkers } from '../load/gate/CheckWorkers.js';
import { inThreadGateFor, type Gate } from '../load/gate/Gate.js';
import type { GateVerdict } from '../load/gate/checkBatch.js';
import { repairedId, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import { ruleOfLine } from '../linkedart/Problem.js';
import type { Quad } from '../rdf/terms.js';
import type { Change, FeedActivity } from './activities.js';
import type { AddressPolicy } from './addressGuard.js';
import { FeedError } from './feedJson.js';
import { FeedOrigins } from './feedOrigins.js';
import { fetchDocument, type Fetched } from './fetchDocument.js';
import { emptyHarvestReport, type HarvestReport } from './HarvestReport.js';
import { harvestedFrom, harvestedFromGraph, harvestedFromGraphOf } from './harvestedFrom.js';
import { harvestStateGraph, readHarvestState, type HarvestState } from './harvestState.js';
import type { RetryOptions } from './httpGet.js';
import { mapBounded } from './pool.js';
import { httpFeedSource, type FeedSource } from './readFeed.js';
import { walkBack, WalkStopped, type Start } from './walkBack.js';
import {
  DEFAULT_DOCUMENT_LIMITS,
  documentLimitsExceeded,
  limitProblem,
  type DocumentLimits,
} from '../ingest/documentLimits.js';

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
  /** Worker threads that check the documents (as a load's --check-workers); 0 (the default): checked in this thread. */
  readonly checkWorkers?: number;
  readonly http?: RetryOptions;
  /** The repairs a load makes, before the gate: 'all' (default, as a load) or 'none'. */
  readonly repair?: RepairPolicy;
  /** 'strict' (default) or 'report': a document whose only Violations are the shapes' is stored with them (validate/conformance.ts). */
  readonly conformance?: ConformancePolicy;
  /** Where the feed is read from (default: over HTTP with `http`). */
  readonly feed?: FeedSource;
  /** Fetches a document (default: over HTTP with `http`). */
  readonly fetch?: (uri: string) => Promise<Fetched>;
  readonly onProgress?: (progress: HarvestProgress) => void;
  /** Stops the harvest: the walk, the fetches in flight (abandoned); the batches being checked and written are finished. */
  readonly signal?: AbortSignal;
  /** The limits on one document (default: DEFAULT_DOCUMENT_LIMITS): a document past them is refused before the gate, and the harvest goes on. */
  readonly documentLimits?: DocumentLimits;
  /** Origins besides the feed's own whose ids the feed may act on (--allow-origin); their addresses are allowed whatever they are. */
  readonly allowOrigins?: readonly string[];
  /** Connect to loopback, private and link-local addresses too (--allow-private-addresses). */
  readonly allowPrivateAddresses?: boolean;
  /** The most bytes read of a document (default 16 MiB) and of the feed's collection or a page (default 32 MiB). */
  readonly maxDocumentBytes?: number;
  readonly maxPageBytes?: number;
  /** Bounds of the walk (walkBack.ts); default none. */
  readonly maxPagesWithoutProgress?: number;
  readonly maxChanges?: number;
}

export const DEFAULT_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_PAGE_BYTES = 32 * 1024 * 1024;

type Fetches = Promise<Fetched[]>;

/** A batch checked or being written: its documents' ids (a later batch naming one waits for it), settled once written. */
interface InFlight {
  readonly ids: ReadonlySet<string>;
  readonly done: Promise<void>;
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
    let start: Start = 'beginning';
    if (options.since) {
      start = { since: options.since.getTime() };
      report.start = `since ${options.since.toISOString()}`;
    } else if (state) {
      start = { after: state };
      report.start =
        `after ${state.activity ?? `${state.page} item ${state.index}`}${state.endTime ? ` of ${state.endTime}` : ''}, harvested ${state.harvestedAt ?? ''}`.trim();
    }
    const origins = new FeedOrigins(feedUrl, options.allowOrigins);
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
    let walk;
    try {
      walk = await walkBack(
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
        return;
      }
      if (error instanceof WalkStopped) {
        report.stopped = error.message;
        report.activities = error.read;
        return;
      }
      throw error;
    }
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
    const gateOptions = { repair: options.repair ?? 'all', conformance: options.conformance } as const;
    const gate: Gate =
      workers > 0 && walk.changes.length > 0 ? new CheckWorkers(workers, gateOptions) : inThreadGateFor(gateOptions);
    // Batches in flight besides the one being fetched: one being written, and one per worker checking.
    const ahead = workers > 0 ? workers + 1 : 1;
    const inFlight: InFlight[] = [];
    const sent = new Set<string>();
    const settle = async (keep: number): Promise<void> => {
      while (inFlight.length > keep) await inFlight.shift()!.done;
    };
    // Verdicts are reported, and writes queued, in feed order whatever order the gate answers in:
    // each batch's after the batch before it is written.
    let queued: Promise<unknown> = Promise.resolve();
    let done = 0;
    let harvestedUpTo: FeedActivity | undefined;
    try {
      const interrupted = async () => {
        await settle(0);
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
        // A document the publisher keeps failing to give: the batch is written up to it, and the harvest stops there.
        const unavailable = fetched.findIndex((f) => f.kind === 'unavailable');
        let upTo = unavailable < 0 ? batch.length : unavailable;
        // A Move's removal is not written without its store: the state would pass the Move.
        while (upTo > 0 && upTo < batch.length && batch[upTo - 1].activity === batch[upTo].activity) upTo--;
        if (upTo > 0) {
          const part = batch.slice(0, upTo);
          const ids = new Set(part.map((c) => c.document));
          // A batch in flight may change one of these documents: what is stored is read after it is written.
          if (inFlight.some((w) => part.some((c) => w.ids.has(c.document)))) await settle(0);
          const ask = (id: string) => !startedEmpty || sent.has(id);
          for (const id of ids) sent.add(id);
          const step = this.apply(feedUrl, part, fetched.slice(0, upTo), report, gate, queued, ask);
          const written = step.then(async ({ write }) => {
            await write;
            harvestedUpTo = part[part.length - 1].activity;
            done += upTo;
            options.onProgress?.({ phase: 'documents', done, total: walk.changes.length });
          });
          // The next batch is written only once this one is: a batch that failed (its check or its
          // write) fails every one after it, so no state is written past it.
          queued = written;
          // Reported where it is awaited (settle), not as unhandled meanwhile.
          written.catch(() => undefined);
          inFlight.push({ ids, done: written });
          await settle(ahead);
        }
        if (unavailable >= 0) {
          await settle(0);
          const f = fetched[unavailable] as { message: string };
          report.stopped = `${f.message}; the harvest stopped before ${batch[unavailable].document} and goes on from there next time`;
          return;
        }
        if (options.signal?.aborted && b + 1 < batches.length) {
          await interrupted();
          return;
        }
      }
      await settle(0);
      // The newest activity read may change nothing here (an ignored type): the state still moves past it.
      if (walk.newest && walk.newest !== harvestedUpTo && !this.sameAsState(walk.newest, state)) {
        await this.documents.serialized(() =>
          this.documents.commit([], [], new Map(), new Map([harvestStateGraph(feedUrl, walk.newest!, new Date())])),
        );
      }
    } finally {
      options.signal?.removeEventListener('abort', stop);
      abandon.abort();
      // Fetches of a batch not written any more: their outcome no longer matters.
      pending?.catch(() => undefined);
      await Promise.allSettled(inFlight.map((w) => w.done));
      await gate.close();
    }
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
    const repair = this.options.repair ?? 'all';
    const gateBatch = gate.batch();
    // The changes whose documents go to the gate, in order; the others' outcomes are known now.
    const checked: Change[] = [];
    const outcomes: Array<() => void> = [];
    const removeIds = batch
      .filter((c, i) => c.effect === 'remove' && fetched[i].kind !== 'refused')
      .map((c) => c.document);
    batch.forEach((change, i) => {
      const f = fetched[i];
      if (f.kind === 'refused') {
        outcomes.push(() => refused(report, feedUrl, change, f.message));
        return;
      }
      if (change.effect === 'remove') return;
      const where = whereOf(change);
      switch (f.kind) {
        case 'document': {
          // Past a limit on one document: refused before anything walks it (the repairs, the
          // gate and a check worker's message all recurse, and would overflow on deep nesting).
          const exceeded = documentLimitsExceeded(
            f.json,
            f.bytes ?? 0,
            this.options.documentLimits ?? DEFAULT_DOCUMENT_LIMITS,
          );
          if (exceeded) {
            const problems = [limitProblem(exceeded, change.document)];
            outcomes.push(() => {
              report.rejected++;
              report.rejections.push({
                source: feedUrl,
                location: where,
                id: change.document,
                messages: problemMessages(problems),
                problems,
              });
            });
            break;
          }
          // The document must be the one the feed named: a harvested copy keeps the publisher's
          // ids, and a delete in the feed must find it under the same id.
          const id = jsonId(f.json);
          const taken = id === undefined || repair === 'none' ? id : repairedId(id, { base: change.document });
          if (taken !== undefined && taken !== change.document) {
            outcomes.push(() =>
              unusable(
                report,
                feedUrl,
                change.document,
                `the document there has the id ${taken}, not ${change.document} as the feed says: not stored (its copy could never be updated or deleted by the feed)`,
              ),
            );
            break;
          }
          checked.push(change);
          gateBatch.add({ kind: 'json', location: '', json: f.json, base: change.document }, change.document);
          break;
        }
        case 'missing':
          outcomes.push(() => {
            report.missing++;
            report.failures.push({
              source: feedUrl,
              location: 'missing',
              id: change.document,
              messages: [`answered ${f.status} although its newest activity is ${where}: skipped`],
            });
          });
          break;
        case 'unusable':
          outcomes.push(() => unusable(report, feedUrl, change.document, f.message));
          break;
        case 'unavailable':
          throw new Error(`internal: an unavailable document in a batch to write (${change.document})`);
        default:
          break;
      }
    });
    const asked = [...checked.map((c) => c.document).filter(ask), ...removeIds];
    const stored = asked.length === 0 ? new Map<string, string>() : await this.documents.digests(asked);
    const removals: string[] = [];
    let absent = 0;
    for (const id of removeIds) {
      if (stored.has(id) || (await this.documents.store.hasGraph(id))) removals.push(id);
      else absent++;
    }
    const removed = await this.documents.removalsOf(removals);
    const stampedAt = new Date();
    const result = await gateBatch.check(
      checked.map((c) => stored.get(c.document)),
      stampedAt,
      true,
    );
    await before;
    for (const outcome of outcomes) outcome();
    const changes: FeedChange[] = [];
    const alongside = new Map<string, readonly Quad[]>(removed.graphs);
    result.verdicts.forEach((verdict, i) => {
      const change = checked[i];
      const stores = this.report(feedUrl, change, verdict, report);
      if (verdict.kind === 'pass' && stores)
        changes.push({ kind: verdict.replaced ? 'Update' : 'Create', id: verdict.id, type: verdict.type });
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
    changes.push(...removed.changes);
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

  /** A gate's verdict on a harvested document into the report; whether it is to be stored. */
  private report(feedUrl: string, change: Change, verdict: GateVerdict, report: HarvestReport): boolean {
    const where = whereOf(change);
    if (verdict.kind !== 'unchanged')
      recordRepairs(report, { source: feedUrl, location: where, id: change.document, messages: verdict.repairs });
    switch (verdict.kind) {
      case 'unchanged':
        report.unchanged++;
        return false;
      case 'rejected':
        report.rejected++;
        report.rejections.push({
          source: feedUrl,
          location: where,
          id: change.document,
          messages: problemMessages(verdict.problems),
          problems: verdict.problems,
        });
        return false;
      case 'pass':
        // The id was held against the feed's before the gate: one the gate takes otherwise is a fault here.
        if (verdict.id !== change.document)
          throw new Error(`internal: the gate took ${change.document} as ${verdict.id}`);
        report.warnings += verdict.warnings.length;
        if (verdict.violations) {
          report.violated++;
          for (const rule of new Set(verdict.violations.map((m) => ruleOfLine(m) ?? 'other')))
            report.violationsByRule[rule] = (report.violationsByRule[rule] ?? 0) + 1;
        }
        return true;
    }
  }
}

function whereOf(change: Change): string {
  return `${change.activity.type} ${change.activity.endTime ?? ''}`.trim();
}

function refused(report: HarvestReport, feedUrl: string, change: Change, message: string): void {
  report.refused++;
  report.failures.push({
    source: feedUrl,
    location: 'refused',
    id: change.document,
    messages: [`${whereOf(change)}: ${message}`],
  });
}

/** Where a rerun starts, in words: after the last activity harvested, from a time, or from the beginning. */
function resumeWords(after: FeedActivity | HarvestState | undefined, since: Date | undefined): string {
  if (after) {
    const id = 'type' in after ? after.id : after.activity;
    return `after ${id ?? `${after.page} item ${after.index}`}${after.endTime ? ` of ${after.endTime}` : ''}`;
  }
  return since ? `from ${since.toISOString()} (--since)` : 'from the beginning of the feed';
}

/** The feed's pages are read only on its origins: a `prev` elsewhere stops the walk, named. */
function guardedPages(source: FeedSource, origins: FeedOrigins): FeedSource {
  return {
    collection: (url) => source.collection(url),
    page: (url) => {
      if (!origins.has(url))
        throw new FeedError(
          `the feed's page ${url} is not on the feed's origin: not read (allow its origin with --allow-origin)`,
        );
      return source.page(url);
    },
  };
}

function unusable(report: HarvestReport, feedUrl: string, id: string, message: string): void {
  report.unusable++;
  report.failures.push({ source: feedUrl, location: 'unusable', id, messages: [message] });
}

/** A JSON document's id as ingest takes it, when it is a string (else the gate refuses the document). */
function jsonId(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  return typeof id === 'string' ? id : undefined;
}

/** Changes in batches of about `size`, the changes of one activity (a Move's two) never split. */
export function inBatches(changes: readonly Change[], size: number): Change[][] {
  const batches: Change[][] = [];
  let batch: Change[] = [];
  for (const change of changes) {
    if (batch.length >= size && batch[batch.length - 1].activity !== change.activity) {
      batches.push(batch);
      batch = [];
    }
    batch.push(change);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
