/**
 * One quad written alone as an N-Quads line (a hint comment's quad, say), read back: by the
 * N-Quads line reader where the line is in a form it reads (n3 was a tenth of a load's reading
 * time, hint literals being long), else by n3, which must find exactly one quad. The line reader
 * reads a line only when its result is n3's, so either way the quad is n3's. (Blank nodes get no
 * prefix: a quad read alone stands alone.)
 */
import { Parser } from 'n3';
import { df, type Quad } from '../terms.js';
import { NQuadsLineReader } from './nquadsLine.js';
import { isLineMark, type ParsedItem } from './parsedItem.js';

const lines = new NQuadsLineReader({ graphs: true, blankNodePrefix: '' });
const LF = 0x0a;
const CR = 0x0d;

/** The one quad `text` holds from `from` on (it may keep its line ending), or undefined when it holds no quad or more than one. */
export function readOneQuad(text: string, from: number): Quad | undefined {
  let end = text.length;
  if (end > from && text.charCodeAt(end - 1) === LF) end--;
  if (end > from && text.charCodeAt(end - 1) === CR) end--;
  const items: ParsedItem[] = [];
  if (!breaksLine(text, from, end) && lines.read(text, from, end, items)) {
    const first = items[0];
    return first !== undefined && typeof first !== 'string' && !isLineMark(first) ? first : undefined;
  }
  let quads: Quad[];
  try {
    quads = new Parser({ format: 'N-Quads', factory: df }).parse(text.slice(from));
  } catch {
    return undefined;
  }
  return quads.length === 1 ? quads[0] : undefined;
}

/** Whether `text[from, end)` holds a line break (the line reader reads one line). */
function breaksLine(text: string, from: number, end: number): boolean {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  return (lf >= 0 && lf < end) || (cr >= 0 && cr < end);
}
