/**
 * N-Quads and N-Triples streams read line by line, in the order they are written, a batch of
 * quads and comments for each chunk of text.
 *
 * Every line the line reader (NQuadsLineReader) knows is read there; a line it does not know
 * (an unusual form) is read by n3 alone. When n3 refuses a line read alone, the line is broken or
 * its statement goes on over the next lines (n3 lets a statement run over lines, which the
 * N-Quads grammar does not): n3 then reads the rest of the input, from that line on, as it would
 * have read the whole, and gives the quads or the error with its line (`... on line 12.`).
 * Either way, what comes out is what n3 gives reading the input whole, but for the blank node
 * labels' prefix (one for each input, as n3 makes one for each parse).
 *
 * Lines are counted as n3 counts them (a lone CR breaks a line too). Batches are read ahead of the
 * consumer up to a bound (readAhead), so memory holds that many items whatever the size of the
 * dump. An error of the input (not of its syntax) is marked `fromInput`, as orderedQuads marks it.
 */
import { Readable } from 'node:stream';
import { n3Line, type LineFormat } from '../rdf/syntax/n3Line.js';
import { NQuadsLineReader } from '../rdf/syntax/nquadsLine.js';
import { orderedQuads } from './orderedQuads.js';
import { isLineMark, type ParsedItem } from '../rdf/syntax/parsedItem.js';
import { startsDocument } from './startsDocument.js';
import { readAhead } from './readAhead.js';

const LF = '\n';
const CR = '\r';
const BOM = '\ufeff';

/** Blank node labels get a prefix new for each input (as n3 gives each parse one), so two dumps' labels never meet. */
let inputsRead = 0;
const newBlankNodePrefix = (): string => `l${(inputsRead++).toString(36)}_`;

/** Items read ahead of the consumer (as orderedQuads buffers before it pauses the input). */
const READ_AHEAD = 20000;

export function nquadsItems(input: Readable, format: LineFormat): AsyncGenerator<ParsedItem[]> {
  return readAhead(lineItems(input, format), READ_AHEAD);
}

async function* lineItems(input: Readable, format: LineFormat): AsyncGenerator<ParsedItem[]> {
  const lines = new LinesRead(format, newBlankNodePrefix());
  const chunks = textOf(input);
  let rest: Readable | undefined;

  /** n3 reads the rest from `text` on, as it would have read the whole: from this line, in the state every line before left it. */
  async function* readRest(text: string, batch: ParsedItem[]): AsyncGenerator<ParsedItem[]> {
    if (batch.length > 0) yield batch;
    rest = Readable.from(restOfText(text, chunks));
    yield* orderedQuads(rest, format, {
      blankNodePrefix: lines.blankNodePrefix,
      firstLine: lines.line,
      graph: lines.graph,
    });
  }

  try {
    let carried: string[] = []; // the start of a line that goes on in the next chunk
    let first = true;
    for (;;) {
      const next = await chunks.next();
      let chunk = next.done ? '' : next.value;
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.startsWith(BOM)) chunk = chunk.slice(1); // as n3 does, at the start only
      }
      const batch: ParsedItem[] = [];
      let from = 0;
      if (carried.length > 0 || next.done) {
        // The line begun in earlier chunks, made whole and read alone; the chunk itself is read as
        // it came, one flat string (joined to what came before, every character read costs more).
        const lineBreak = chunk.indexOf(LF);
        if (lineBreak < 0 && !next.done) {
          carried.push(chunk);
          continue;
        }
        from = lineBreak < 0 ? chunk.length : lineBreak + 1;
        carried.push(chunk.slice(0, from));
        const head = carried.join('');
        carried = [];
        const read = lines.read(head, 0, true, batch);
        if (read < 0) {
          yield* readRest(head.slice(-read - 1) + chunk.slice(from), batch);
          return;
        }
      }
      const read = lines.read(chunk, from, next.done === true, batch);
      if (read < 0) {
        yield* readRest(chunk.slice(-read - 1), batch);
        return;
      }
      if (read < chunk.length) carried.push(chunk.slice(read));
      if (batch.length > 0) yield batch;
      if (next.done) return;
    }
  } finally {
    // Stopped early (or done): the input is let go. Once n3 reads the rest, the rest's stream holds it.
    if (rest) rest.destroy();
    else await chunks.return(undefined);
  }
}

/** The lines of one input read in order: each by the line reader, or by n3 when the reader does not know it. */
class LinesRead {
  /** The number, as n3 counts, of the line read next. */
  line = 1;
  /** The graph of the last quad read ('' for the default graph). */
  graph = '';
  private readonly reader: NQuadsLineReader;

  constructor(
    private readonly format: LineFormat,
    readonly blankNodePrefix: string,
  ) {
    this.reader = new NQuadsLineReader({ graphs: format === 'N-Quads', blankNodePrefix });
  }

  /**
   * Reads the lines of `text` from `start` into `batch`, up to the last line break (or the end,
   * when `toEnd`): where the line not read begins; or, when n3 refuses a line read alone,
   * -1 - where that line begins.
   */
  read(text: string, start: number, toEnd: boolean, batch: ParsedItem[]): number {
    const { format, blankNodePrefix, reader } = this;
    let cr = text.indexOf(CR, start); // the next CR at or after `start`, -1 when there is none
    while (start < text.length) {
      let lineBreak = text.indexOf(LF, start);
      if (lineBreak < 0) {
        if (!toEnd) break;
        lineBreak = text.length; // the last line, with no line break
      }
      let end = lineBreak;
      if (end > start && text.charCodeAt(end - 1) === 13) end--; // CRLF
      if (cr >= 0 && cr < start) cr = text.indexOf(CR, start);
      const before = batch.length;
      const lines =
        cr >= 0 && cr < end
          ? readByN3(text.slice(start, end), format, blankNodePrefix, batch)
          : reader.read(text, start, end, batch)
            ? 1
            : readByN3(text.slice(start, end), format, blankNodePrefix, batch);
      if (lines === 0) return -1 - start;
      // Where a document may start, its line, as n3's own reading gives it (orderedQuads).
      for (let i = before; i < batch.length; i++) {
        const item = batch[i];
        if (isLineMark(item)) continue;
        if (startsDocument(item, this.graph)) batch.splice(i++, 0, { line: this.line });
        if (typeof item !== 'string') this.graph = item.graph.value;
      }
      this.line += lines;
      start = lineBreak + 1;
    }
    return start;
  }
}

/**
 * The line read by n3 alone, its items added to `batch`: the lines it takes as n3 counts them
 * (a lone CR in it breaks a line), or 0 when n3 refuses it alone.
 */
function readByN3(text: string, format: LineFormat, blankNodePrefix: string, batch: ParsedItem[]): number {
  const items = n3Line(text, format, blankNodePrefix);
  if (items === undefined) return 0;
  for (const item of items) batch.push(item);
  let lines = 1;
  for (let cr = text.indexOf(CR); cr >= 0; cr = text.indexOf(CR, cr + 1)) lines++;
  return lines;
}

async function* restOfText(head: string, chunks: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head;
  yield* chunks;
}

/** The input as text: decoded as UTF-8 unless it is text already (a stream of strings); its errors marked as the input's. */
async function* textOf(input: Readable): AsyncGenerator<string> {
  if (!input.readableObjectMode) input.setEncoding('utf8');
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  try {
    for await (const chunk of input as AsyncIterable<string | Uint8Array>) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text.length > 0) yield text;
    }
    const last = decoder.decode();
    if (last.length > 0) yield last;
  } catch (error) {
    throw Object.assign(error as Error, { fromInput: true });
  }
}
