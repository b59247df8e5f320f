/**
 * The load pipeline: inputs → records (by format) → the write gate → batches → the store.
 *
 * Each batch is one atomic, durable write, so an interrupted load (Ctrl-C, kill -9) leaves
 * every document wholly old or wholly new; running it again stores only what differs (the
 * store's digests say which documents are unchanged, and those are not even checked again:
 * the digest covers the shapes' version). While one batch is being written in the store's
 * worker, the next is checked (in check workers, when the load is given any: src/load/gate)
 * and the one after is read here.
 *
 * The same id twice: the last copy is the one loaded, decided before anything is written (a
 * first pass reads the ids alone, lastCopies.ts); the earlier copies are left out and reported
 * as superseded. So a reload of an unchanged folder writes nothing.
 *
 * `strict`: a first pass checks everything and stores nothing; only if nothing was refused
 * does the second pass store. `dryRun`: the first pass alone. Both read the stored versions,
 * to say which documents are new, replaced or unchanged as the load would find them.
 */
import type { Change } from '../feed/ChangeFeed.js';
import type { DocumentService } from '../service/DocumentService.js';
import type { DocumentRecord, GateVerdict } from './gate/checkBatch.js';
import { CheckWorkers } from './gate/CheckWorkers.js';
import { inThreadGateFor, type Gate, type GateBatch } from './gate/Gate.js';
import { spoolInputs, type LoadInput, type SpooledInputs } from './inputs.js';
import { duplicateIdLine } from './duplicateId.js';
import {
  emptyReport,
  hasFailures,
  type LoadReport,
  problemMessages,
  recordRepairs,
  recordViolated,
  recordWarned,
} from './LoadReport.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import { LastCopies, recordId } from './lastCopies.js';
import { SupersededCopies } from './superseded.js';
import { storedVersions, type StoredVersion } from '../service/storedVersions.js';
import type { Problem } from '../linkedart/Problem.js';
import type { GateOptions } from './gate/checkBatch.js';
import type { RejectedRecord } from './rejectsFile.js';
import { leftoverSample, readRecords } from './readRecords.js';
import { StoreFull } from '../store/StoreFull.js';
import { SeenIds } from './seenIds.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { strictText } from '../ingest/Utf8TextStream.js';

export interface LoadProgress {
  readonly documents: number;
  readonly bytes: number;
  /** Sum of the sizes of the inputs, when all are known. */
  readonly totalBytes: number | undefined;
}

export interface LoadOptions {
  readonly strict?: boolean;
  readonly dryRun?: boolean;
  /** Only subjects under it are documents when splitting triples; relative ids resolve against it (repair `relative-id`). */
  readonly baseUrl?: string;
  /** Repairs before the gate (src/ingest/repairs): 'all' (the default) or 'none'. */
  readonly repair?: RepairPolicy;
  /** 'strict' (the default) refuses a document with a Violation; 'report' stores one whose only Violations are the shapes', with them (validate/conformance.ts). */
  readonly conformance?: ConformancePolicy;
  /** What the source is known to do differently, for the repairs (`--date-order`); none by default. */
  readonly conventions?: SourceConventions;
  /** Documents per atomic write (default 500). */
  readonly batchSize?: number;
  readonly onProgress?: (progress: LoadProgress) => void;
  /** After each batch is stored (or, in a dry run, checked): the report so far, every count in it durable. */
  readonly onStored?: (report: Readonly<LoadReport>) => void;
  /** Checked between records: when it says stop, the load ends after the write in flight. */
  readonly signal?: AbortSignal;
  /**
   * Worker threads that check batches (render, ingest, shapes, digest) while this thread reads
   * on; 0 (the default): checked in this thread. Started at the first full batch.
   */
  readonly checkWorkers?: number;
  /**
   * This thread also answers readers (the server's /_bulk): the workers check every batch, the
   * first included, so no check holds the thread.
   */
  readonly keepThreadFree?: boolean;
  /** Documents warned about listed in the report (default: all); past them warnings are only counted, by rule. */
  readonly warningsListed?: number;
  /** Each refused record, with where it was and why, as its verdict comes (`--rejects FILE`). */
  readonly onRejected?: (rejected: RejectedRecord) => void;
  /** The limits on one document (default: DEFAULT_DOCUMENT_LIMITS); a document past them is refused as it is read. */
  readonly documentLimits?: DocumentLimits;
  /**
   * The inputs are read once, as they come, and nothing is kept in a file first (a server's
   * /_bulk, which acknowledges batches as it stores them): there is no first pass over the ids,
   * so a later copy of an id replaces an earlier one already stored, and its warning says so.
   */
  readonly readOnce?: boolean;
}

/**
 * A stored digest whose document has no Warnings kept beside it (stored before they were):
 * prefixed so that no digest equals it, the document is checked again (its warnings found) and
 * stored with them, once, as after a change of the shapes.
 */
