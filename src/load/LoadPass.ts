/**
 * One pass of a load over its inputs (Loader.ts): records read in order, in batches through the
 * gate, each batch one atomic write of what passed (or, in a check, counted as it would be).
 * While the store writes one batch and the gate checks the next, this thread reads on.
 */
import { restoreMerges } from '../merge/restoreMerges.js';
import type { MergedId } from '../export/mergedComments.js';
import type { Change } from '../feed/ChangeFeed.js';
import type { DocumentService } from '../service/DocumentService.js';
import { storedVersions, type StoredVersion } from '../service/storedVersions.js';
import { strictText } from '../ingest/Utf8TextStream.js';
import { slicePauses } from '../service/inSlices.js';
import { StoreFull } from '../store/StoreFull.js';
import type { DocumentRecord, GateVerdict } from './gate/checkBatch.js';
import type { GateBatch } from './gate/Gate.js';
import type { Gates } from './gate/Gates.js';
import { BatchesInFlight } from './batchesInFlight.js';
import { duplicateIdLine } from './duplicateId.js';
import type { LoadInput } from './inputs.js';
import { recordId, type LastCopies } from './lastCopies.js';
import type { LoadOptions } from './LoadOptions.js';
import {
  emptyReport,
  type LoadReport,
  problemMessages,
  recordRepairs,
  recordViolated,
  recordWarned,
} from './LoadReport.js';
import { leftoverSample, readRecords } from './readRecords.js';
import type { LoadRecord } from './records.js';
import { SeenIds } from './seenIds.js';
import { SupersededCopies } from './superseded.js';
import { HistoriesToPutBack } from './historiesToPutBack.js';

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

export class LoadPass {
  private readonly report: LoadReport;
  // What is stored is read by every pass (a check too says new, replaced or unchanged); written by a storing pass alone.
  private readonly reading: DocumentService | undefined;
  private readonly documents: DocumentService | undefined;
  private readonly superseded = new SupersededCopies();
  // Read once (readOnce): the ids seen, and those whose last copy so far was refused, so a later copy's warning says which copy is kept.
  private readonly seen = new SeenIds();
  private readonly refusedIds = new Set<string>();
  private read = 0;
  private bytes = 0;
  private readonly counted = new Set<string>(); // a check: ids counted as they would be stored
  private batch: Pending[] = [];
  private gateBatch: GateBatch | undefined;
  private readonly inFlight = new BatchesInFlight();
  private startedEmpty = false;
  private readonly sent = new Set<string>();
  private readonly merged: MergedId[] = [];
  private readonly histories: HistoriesToPutBack;

  /** `lastCopies`: which copy of each id counts (none: the inputs are read once, readOnce). */
  constructor(
    documents: DocumentService | undefined,
    private readonly options: LoadOptions,
    dryRun: boolean,
    private readonly gates: Gates,
    private readonly lastCopies: LastCopies | undefined,
  ) {
    this.report = emptyReport(dryRun);
    this.reading = documents;
    this.documents = dryRun ? undefined : documents;
    this.histories = new HistoriesToPutBack(this.documents, this.report, options.actor);
  }

  async run(inputs: readonly LoadInput[]): Promise<LoadReport> {
    const { report, options } = this;
    const started = performance.now();
    const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((n, i) => n + i.size!, 0) : undefined;
    // Inputs known to be large: the workers start now, compiling the context and the shapes
    // while this thread reads the first batch, which they check too.
    if (options.keepThreadFree || (totalBytes !== undefined && totalBytes >= EARLY_WORKERS_BYTES)) this.gates.started();
    this.gateBatch = this.gates.batch();
    // Into a store holding no document yet, the only stored digests are of documents this pass
    // sent: the store is asked for those alone (an id that comes again), not for every batch.
    // Asking waits for the writes in flight (the store answers in order), which idles the checks.
    this.startedEmpty = this.reading !== undefined && !(await this.reading.hasDigests());
    try {
      for (const [inputIndex, input] of inputs.entries()) {
        if (options.signal?.aborted) break;
        await this.readInput(input, inputIndex, totalBytes);
      }
      await this.flush(false);
      await this.inFlight.settle();
      if (this.documents && this.merged.length > 0) {
        // Merges are told to a serving process's name index, not to the lines a load keeps.
        options.keptIndexes?.unkept(`${this.merged.length} merged ids restored`);
        await restoreMerges(this.documents, this.merged, options.actor);
      }
      await this.histories.finish(this.refusedIds);
    } catch (error) {
      await this.inFlight.finish();
      if (!(error instanceof StoreFull)) throw error;
      // The store has no room for a batch: stop, saying how far the load got (every count is durable).
      report.aborted =
        `the store is full after ${report.created + report.replaced} documents of this load were stored ` +
        `(each whole; the documents after them were not): ${error.message}`;
      report.storeFull = error.details;
    }
    report.superseded.push(...this.superseded.rest());
    if (options.signal?.aborted)
      report.aborted =
        'interrupted; every document stored so far is whole, and running the same load again finishes the job';
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  private async readInput(input: LoadInput, inputIndex: number, totalBytes: number | undefined): Promise<void> {
    // Read as UTF-8 strictly: bytes that are not UTF-8 stop the load (NotUtf8, naming the offset), never stored as U+FFFD.
    const stream = strictText(
      input.open((n) => {
        this.bytes += n;
      }),
      input.name,
    );
    let n = -1; // the record's number in its input, counting every record (as lastCopies does)
    // On a thread that answers readers (a server's /_bulk): readers run between slices of the reading.
    const pause = this.options.keepThreadFree ? slicePauses() : undefined;
    for await (const record of readRecords(stream, input, {
      baseUrl: this.options.baseUrl,
      limits: this.options.documentLimits,
    })) {
      n++;
      await this.take(record, input.name, inputIndex, n);
      this.options.onProgress?.({ documents: this.read, bytes: this.bytes, totalBytes });
      if (this.options.signal?.aborted) break;
      const paused = pause?.();
      if (paused) await paused;
    }
    if (this.options.signal?.aborted) stream.destroy();
  }

  /** A record read: reported at once, or into the batch. */
  private async take(record: LoadRecord, source: string, inputIndex: number, n: number): Promise<void> {
    const { report } = this;
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
      case 'merged':
        // Kept once the documents are (a storing pass): the id answers 308 to where it went.
        if (this.documents) this.merged.push(record);
        this.histories.merged(record.from, record.to, record.names);
        break;
      case 'history':
        // Put back after its document is stored (historiesToPutBack.ts).
        this.histories.add(record, source);
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
      default:
        await this.add(record, source, inputIndex, n);
    }
  }

