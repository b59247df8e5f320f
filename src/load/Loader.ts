/**
 * The load pipeline: inputs → records (by format) → the write gate → batches → the store.
 *
 * Each batch is one atomic, durable write, so an interrupted load (Ctrl-C, kill -9) leaves
 * every document wholly old or wholly new; running it again stores only what differs (the
 * store's digests say which documents are unchanged, and those are not even checked again:
 * the digest covers the shapes' version). While one batch is being written in the store's
 * worker, the next is read and checked here.
 *
 * `strict`: a first pass checks everything and stores nothing; only if nothing was refused
 * does the second pass store. `dryRun`: the first pass alone.
 */
import type { Readable } from 'node:stream';
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { DocumentRejected } from '../linkedart/Problem.js';
import { ingestRecord, recordDigest } from './admitRecord.js';
import { shaclValidator } from '../validate/ShaclValidator.js';
import { checkShapes } from '../validate/admitDocument.js';
import { digestOf, type DocumentService } from '../service/DocumentService.js';
import { spoolInputs, type LoadInput, type SpooledInputs } from './inputs.js';
import { jsonRecords } from './jsonRecords.js';
import { emptyReport, hasFailures, problemMessages, type LoadReport } from './LoadReport.js';
import type { LoadRecord } from './records.js';
import { rdfRecords } from './rdfRecords.js';

export interface LoadProgress {
  readonly documents: number;
  readonly bytes: number;
  /** Sum of the sizes of the inputs, when all are known. */
  readonly totalBytes: number | undefined;
}

export interface LoadOptions {
  readonly strict?: boolean;
  readonly dryRun?: boolean;
  readonly baseUrl?: string;
  /** Documents per atomic write (default 500). */
  readonly batchSize?: number;
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Checked between records: when it says stop, the load ends after the write in flight. */
  readonly signal?: AbortSignal;
}

/** Leftover triples shown in a report, at most. */
const LEFTOVER_SAMPLE = 5;

export class Loader {
  constructor(private readonly documents: DocumentService | undefined, private readonly options: LoadOptions = {}) {}

  async load(given: readonly LoadInput[]): Promise<LoadReport> {
    let spooled: SpooledInputs | undefined;
    let inputs = given;
    if (this.options.strict && !this.options.dryRun && given.some((i) => !i.reopenable)) {
      // Strict reads everything twice: a stream (standard input) is kept in a file first.
      spooled = await spoolInputs(given);
      inputs = spooled.inputs;
    }
    try {
      return await this.checkedLoad(inputs);
    } finally {
      await spooled?.remove();
    }
  }

  private async checkedLoad(inputs: readonly LoadInput[]): Promise<LoadReport> {
    if (this.options.strict && !this.options.dryRun) {
      const check = await this.pass(inputs, true);
      if (hasFailures(check)) {
        check.aborted ??= `--strict: ${check.rejected} documents rejected${check.unreadable.length ? `, ${check.unreadable.length} unreadable parts` : ''}${check.leftovers.length ? ', triples left over' : ''}; nothing was stored`;
        return check;
      }
    }
    return this.pass(inputs, this.options.dryRun === true || this.documents === undefined);
  }