const WARNINGS_NOT_KEPT = 'warnings-not-kept:';

/** Inputs of this many bytes or more (about 1,500 documents of N-Quads): check workers start with the load. */
const EARLY_WORKERS_BYTES = 4 * 1024 * 1024;

/** Leftover triples shown in a report, at most. */
const LEFTOVER_SAMPLE = 5;

export class Loader {
  constructor(
    private readonly documents: DocumentService | undefined,
    private readonly options: LoadOptions = {},
  ) {}

  async load(given: readonly LoadInput[]): Promise<LoadReport> {
    let spooled: SpooledInputs | undefined;
    let inputs = given;
    const idsFirst = !this.options.readOnce && LastCopies.needed(given);
    if ((idsFirst || (this.options.strict && !this.options.dryRun)) && given.some((i) => !i.reopenable)) {
      // Read twice (the ids first, or strict's two passes): a stream (standard input) is kept in a file first.
      spooled = await spoolInputs(given);
      inputs = spooled.inputs;
    }
    const gates = new Gates(this.options.checkWorkers ?? 0, {
      repair: this.options.repair ?? 'all',
      base: this.options.baseUrl,
      conventions: this.options.conventions,
      conformance: this.options.conformance,
    });
    try {
      const lastCopies = idsFirst ? await LastCopies.read(inputs, this.options) : undefined;
      return await this.checkedLoad(inputs, gates, lastCopies);
    } finally {
      await gates.close();
      await spooled?.remove();
    }
  }

  private async checkedLoad(
    inputs: readonly LoadInput[],
    gates: Gates,
    lastCopies: LastCopies | undefined,
  ): Promise<LoadReport> {
    if (this.options.strict && !this.options.dryRun) {
      const check = await this.pass(inputs, true, gates, lastCopies);
      if (hasFailures(check)) {
        check.aborted ??= `--strict: ${check.rejected} documents rejected${check.unreadable.length ? `, ${check.unreadable.length} unreadable parts` : ''}${check.leftovers.length ? ', triples left over' : ''}; nothing was stored`;
        return check;
      }
    }
    return this.pass(inputs, this.options.dryRun === true || this.documents === undefined, gates, lastCopies);
  }