  /** A document's record into the batch (unless a later copy of its id counts), the batch flushed once full. */
  private async add(record: DocumentRecord, source: string, inputIndex: number, n: number): Promise<void> {
    const { lastCopies } = this;
    const id = recordId(record, this.options);
    this.read++;
    const place = { source, location: record.location };
    if (id !== undefined && lastCopies?.superseded(id, inputIndex, n)) {
      this.superseded.copy(id, place);
      return;
    }
    let earlier: string | undefined;
    if (id !== undefined && lastCopies) {
      this.report.superseded.push(...this.superseded.last(id, place));
    } else if (id !== undefined) {
      earlier = this.seen.get(id);
      // Read once: written in order, whatever the batch size, the earlier one first.
      // (Which copy is kept is said once the verdicts are in: record.)
      if (earlier !== undefined && this.batch.some((p) => p.id === id)) await this.flush(false);
      this.seen.set(id, source, record.location);
    }
    // The record itself only for a rejects file (held until its verdict, otherwise let go).
    this.batch.push({
      id,
      source,
      location: record.location,
      earlier,
      record: this.options.onRejected ? record : undefined,
    });
    this.gateBatch!.add(record, source);
    if (this.batch.length >= (this.options.batchSize ?? 500)) await this.flush(true);
  }

  /**
   * A batch: the stored digests of its ids, then the gate (documents stored unchanged under
   * the same shapes are left alone), then one atomic write of what passed.
   */
  private async flush(full: boolean): Promise<void> {
    const { reading, documents, startedEmpty, sent, report } = this;
    const pending = this.batch;
    const filled = this.gateBatch!;
    this.batch = [];
    if (full) this.gates.started();
    this.gateBatch = this.gates.batch();
    if (pending.length === 0) return;
    const histories = this.histories.take();
    const ids = new Set(pending.flatMap((p) => (p.id === undefined ? [] : [p.id])));
    // A batch in flight may hold an earlier copy of one of these ids: its digest must be read after it.
    if (this.inFlight.touches(ids)) await this.inFlight.settle();
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
    const { keptIndexes } = this.options;
    const checked = filled.check(before, stampedAt, documents !== undefined, keptIndexes !== undefined);
    // `step` settles once the verdicts are reported and the write queued; `done`, once stored.
    const step = Promise.all([checked, this.inFlight.queued]).then(([result]): { write?: Promise<void> } => {
      const passed = this.recordVerdicts(
        result.verdicts,
        pending,
        versions.map((v) => v?.warnings),
      );
      if (!documents) {
        this.countChecked(result.verdicts);
        return {};
      }
      // The histories read with this batch are put back right after its write (queued in call order).
      const putBack = () => this.histories.putBack(histories, this.refusedIds);
      if (passed.length === 0) return { write: putBack() };
      const replaced = result.verdicts.filter((v) => v.kind === 'pass' && v.replaced).length;
      const actor = this.options.actor ? { actor: this.options.actor } : {};
      // The change feed's activities: one per document stored, stamped as its Last-Modified is.
      const changes = result.verdicts.flatMap((v): Change[] =>
        v.kind === 'pass' ? [{ kind: v.replaced ? 'Update' : 'Create', id: v.id, type: v.type, ...actor }] : [],
      );
      const write = documents
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
          keptIndexes?.stored(result.kept);
        });
      // A side branch: the load's own handling of the failure is unchanged.
      write.catch(() => keptIndexes?.unkept('a batch was not stored'));
      return { write: Promise.all([write, putBack()]).then(() => undefined) };
    });
    const done = step.then(({ write }) => write).then(() => this.options.onStored?.(report));
    // A bounded number of batches in flight (gates.ahead): written, checked, or waiting to be.
    await this.inFlight.add(ids, step, done, this.gates.ahead);
  }

  /** A check: counted as the load would store them (an id read again in a stream, once). */
  private countChecked(verdicts: readonly GateVerdict[]): void {
    verdicts.forEach((v) => {
      if (v.kind !== 'pass' || this.counted.has(v.id)) return;
      this.counted.add(v.id);
      if (v.replaced) this.report.replaced++;
      else this.report.created++;
    });
  }

  /**
   * The gate's verdicts into the report, each with where its record came from; the ids that
   * passed. `kept`: the Warnings kept with each stored version, reported for a document found
   * unchanged (the shapes left out), as on the load that stored it. `refusedIds` (the ids whose
   * last copy so far was refused) is kept up to date here.
   */
  private recordVerdicts(
    verdicts: readonly GateVerdict[],
    pending: readonly Pending[],
    kept: ReadonlyArray<string[] | undefined>,
  ): string[] {
    const { report, refusedIds } = this;
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
          warnings.push(...(kept[i] ?? []));
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
