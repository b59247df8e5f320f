/**
 * A load's histories (an export with history): gathered as they are read, each put back right
 * after the write of the batch read with it (restoredHistories.ts), the rest at the end; the
 * report counts them, and says of each one not put back why.
 */
import type { Actor } from '../linkedart/Actor.js';
import type { DocumentService } from '../service/DocumentService.js';
import type { LoadReport } from './LoadReport.js';
import type { HistoryRecord } from './records.js';
import { putHistoriesBack } from './restoredHistories.js';

export class HistoriesToPutBack {
  private pending: Array<{ record: HistoryRecord; source: string }> = [];
  private waiting: Array<{ record: HistoryRecord; source: string }> = [];
  private readonly mergedInto = new Map<string, string>();
  private readonly mergedNames = new Map<string, readonly string[]>();

  /** `documents`: the store written (none in a dry run, which puts nothing back). */
  constructor(
    private readonly documents: DocumentService | undefined,
    private readonly report: LoadReport,
    private readonly actor: Actor | undefined,
  ) {}

  /** A history read from `source`. */
  add(record: HistoryRecord, source: string): void {
    if (!this.documents) return;
    this.report.historiesRestored ??= 0;
    if (this.documents.keepVersions > 0) this.pending.push({ record, source });
    else this.notRestored(record, source, 'this store keeps no versions (--keep-versions 0)');
  }

  /** A merged-away id read (an export's `#@merged` line): where a history ending in its Move goes, and its names. */
  merged(from: string, to: string, names?: readonly string[]): void {
    this.mergedInto.set(from, to);
    if (names) this.mergedNames.set(from, names);
  }

  /** The histories read since the last call: put back after the batch whose write is queued now. */
  take(): Array<{ record: HistoryRecord; source: string }> {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /**
   * Put these back, queued after every write queued before (call right after queueing the
   * batch's write); `refused`: the ids whose last copy so far was refused.
   */
  async putBack(
    histories: ReadonlyArray<{ record: HistoryRecord; source: string }>,
    refused: ReadonlySet<string>,
    last = false,
  ): Promise<void> {
    if (!this.documents || histories.length === 0) return;
    const sourceOf = new Map(histories.map((h) => [h.record, h.source]));
    const done = await putHistoriesBack(
      this.documents,
      histories.map((h) => h.record),
      { actor: this.actor, mergedInto: this.mergedInto, mergedNames: this.mergedNames, refused, last },
    );
    this.report.historiesRestored = (this.report.historiesRestored ?? 0) + done.restored.length;
    for (const { record, reason } of done.notRestored) this.notRestored(record, sourceOf.get(record) ?? '', reason);
    this.waiting.push(...done.waiting.map((record) => ({ record, source: sourceOf.get(record) ?? '' })));
  }

  /** At the end of the load (its merged ids kept): every history not put back yet. */
  finish(refused: ReadonlySet<string>): Promise<void> {
    const rest = [...this.waiting, ...this.take()];
    this.waiting = [];
    return this.putBack(rest, refused, true);
  }

  private notRestored(record: HistoryRecord, source: string, reason: string): void {
    this.report.leftovers.push({
      source,
      location: record.location,
      id: record.id,
      messages: [`the history of ${record.id} was not put back: ${reason}`],
    });
  }
}