  /** `lastCopies`: which copy of each id counts (none: the inputs are read once, readOnce). */
  private async pass(
    inputs: readonly LoadInput[],
    dryRun: boolean,
    gates: Gates,
    lastCopies: LastCopies | undefined,
  ): Promise<LoadReport> {
    const started = performance.now();
    const report = emptyReport(dryRun);
    const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((n, i) => n + i.size!, 0) : undefined;
    let bytes = 0;
    const batchSize = this.options.batchSize ?? 500;
    // What is stored is read by every pass (a check too says new, replaced or unchanged); written by a storing pass alone.
    const reading = this.documents;
    const documents = dryRun ? undefined : this.documents;
    const superseded = new SupersededCopies();
    // Read once (readOnce): the ids seen, and those whose last copy so far was refused, so a later copy's warning says which copy is kept.
    const seen = new SeenIds();
    const refusedIds = new Set<string>();
    let read = 0;
    const counted = new Set<string>(); // a check: ids counted as they would be stored
    let batch: Pending[] = [];
    // Inputs known to be large: the workers start now, compiling the context and the shapes
    // while this thread reads the first batch, which they check too.
    if (this.options.keepThreadFree || (totalBytes !== undefined && totalBytes >= EARLY_WORKERS_BYTES)) gates.started();
    let gateBatch = gates.batch();
    // Batches sent to the gate and not yet stored, in order. While the store applies one and
    // the gate checks the next, this thread reads on; `inFlight` bounds how far ahead.
    const inFlight: Array<{ done: Promise<void>; ids: ReadonlySet<string> }> = [];
    const settle = async (keep: number): Promise<void> => {
      while (inFlight.length > keep) await inFlight.shift()!.done;
    };
    // Verdicts are reported, and writes queued, in batch order whatever order the gate answers in.
    let queued: Promise<unknown> = Promise.resolve();
    // Into a store holding no document yet, the only stored digests are of documents this pass
    // sent: the store is asked for those alone (an id that comes again), not for every batch.
    // Asking waits for the writes in flight (the store answers in order), which idles the checks.
    const startedEmpty = reading !== undefined && !(await reading.hasDigests());
    const sent = new Set<string>();

    // A batch: the stored digests of its ids, then the gate (documents stored unchanged under
    // the same shapes are left alone), then one atomic write of what passed.
    const flush = async (full: boolean): Promise<void> => {
      const pending = batch;
      const filled = gateBatch;
      batch = [];
      if (full) gates.started();
      gateBatch = gates.batch();
      if (pending.length === 0) return;
      const ids = new Set(pending.flatMap((p) => (p.id === undefined ? [] : [p.id])));
      // A batch in flight may hold an earlier copy of one of these ids: its digest must be read after it.
      if (inFlight.some((w) => [...ids].some((id) => w.ids.has(id)))) await settle(0);
      const asked = reading ? [...ids].filter((id) => !startedEmpty || (documents !== undefined && sent.has(id))) : [];
      // Into a store that held no document, an id no batch before carried is not stored.
      const unstored = startedEmpty ? new Set([...ids].filter((id) => !sent.has(id))) : new Set<string>();
      const stored =
        asked.length === 0 || !reading ? new Map<string, StoredVersion>() : await storedVersions(reading.store, asked);
      if (documents) for (const id of ids) sent.add(id);
      const stampedAt = new Date();
      const versions = pending.map((p) => (p.id === undefined ? undefined : stored.get(p.id)));
      const before = versions.map((v) =>
        v === undefined ? undefined : v.warnings ? v.digest : WARNINGS_NOT_KEPT + v.digest,
      );
      const checked = filled.check(before, stampedAt, documents !== undefined);
      // `step` settles once the verdicts are reported and the write queued; `done`, once stored.
      const step = Promise.all([checked, queued]).then(([result]): { write?: Promise<void> } => {
        const passed = this.record(
          result.verdicts,
          pending,
          versions.map((v) => v?.warnings),
          report,
          refusedIds,
        );
        if (!documents) {
          // A check: counted as the load would store them (an id read again in a stream, once).
          result.verdicts.forEach((v) => {
            if (v.kind !== 'pass' || counted.has(v.id)) return;
            counted.add(v.id);
            if (v.replaced) report.replaced++;
            else report.created++;
          });
          return {};
        }
        if (passed.length === 0) return {};
        const replaced = result.verdicts.filter((v) => v.kind === 'pass' && v.replaced).length;
        // The change feed's activities: one per document stored, stamped as its Last-Modified is.
        const changes = result.verdicts.flatMap((v): Change[] =>
          v.kind === 'pass' ? [{ kind: v.replaced ? 'Update' : 'Create', id: v.id, type: v.type }] : [],
        );
        return {
          write: documents
            .writeChecked(
              result.graphs,
              changes,
              stampedAt,
              undefined,
              changes.flatMap((c) => (unstored.has(c.id) ? [c.id] : [])),
            )
            .then(() => {
              report.created += passed.length - replaced;
              report.replaced += replaced;
            }),
        };
      });
      queued = step;
      const done = step.then(({ write }) => write).then(() => this.options.onStored?.(report));
      // Reported where it is awaited (settle), not as unhandled meanwhile.
      step.catch(() => undefined);
      done.catch(() => undefined);
      inFlight.push({ done, ids });
      // A bounded number of batches in flight (gates.ahead): written, checked, or waiting to be.
      await settle(gates.ahead);
    };

    try {
      for (const [inputIndex, input] of inputs.entries()) {
        if (this.options.signal?.aborted) break;
        // Read as UTF-8 strictly: bytes that are not UTF-8 stop the load (NotUtf8, naming the offset), never stored as U+FFFD.
        const stream = strictText(
          input.open((n) => {
            bytes += n;
          }),
          input.name,
        );
        let n = -1; // the record's number in its input, counting every record (as lastCopies does)
        for await (const record of readRecords(stream, input, {
          baseUrl: this.options.baseUrl,
          limits: this.options.documentLimits,
        })) {
          n++;
          const source = input.name;
          switch (record.kind) {
            case 'unreadable':
              report.unreadable.push({ source, location: record.location, messages: [record.message] });
              break;
            case 'leftover':
              report.leftovers.push({
                source,
                location: record.location,
                messages: [record.message, ...leftoverSample(record, LEFTOVER_SAMPLE)],
              });
              break;
            case 'refused': {
              // Past a limit on one document: refused here, never sent to the gate (which would walk it).
              const problems = [record.problem];
              report.rejected++;
              report.rejections.push({
                source,
                location: record.location,
                id: record.id,
                messages: problemMessages(problems),
                problems,
              });
              this.options.onRejected?.({ source, location: record.location, id: record.id, problems, record });
              break;
            }
            default: {
              const id = recordId(record, this.options);
              read++;
              const place = { source, location: record.location };
              if (id !== undefined && lastCopies?.superseded(id, inputIndex, n)) {
                superseded.copy(id, place);
                break;
              }
              let earlier: string | undefined;
              if (id !== undefined && lastCopies) {
                report.superseded.push(...superseded.last(id, place));
              } else if (id !== undefined) {
                earlier = seen.get(id);
                // Read once: written in order, whatever the batch size, the earlier one first.
                // (Which copy is kept is said once the verdicts are in: record.)
                if (earlier !== undefined && batch.some((p) => p.id === id)) await flush(false);
                seen.set(id, source, record.location);
              }
              // The record itself only for a rejects file (held until its verdict, otherwise let go).
              batch.push({
                id,
                source,
                location: record.location,
                earlier,
                record: this.options.onRejected ? record : undefined,
              });
              gateBatch.add(record, source);
              if (batch.length >= batchSize) await flush(true);
            }
          }
          this.options.onProgress?.({ documents: read, bytes, totalBytes });
          if (this.options.signal?.aborted) break;
        }
        if (this.options.signal?.aborted) stream.destroy();
      }
      await flush(false);
      await settle(0);
    } catch (error) {
      await Promise.allSettled(inFlight.map((w) => w.done));
      if (!(error instanceof StoreFull)) throw error;
      // The store has no room for a batch: stop, saying how far the load got (every count is durable).
      report.aborted =
        `the store is full after ${report.created + report.replaced} documents of this load were stored ` +
        `(each whole; the documents after them were not): ${error.message}`;
      report.storeFull = error.details;
    }
    report.superseded.push(...superseded.rest());
    if (this.options.signal?.aborted)
      report.aborted =
        'interrupted; every document stored so far is whole, and running the same load again finishes the job';
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  /**
   * The gate's verdicts into the report, each with where its record came from; the ids that
   * passed. `kept`: the Warnings kept with each stored version, reported for a document found
   * unchanged (the shapes left out), as on the load that stored it. `refusedIds`: the ids whose
   * last copy so far was refused, kept up to date here.
   */
  private record(
    verdicts: readonly GateVerdict[],
    pending: readonly Pending[],
    kept: ReadonlyArray<Problem[] | undefined>,
    report: LoadReport,
    refusedIds: Set<string>,
  ): string[] {
    const passed: string[] = [];
    verdicts.forEach((verdict, i) => {
      const { source, location, record, earlier, id } = pending[i];
      recordRepairs(report, { source, location, id: verdict.id, messages: verdict.repairs });
      const warnings: string[] = [];
      if (earlier !== undefined && id !== undefined) {
        warnings.push(
          duplicateIdLine(id, { where: earlier, stored: !refusedIds.has(id) }, verdict.kind !== 'rejected'),
        );
      }
      if (id !== undefined) {
        if (verdict.kind === 'rejected') refusedIds.add(id);
        else refusedIds.delete(id);
      }
      switch (verdict.kind) {
        case 'unchanged':
          report.unchanged++;
          warnings.push(...problemMessages(kept[i] ?? []));
          break;
        case 'rejected':
          report.rejected++;
          report.rejections.push({
            source,
            location,
            id: verdict.id,
            messages: problemMessages(verdict.problems),
            problems: verdict.problems,
          });
          if (record)
            this.options.onRejected?.({ source, location, id: verdict.id, problems: verdict.problems, record });
          break;
        case 'pass':
          warnings.push(...verdict.warnings);
          passed.push(verdict.id);
          if (verdict.violations)
            recordViolated(
              report,
              { source, location, id: verdict.id, messages: verdict.violations },
              this.options.warningsListed,
            );
      }
      if (warnings.length > 0)
        recordWarned(
          report,
          { source, location, id: verdict.id ?? id, messages: warnings },
          this.options.warningsListed,
        );
    });
    return passed;
  }
}

/**
 * A record in a batch (itself in the gate's batch): its id, when it has one to read before the
 * gate, where it is, and (for a rejects file only) the record, so no worker sends it back.
 */
interface Pending {
  readonly id: string | undefined;
  readonly source: string;
  readonly location: string;
  /** Where the copy of this id before this one was, if any. */
  readonly earlier?: string;
  readonly record?: DocumentRecord;
}

/**
 * The gates of one load: the first batch is checked in this thread, the batches after a full
 * one in check workers (when the load has any), so a small load starts no thread. The workers
 * start at the first full batch, or with the load when its inputs are large.
 */
class Gates {
  private workers: CheckWorkers | undefined;
  private readonly here: Gate;

  constructor(
    private readonly count: number,
    private readonly options: GateOptions,
  ) {
    this.here = inThreadGateFor(options);
  }

  /** A full batch was read, or the inputs are large: the load is worth its workers. */
  started(): void {
    if (!this.workers && this.count > 0) this.workers = new CheckWorkers(this.count, this.options);
  }

  batch(): GateBatch {
    return (this.workers ?? this.here).batch();
  }

  /** Batches a pass may have in flight besides the one it reads: one being stored, and one per worker. */
  get ahead(): number {
    return this.workers ? this.count + 1 : 1;
  }

  close(): Promise<void> {
    return this.workers?.close() ?? Promise.resolve();
  }
}
