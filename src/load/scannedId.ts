/**
 * The top-level id of a JSON record read from its text, without building the document: the
 * first pass of a load (lastCopies.ts) needs nothing else of a record, and JSON.parse of every
 * record only to learn its id cost about as much as cutting the input into records.
 *
 * For a text JSON.parse reads as an object, the answer is exactly what `json.id ?? json['@id']`
 * is, when a string (undefined when it is no string). For any other text (one JSON.parse
 * refuses) the answer may be anything: the caller must not rely on it there (lastCopies.ts says
 * how it does not). Where this scan cannot be sure it says UNSURE, and the caller parses:
 * a top-level key written with an escape (`"\u0069d"` is `id`), a key `problems` (a line of a
 * rejects file, whose record is the document inside it), an id string JSON.parse does not read,
 * text that ends early.
 */

export const UNSURE = Symbol('unsure');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, pos: number): number {
  while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
  return pos;
}

/** The index of the quote that closes the string opened at `open`; -1 when there is none. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  // A quote after an odd number of backslashes is escaped: part of the string.
  while (close > 0) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
    close = text.indexOf('"', close + 1);
  }
  return -1;
}

/** Where the value starting at `pos` ends (the index after it); -1 when the text ends first. */
function valueEnd(text: string, pos: number): number {
  const first = text.charCodeAt(pos);
  if (first === QUOTE) {
    const close = stringEnd(text, pos);
    return close < 0 ? -1 : close + 1;
  }
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let p = pos; p < text.length; p++) {
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        p = stringEnd(text, p);
        if (p < 0) return -1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return p + 1;
    }
    return -1;
  }
  // A number, true, false or null: to the next delimiter.
  let p = pos;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
    p++;
  }
  return p;
}

/** A string token's value as JSON.parse reads it; UNSURE when it does not read it. */
function stringValue(token: string): string | typeof UNSURE {
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    return JSON.parse(token) as string;
  } catch {
    return UNSURE;
  }
}

/** The id of the JSON record `text` (as the top-level value the scanner cut: an object or an array). */
export function scannedId(text: string): string | undefined | typeof UNSURE {
  let pos = skipSpace(text, 0);
  // An array (or anything else) holds no id: JSON.parse makes an array of it, or refuses it.
  if (text.charCodeAt(pos) !== OPEN_BRACE) return undefined;
  // The last value of each key, as JSON.parse keeps the last of keys given twice.
  let id: string | undefined;
  let atId: string | undefined;
  pos = skipSpace(text, pos + 1);
  if (text.charCodeAt(pos) !== CLOSE_BRACE) {
    for (;;) {
      if (text.charCodeAt(pos) !== QUOTE) return UNSURE;
      const keyClose = stringEnd(text, pos);
      if (keyClose < 0) return UNSURE;
      const key = text.slice(pos + 1, keyClose);
      if (key.includes('\\') || key === 'problems') return UNSURE;
      pos = skipSpace(text, keyClose + 1);
      if (text.charCodeAt(pos) !== COLON) return UNSURE;
      const start = skipSpace(text, pos + 1);
      const end = valueEnd(text, start);
      if (end < 0) return UNSURE;
      if (key === 'id') id = text.slice(start, end);
      else if (key === '@id') atId = text.slice(start, end);
      pos = skipSpace(text, end);
      const c = text.charCodeAt(pos);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) return UNSURE;
      pos = skipSpace(text, pos + 1);
    }
  }
  // `json.id ?? json['@id']`: the id unless it is absent or null; a string, or none.
  const value = id === undefined || id === 'null' ? atId : id;
  if (value === undefined || value.charCodeAt(0) !== QUOTE) return undefined;
  return stringValue(value);
}
