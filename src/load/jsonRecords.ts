/**
 * JSON-LD dumps: one document, an array of documents, or NDJSON (one document per line),
 * read as a stream. An array is cut into its elements by a small scanner (depth and strings
 * only), so a dump of any size never becomes one string; each element keeps the line it
 * started on for the report. A line of a rejects file (rejectsFile.ts) is read as the record
 * it holds. Each document is held against the limits on one document (documentLimits.ts) as
 * soon as it is parsed, before anything walks it; one past the size limit is not even kept
 * whole while it is read.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_DOCUMENT_LIMITS, limitProblem, shapeExceeded, sizeExceeded, type DocumentLimits, type LimitExceeded } from '../ingest/documentLimits.js';
import type { LoadRecord } from './records.js';
import { graphLimitsExceeded } from '../ingest/graphLimits.js';
import { rejectedRecord, rejectedText } from './rejectsFile.js';

export async function* jsonRecords(input: Readable, limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS): AsyncGenerator<LoadRecord> {
  // A rejects line carries its document and the problems beside it: kept up to a few times the limit, then judged by the document in it.
  const scanner = new TopLevelScanner(REJECTS_LINE_FACTOR * limits.maxBytes);
  const parsed = (piece: Piece) => parsedPiece(piece, limits);
  // A character's UTF-8 bytes may be split between two chunks: the decoder holds the first part.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) {
    for (const piece of scanner.push(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer))) yield parsed(piece);
  }
  for (const piece of scanner.push(decoder.end())) yield parsed(piece);
  for (const piece of scanner.end()) yield parsed(piece);
}

/** How many times the limit on one document a value may be and still be kept whole (a rejects line holding a document near the limit). */
const REJECTS_LINE_FACTOR = 3;

/** `bytes`: set instead of `text` for a value too large to keep (its size in UTF-8 bytes). */
interface Piece { text: string; line: number; record: number; error?: string; bytes?: number }

function parsedPiece(piece: Piece, limits: DocumentLimits): LoadRecord {
  const location = `line ${piece.line} (record ${piece.record})`;
  if (piece.error) return { kind: 'unreadable', location, message: piece.error };
  // Past what the scanner keeps: too large whatever it holds.
  if (piece.bytes !== undefined) return refused(location, sizeExceeded(piece.bytes, limits)!, undefined, undefined);
  let json: unknown;
  try {
    json = JSON.parse(piece.text) as unknown;
  } catch (error) {
    return { kind: 'unreadable', location, message: `not JSON: ${(error as Error).message}` };
  }
  // A line of a rejects file holding a document refused at its limits: that document, read anew
  // (a text within the line is shorter than the line: this ends).
  const text = rejectedText(json);
  if (text !== undefined) return parsedPiece({ ...piece, text }, limits);
  // A line of a rejects file (a document with its problems beside it): the document it holds.
  const held = rejectedRecord(json, location);
  if (held?.kind === 'graph') {
    const over = graphLimitsExceeded(held.id, held.quads, limits);
    return over ? { kind: 'refused', location, id: held.id, problem: limitProblem(over, held.id), graph: held } : held;
  }
  if (held !== undefined && held.kind !== 'json') return held;
  const record = held ?? { kind: 'json', location, json };
  const id = jsonId(record.json);
  // A document's size is its text's; a rejects line's is that of the document in it (its problems beside it do not count).
  if (held === undefined) {
    const tooLarge = sizeExceeded(Buffer.byteLength(piece.text), limits);
    if (tooLarge) return refused(location, tooLarge, id, undefined);
  }
  const exceeded = shapeExceeded(record.json, limits);
  if (exceeded) return refused(location, exceeded, id, piece.text);
  // Within the depth limit, so JSON.stringify cannot overflow on it.
  const tooLarge = held === undefined ? undefined : sizeExceeded(Buffer.byteLength(JSON.stringify(record.json)), limits);
  return tooLarge ? refused(location, tooLarge, id, undefined) : record;
}

function refused(location: string, exceeded: LimitExceeded, id: string | undefined, text: string | undefined): LoadRecord {
  return { kind: 'refused', location, id, problem: limitProblem(exceeded, id), ...(text !== undefined ? { text } : {}) };
}