  private async pass(inputs: readonly LoadInput[], dryRun: boolean): Promise<LoadReport> {
    const started = performance.now();
    const report = emptyReport(dryRun);
    const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((n, i) => n + i.size!, 0) : undefined;
    let bytes = 0;
    const batchSize = this.options.batchSize ?? 500;
    const seen = new Map<string, string>();
    const counted = new Set<string>();   // dry run: ids counted as they would be stored
    let batch: Pending[] = [];
    // Writes sent to the store and not yet done: at most two, so that while the store applies
    // one, the next is already queued behind it and the batch after is being checked here.
    const writes: Array<{ done: Promise<void>; ids: ReadonlySet<string> }> = [];
    const settle = async (keep: number): Promise<void> => {
      while (writes.length > keep) await writes.shift()!.done;
    };
    // Into a store holding no document yet, the only stored digests are of documents this pass
    // wrote: the store is asked for those alone (an id that comes again), not for every batch.
    // Asking waits for the writes in flight (the store answers in order), which idles the checks.
    const startedEmpty = !dryRun && this.documents !== undefined && !(await this.documents.hasDigests());
    const written = new Set<string>();

    // A batch: documents stored unchanged under the same shapes are left alone (not even
    // checked again); the others go through the shapes, then into one atomic write.
    const flush = async (): Promise<void> => {
      const pending = batch;
      batch = [];
      if (pending.length === 0) { await settle(0); return; }
      const documents = this.documents;
      // A write in flight may hold an earlier copy of one of these ids: its digest must be read after it.
      if (pending.some((p) => writes.some((w) => w.ids.has(p.id)))) await settle(0);
      const asked = dryRun || !documents ? [] : pending.map((p) => p.id).filter((id) => !startedEmpty || written.has(id));
      const stored = asked.length === 0 || !documents ? new Map<string, string>() : await documents.digests(asked);
      const accepted: IngestedDocument[] = [];
      for (const p of pending) {
        const before = stored.get(p.id);
        if (p.record && before !== undefined && before === recordDigest(p.record, shaclValidator().version)) { report.unchanged++; continue; }
        const doc = p.doc ?? this.ingest(p.record!, p.source, report);
        if (!doc) continue;
        if (before !== undefined && before === digestOf(doc)) { report.unchanged++; continue; }
        const checked = this.checkShapes(doc, p, report);
        if (checked) accepted.push(checked);
      }
      if (dryRun || !documents) {
        for (const doc of accepted) counted.add(doc.id);
        report.created = counted.size;
        return;
      }
      await settle(1);
      if (accepted.length === 0) return;
      const ids = new Set(accepted.map((d) => d.id));
      for (const id of ids) written.add(id);
      const done = documents.putAll(accepted, stored).then((outcome) => {
        report.created += outcome.created.length;
        report.replaced += outcome.replaced.length;
        report.unchanged += outcome.unchanged.length;
      });
      done.catch(() => undefined); // reported where it is awaited (settle), not as unhandled meanwhile
      writes.push({ done, ids });
    };

    try {
      for (const input of inputs) {
        if (this.options.signal?.aborted) break;
        const stream = input.open((n) => { bytes += n; });
        for await (const record of this.records(stream, input)) {
          const source = input.name;
          switch (record.kind) {
            case 'unreadable':
              report.unreadable.push({ source, location: record.location, messages: [record.message] });
              break;
            case 'leftover':
              report.leftovers.push({ source, location: record.location, messages: [record.message, ...sample(record)] });
              break;
            default: {
              // A graph that may be stored already waits for the stored digests (flush): if its
              // own digest is the stored one it is not even read into a document.
              const deferred = record.kind === 'graph' && !dryRun && !startedEmpty;
              const doc = deferred ? undefined : this.ingest(record, source, report);
              if (!deferred && !doc) break;
              const id = doc?.id ?? (record as { id: string }).id;
              const earlier = seen.get(id);
              if (earlier !== undefined) {
                report.warnings++;
                report.warned.push({ source, location: record.location, id, messages: [`this id was also at ${earlier}; this later document replaces it`] });
                // Written in order, whatever the batch size: the earlier one first.
                if (batch.some((p) => p.id === id)) await flush();
              }
              seen.set(id, `${source} ${record.location}`);
              batch.push(doc ? { id, doc, source, location: record.location } : { id, record: record as GraphRecord, source, location: record.location });
              if (batch.length >= batchSize) await flush();
            }
          }
          this.options.onProgress?.({ documents: seen.size + report.rejected, bytes, totalBytes });
          if (this.options.signal?.aborted) break;
        }
        if (this.options.signal?.aborted) stream.destroy();
      }
      await flush();
      await settle(0);
    } catch (error) {
      await Promise.allSettled(writes.map((w) => w.done));
      throw error;
    }
    if (this.options.signal?.aborted) report.aborted = 'interrupted; every document stored so far is whole, and running the same load again finishes the job';
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  private records(stream: Readable, input: LoadInput): AsyncGenerator<LoadRecord> {
    switch (input.format) {
      case 'jsonld':
      case 'ndjson':
        return jsonRecords(stream);
      default:
        return rdfRecords(stream, input.format, { baseUrl: this.options.baseUrl });
    }
  }

  /** The record through the first half of the gate (JSON-side rules); undefined (and reported) when refused. */
  private ingest(record: Extract<LoadRecord, { kind: 'json' | 'graph' }> & { readonly location: string }, source: string, report: LoadReport): IngestedDocument | undefined {
    try {
      return ingestRecord(record, source);
    } catch (error) {
      if (!(error instanceof DocumentRejected)) throw error;
      report.rejected++;
      report.rejections.push({ source, location: record.location, id: error.document, messages: problemMessages(error.problems) });
      return undefined;
    }
  }

  /** The second half (the shapes); undefined (and reported) when refused; warnings reported. */
  private checkShapes(doc: IngestedDocument, { source, location }: Pending, report: LoadReport): IngestedDocument | undefined {
    try {
      const checked = checkShapes(doc, `${source} ${location}`);
      if (checked.warnings.length > 0) {
        report.warnings += checked.warnings.length;
        report.warned.push({ source, location, id: checked.id, messages: problemMessages(checked.warnings) });
      }
      return checked;
    } catch (error) {
      if (!(error instanceof DocumentRejected)) throw error;
      report.rejected++;
      report.rejections.push({ source, location, id: error.document, messages: problemMessages(error.problems) });
      return undefined;
    }
  }
}

type GraphRecord = Extract<LoadRecord, { kind: 'graph' }>;

/**
 * A document waiting in a batch, with where it came from: ingested already, or (a graph that
 * may be stored unchanged) still the record, ingested at the flush only if its digest differs.
 */
type Pending = { readonly id: string; readonly source: string; readonly location: string }
  & ({ readonly doc: IngestedDocument; readonly record?: undefined } | { readonly doc?: undefined; readonly record: GraphRecord });

function sample(record: Extract<LoadRecord, { kind: 'leftover' }>): string[] {
  const lines = record.quads.slice(0, LEFTOVER_SAMPLE).map((q) => `${termText(q.subject)} ${termText(q.predicate)} ${termText(q.object)}`);
  if (record.quads.length > LEFTOVER_SAMPLE) lines.push(`... and ${record.quads.length - LEFTOVER_SAMPLE} more`);
  return lines;
}

function termText(t: { termType: string; value: string }): string {
  return t.termType === 'NamedNode' ? `<${t.value}>` : t.termType === 'BlankNode' ? `_:${t.value}` : JSON.stringify(t.value);
}
