/**
 * `--rejects FILE`: every refused document as one NDJSON line, the document as given with its
 * problems beside it, so a pipeline can fix just those and load the file again:
 *
 *   {"source":…,"location":…,"id":…,"problems":[…],"document":{…}}
 *
 * A record read from RDF has no JSON as given: its line carries the document rendered from the
 * graph; when the graph cannot be rendered whole (a predicate no key maps, triples not
 * reachable from the root), it carries the graph instead, as N-Quads text under `nquads` (the
 * shape hints as an export writes them, `#@hint` comments), and no `document`. The JSON readers (jsonRecords.ts) take such a line back
 * as the record it holds (rejectedRecord), so the loop is: load → fix the rejects file → load it.
 *
 * A document refused at the limits on one document (too large, too deep, too long an array)
 * is not rewritten as JSON (that would walk it, and overflow on the depth it was refused for):
 * its line keeps the text as given under `text`, read back as that text; one too large to keep
 * has `omitted` instead, and is read back as unreadable, pointing at where it came from.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { Parser, Writer } from 'n3';
import { hintCommentLines, parseHintComment } from '../export/hintComments.js';
import type { Problem } from '../linkedart/Problem.js';
import { df, type Quad } from '../rdf/terms.js';
import { renderDocument } from '../rebuild/renderDocument.js';
import type { DocumentRecord } from './gate/checkBatch.js';
import type { LoadRecord, RefusedRecord } from './records.js';

/** A refused record with where it came from and why. */
export interface RejectedRecord {
  readonly source: string;
  readonly location: string;
  readonly id: string | undefined;
  readonly problems: readonly Problem[];
  readonly record: DocumentRecord | RefusedRecord;
}

/** The line of a refused record (without its newline). */
export function rejectLine({ source, location, id, problems, record }: RejectedRecord): string {
  const line: Record<string, unknown> = { source, location };
  if (id !== undefined) line['id'] = id;
  line['problems'] = problems;
  if (record.kind === 'refused' && record.graph) {
    // As an unrenderable graph is kept: its N-Quads, read back as the graph (and refused again until fixed).
    line['id'] = record.graph.id;
    line['nquads'] =
      new Writer({ format: 'N-Quads' }).quadsToString(record.graph.quads) + hintCommentLines(record.graph.hints);
  } else if (record.kind === 'refused') {
    if (record.text !== undefined) line['text'] = record.text;
    else
      line['omitted'] =
        'the document is larger than the limit on one document: fix it where it came from (source, location)';
  } else if (record.kind === 'json') {
    line['document'] = record.json;
  } else {
    const rendered = renderDocument(record.id, [...record.quads, ...record.hints]);
    if (rendered && rendered.warnings.length === 0) line['document'] = rendered.document;
    else {
      line['id'] = record.id;
      // As an export writes it (shape hints as #@hint comments): a file of it loads as it is.
      line['nquads'] = new Writer({ format: 'N-Quads' }).quadsToString(record.quads) + hintCommentLines(record.hints);
    }
  }
  return JSON.stringify(line);
}

/**
 * The record a line of a rejects file holds, when `json` is one (an object with `problems`
 * and a `document`, or an `id` and `nquads`); undefined for anything else.
 */
export function rejectedRecord(json: unknown, location: string): LoadRecord | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const line = json as Record<string, unknown>;
  if (!Array.isArray(line['problems'])) return undefined;
  if (typeof line['omitted'] === 'string') {
    return {
      kind: 'unreadable',
      location,
      message: `a refused document not kept in the rejects file (${line['omitted']}): ${String(line['source'])} ${String(line['location'])}`,
    };
  }
  if ('document' in line) return { kind: 'json', location, json: line['document'] };
  const id = line['id'];
  const nquads = line['nquads'];
  if (typeof id !== 'string' || typeof nquads !== 'string') return undefined;
  let quads: Quad[];
  try {
    // Labels as written (the record is checked on its own, and stored only as ingest makes it anew).
    quads = new Parser({ format: 'N-Quads', factory: df, blankNodePrefix: '' }).parse(nquads);
  } catch (error) {
    return {
      kind: 'unreadable',
      location,
      message: `the rejected graph's "nquads" is not N-Quads: ${(error as Error).message}`,
    };
  }
  const hints = nquads.split('\n').flatMap((l) => parseHintComment(l) ?? []);
  return { kind: 'graph', location, id, quads, hints };
}

/** The text of the document a line of a rejects file holds as given (one refused at the limits on one document); else undefined. */
export function rejectedText(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const line = json as Record<string, unknown>;
  return Array.isArray(line['problems']) && typeof line['text'] === 'string' ? line['text'] : undefined;
}

/** The rejects file, written line by line as verdicts come (synchronously: refusals are the exception). */
export class RejectsFile {
  private readonly fd: number;
  count = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
  }

  write(rejected: RejectedRecord): void {
    writeSync(this.fd, rejectLine(rejected) + '\n');
    this.count++;
  }

  close(): void {
    closeSync(this.fd);
  }
}
