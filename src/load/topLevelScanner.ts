/**
 * Cuts a JSON text, read in chunks, into its top-level values (jsonRecords.ts): the elements of
 * one outer array, or every top-level object (one document, or NDJSON).
 */

/** `bytes`: set instead of `text` for a value too large to keep (its size in UTF-8 bytes). */
export interface Piece {
  text: string;
  line: number;
  record: number;
  error?: string;
  bytes?: number;
}

/**
 * Finds the top-level values of a JSON text: the elements of one outer array, or every
 * top-level object (one document, or NDJSON). Tracks nesting and strings only; JSON.parse
 * checks each value. Anything else where a document is expected (a number, a string, `true`,
 * a stray `}`) is read to its end and reported as one piece.
 */
export class TopLevelScanner {
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
      if (!this.stray && this.depth > this.minDepth) {
        this.scanValue(b, out);
        if (this.pos === b.length) break;
        continue; // at the value's closing bracket, which the loop's step passes
      }
      const c = b.charCodeAt(this.pos);
      if (c === 10) this.line++;
      if (this.inString) {
        if (this.stray) this.strayText(b[this.pos]);
        if (this.escaped) this.escaped = false;
        else if (c === 92)
          this.escaped = true; // backslash
        else if (c === 34) {
          // quote
          this.inString = false;
          if (this.stray) out.push(this.endStray());
        }
        continue;
      }
      if (this.stray) {
        if (!isDelimiter(c)) {
          this.strayText(b[this.pos]);
          continue;
        }
        out.push(this.endStray());
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (this.outerArray === undefined) this.outerArray = c === 91; // [
      const minDepth = this.minDepth;
      if (this.outerArray && this.depth === 0) {
        if (c === 91) {
          this.depth = 1;
          continue;
        }
        this.startStray(c, b[this.pos]);
        continue;
      }
      if (this.depth === minDepth) {
        if (c === 44) continue; // , between values
        if (c === 93 && this.outerArray) {
          this.depth = 0;
          continue;
        } // ] closing the outer array
        if (c === 123 || c === 91) {
          // { [ a value starts
          this.start = this.pos;
          this.startLine = this.line;
          this.depth++;
        } else {
          this.startStray(c, b[this.pos]);
        }
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91)
        this.depth++; // { [
      else if (c === 125 || c === 93) {
        // } ]
        this.depth--;
        if (this.depth === minDepth) out.push(this.take(this.pos + 1));
      }
    }
    this.keepValueInProgress(b);
    return out;
  }

  /** Keep only the value in progress of the text read so far, `b` (only its size, once it is past the limit). */
  private keepValueInProgress(b: string): void {
    if (this.depth <= this.minDepth) {
      this.buffer = '';
      this.pos = 0;
      return;
    }
    if (!this.oversized && b.length - this.start > this.maxBytes) this.oversized = true;
    if (this.oversized) {
      this.droppedBytes += Buffer.byteLength(b.slice(this.start));
      this.buffer = '';
      this.pos = 0;
      this.start = 0;
      return;
    }
    this.buffer = b.slice(this.start);
    this.pos -= this.start;
    this.start = 0;
  }

  /**
   * Inside a value (nested past the top level, not a stray one), to its end or the text's: the
   * loop below says the same of each character as push's, which only needs strings and
   * brackets here. Its state is kept in local variables, and a string's text is passed over to
   * its closing quote at once (indexOf runs in native code), its line ends counted with indexOf
   * too: JSON text is mostly strings, so this runs several times faster than a loop over
   * every character.
   */
  private scanValue(b: string, out: Piece[]): void {
    const minDepth = this.minDepth;
    let { pos, depth, inString, escaped, line } = this;
    // The first line end at or after pos (-1: none), kept so as pos moves on.
    let newline = b.indexOf('\n', pos);
    for (; pos < b.length; pos++) {
      if (inString) {
        const close = closingQuote(b, pos, escaped);
        const end = close < 0 ? b.length : close;
        while (newline !== -1 && newline < end) {
          line++;
          newline = b.indexOf('\n', newline + 1);
        }
        if (close < 0) {
          escaped = escapedAtEnd(b, pos, escaped);
          pos = b.length;
          break;
        }
        inString = false;
        escaped = false;
        pos = close; // the loop's step passes the quote
        continue;
      }
      const c = b.charCodeAt(pos);
      if (c === 10) {
        line++;
        newline = b.indexOf('\n', pos + 1);
      } else if (c === 34)
        inString = true; // quote
      else if (c === 123 || c === 91)
        depth++; // { [
      else if (c === 125 || c === 93) {
        // } ]
        if (--depth === minDepth) break;
      }
    }
    this.pos = pos;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.line = line;
    if (depth === minDepth) out.push(this.take(pos + 1));
  }

  end(): Piece[] {
    if (this.stray) {
      this.inString = false;
      return [this.endStray()];
    }
    if (this.depth > this.minDepth || this.inString) {
      this.records++;
      return [
        {
          text: '',
          line: this.startLine,
          record: this.records,
          error: 'the input ends inside this value (truncated?)',
        },
      ];
    }
    if (this.outerArray && this.depth !== 0) {
      this.records++;
      return [
        { text: '', line: this.line, record: this.records, error: 'the input ends before the closing ] of the array' },
      ];
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
  return (
    c === 32 ||
    c === 10 ||
    c === 13 ||
    c === 9 ||
    c === 34 ||
    c === 44 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125
  );
}

/** Whether, in a string, the character at `to` is escaped, reading from `from` (`escaped`: whether the one at `from` is): an odd run of backslashes before it. */
function escapedBefore(b: string, from: number, to: number, escaped: boolean): boolean {
  let backslashes = 0;
  while (to - 1 - backslashes >= from && b.charCodeAt(to - 1 - backslashes) === 92) backslashes++;
  // A run back to `from`: the first of it is itself escaped when the string's state there says so.
  if (backslashes === to - from && escaped) backslashes++;
  return backslashes % 2 === 1;
}

/** In a string at `pos` (`escaped`: whether the character there is escaped), the index of the quote that closes it; -1 when the text ends first. */
function closingQuote(b: string, pos: number, escaped: boolean): number {
  let from = pos;
  let state = escaped;
  for (let quote = b.indexOf('"', from); quote !== -1; quote = b.indexOf('"', from)) {
    if (!escapedBefore(b, from, quote, state)) return quote;
    // An escaped quote: the string goes on after it, with nothing escaped.
    from = quote + 1;
    state = false;
  }
  return -1;
}

/** In a string at `pos` with no closing quote in the text, whether the text ends escaped (after an odd run of backslashes). */
function escapedAtEnd(b: string, pos: number, escaped: boolean): boolean {
  const lastQuote = b.lastIndexOf('"');
  // After an escaped quote nothing is escaped; before pos the state is the one given.
  return lastQuote >= pos ? escapedBefore(b, lastQuote + 1, b.length, false) : escapedBefore(b, pos, b.length, escaped);
}