/** The document's id, when it has one as a string (said beside the refusal). */
function jsonId(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Finds the top-level values of a JSON text: the elements of one outer array, or every
 * top-level object (one document, or NDJSON). Tracks nesting and strings only; JSON.parse
 * checks each value. Anything else where a document is expected (a number, a string, `true`,
 * a stray `}`) is read to its end and reported as one piece.
 */
class TopLevelScanner {
  private buffer = '';
  private line = 1;
  private start = -1;
  private startLine = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private outerArray: boolean | undefined;
  private records = 0;
  private pos = 0;
  /** The value in progress is past the size limit: its text is dropped as it is read, only its bytes counted. */
  private oversized = false;
  private droppedBytes = 0;

  /** `maxBytes`: a value larger than this is not kept whole (its text is never needed). */
  constructor(private readonly maxBytes: number) {}
  /** A value that is no object, being read where a document is expected (its start, for the report). */
  private stray: { text: string; line: number } | undefined;

  push(text: string): Piece[] {
    this.buffer += text;
    const out: Piece[] = [];
    const b = this.buffer;
    for (; this.pos < b.length; this.pos++) {
      const c = b.charCodeAt(this.pos);
      if (c === 10) this.line++;
      if (this.inString) {
        if (this.stray) this.strayText(b[this.pos]!);
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;          // backslash
        else if (c === 34) {                             // quote
          this.inString = false;
          if (this.stray) out.push(this.endStray());
        }
        continue;
      }
      if (this.stray) {
        if (!isDelimiter(c)) { this.strayText(b[this.pos]!); continue; }
        out.push(this.endStray());
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (this.outerArray === undefined) this.outerArray = c === 91;   // [
      const minDepth = this.minDepth;
      if (this.outerArray && this.depth === 0) {
        if (c === 91) { this.depth = 1; continue; }
        this.startStray(c, b[this.pos]!);
        continue;
      }
      if (this.depth === minDepth) {
        if (c === 44) continue;                                        // , between values
        if (c === 93 && this.outerArray) { this.depth = 0; continue; } // ] closing the outer array
        if (c === 123 || c === 91) {                                   // { [ a value starts
          this.start = this.pos;
          this.startLine = this.line;
          this.depth++;
        } else {
          this.startStray(c, b[this.pos]!);
        }
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) this.depth++;                    // { [
      else if (c === 125 || c === 93) {                                // } ]
        this.depth--;
        if (this.depth === minDepth) out.push(this.take(this.pos + 1));
      }
    }
    // Keep only the value in progress (only its size, once it is past the limit).
    if (this.depth > this.minDepth) {
      if (!this.oversized && b.length - this.start > this.maxBytes) this.oversized = true;
      if (this.oversized) {
        this.droppedBytes += Buffer.byteLength(b.slice(this.start));
        this.buffer = '';
        this.pos = 0;
        this.start = 0;
        return out;
      }
      this.buffer = b.slice(this.start);
      this.pos -= this.start;
      this.start = 0;
    } else {
      this.buffer = '';
      this.pos = 0;
    }
    return out;
  }

  end(): Piece[] {
    if (this.stray) {
      this.inString = false;
      return [this.endStray()];
    }
    if (this.depth > this.minDepth || this.inString) {
      this.records++;
      return [{ text: '', line: this.startLine, record: this.records, error: 'the input ends inside this value (truncated?)' }];
    }
    if (this.outerArray && this.depth !== 0) {
      this.records++;
      return [{ text: '', line: this.line, record: this.records, error: 'the input ends before the closing ] of the array' }];
    }
    return [];
  }

  private take(end: number): Piece {
    this.records++;
    if (this.oversized) {
      const bytes = this.droppedBytes + Buffer.byteLength(this.buffer.slice(this.start, end));
      this.oversized = false;
      this.droppedBytes = 0;
      return { text: '', bytes, line: this.startLine, record: this.records };
    }
    return { text: this.buffer.slice(this.start, end), line: this.startLine, record: this.records };
  }

  private startStray(c: number, char: string): void {
    this.stray = { text: char, line: this.line };
    if (c === 34) this.inString = true;
  }

  private strayText(char: string): void {
    const stray = this.stray!;
    if (stray.text.length < STRAY_SHOWN) stray.text += char;
    else if (!stray.text.endsWith('...')) stray.text += '...';
  }

  /** Something other than an object where a document is expected: one piece per such value. */
  private endStray(): Piece {
    const { text, line } = this.stray!;
    this.stray = undefined;
    this.records++;
    return { text: '', line, record: this.records, error: `${text} where a JSON object was expected` };
  }

  private get minDepth(): number {
    return this.outerArray ? 1 : 0;
  }
}

/** Characters of a stray value shown in the report, at most. */
const STRAY_SHOWN = 40;

/** Whitespace, a quote or a structural character: what ends a number or a literal. */
function isDelimiter(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 34 || c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
