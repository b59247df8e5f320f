/**
 * JSON-LD dumps: one document, an array of documents, or NDJSON (one document per line),
 * read as a stream. An array is cut into its elements by a small scanner (depth and strings
 * only), so a dump of any size never becomes one string; each element keeps the line it
 * started on for the report.
 */
import type { Readable } from 'node:stream';
import type { LoadRecord } from './records.js';

export async function* jsonRecords(input: Readable): AsyncGenerator<LoadRecord> {
  const scanner = new TopLevelScanner();
  for await (const chunk of input) {
    for (const piece of scanner.push(typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8'))) yield parsed(piece);
  }
  for (const piece of scanner.end()) yield parsed(piece);
}

interface Piece { text: string; line: number; record: number; error?: string }

function parsed(piece: Piece): LoadRecord {
  const location = `line ${piece.line} (record ${piece.record})`;
  if (piece.error) return { kind: 'unreadable', location, message: piece.error };
  try {
    return { kind: 'json', location, json: JSON.parse(piece.text) as unknown };
  } catch (error) {
    return { kind: 'unreadable', location, message: `not JSON: ${(error as Error).message}` };
  }
}

/**
 * Finds the top-level values of a JSON text: the elements of one outer array, or every
 * top-level object (one document, or NDJSON). Tracks nesting and strings only; JSON.parse
 * checks each value.
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
  private lastStray = -2;

  push(text: string): Piece[] {
    this.buffer += text;
    const out: Piece[] = [];
    const b = this.buffer;
    for (; this.pos < b.length; this.pos++) {
      const c = b.charCodeAt(this.pos);
      if (c === 10) this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;          // backslash
        else if (c === 34) this.inString = false;        // quote
        continue;
      }
      if (c === 34) { this.inString = true; continue; }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (this.outerArray === undefined) this.outerArray = c === 91;   // [
      const minDepth = this.minDepth;
      if (this.outerArray && this.depth === 0) {
        if (c === 91) { this.depth = 1; continue; }
        out.push(...this.stray(b[this.pos]!));
        continue;
      }
      if (this.depth === minDepth && (c === 44 || c === 93)) {          // , or ] between elements
        if (c === 93) this.depth = 0;
        continue;
      }
      if (c === 123 || c === 91) {                                     // { [
        if (this.depth === minDepth) { this.start = this.pos; this.startLine = this.line; }
        this.depth++;
      } else if (c === 125 || c === 93) {                              // } ]
        this.depth--;
        if (this.depth === minDepth) out.push(this.take(this.pos + 1));
      } else if (this.depth === minDepth) {
        out.push(...this.stray(b[this.pos]!));
      }
    }
    // Keep only the value in progress.
    if (this.depth > this.minDepth) {
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
    if (this.depth > this.minDepth || this.inString) {
      this.records++;
      return [{ text: '', line: this.startLine, record: this.records, error: 'the input ends inside this value (truncated?)' }];
    }
    if (this.outerArray && this.depth !== 0) {
      return [{ text: '', line: this.line, record: this.records, error: 'the input ends before the closing ] of the array' }];
    }
    return [];
  }

  private take(end: number): Piece {
    this.records++;
    return { text: this.buffer.slice(this.start, end), line: this.startLine, record: this.records };
  }

  /** Something other than an object at the top: reported once per run of such characters. */
  private stray(char: string): Piece[] {
    if (this.pos === this.lastStray + 1) { this.lastStray = this.pos; return []; }
    this.lastStray = this.pos;
    this.records++;
    return [{ text: '', line: this.line, record: this.records, error: `${JSON.stringify(char)} where a JSON object was expected` }];
  }

  private get minDepth(): number {
    return this.outerArray ? 1 : 0;
  }
}
