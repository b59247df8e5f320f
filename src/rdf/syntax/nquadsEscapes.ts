/**
 * The escapes of N-Quads and N-Triples text (string literals: `\t \b \n \r \f \" \' \\`,
 * `\uXXXX`, `\UXXXXXXXX`; IRIs: `\u` and `\U` only), undone as n3 undoes them. Anything n3
 * would refuse (another escape, a missing digit, a code point that is no Unicode scalar value,
 * an IRI that comes out with a character IRIs cannot hold) gives undefined: the line reader then
 * hands the line to n3, which reports it.
 */
import { NOT_IN_IRIREF } from './iri.js';

/** A term's text read from a line: its value, and where the line goes on after it. */
export interface Scanned {
  readonly value: string;
  readonly next: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const GREATER = 0x3e;

/**
 * Characters an IRI cannot hold, written or escaped (n3's `illegalIriChars`): controls, space,
 * `<>"{}|^` and backquote, and the backslash (which, written, can only start an escape).
 */
const IRI_ILLEGAL = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) IRI_ILLEGAL[c] = NOT_IN_IRIREF.test(String.fromCharCode(c)) ? 1 : 0;

/** What a one-letter string escape stands for (ECHAR), by the letter's code; 0 for no escape. */
const ECHAR = new Uint16Array(0x80);
for (const [letter, char] of [
  ['t', '\t'],
  ['b', '\b'],
  ['n', '\n'],
  ['r', '\r'],
  ['f', '\f'],
  ['"', '"'],
  ["'", "'"],
  ['\\', '\\'],
] as const) {
  ECHAR[letter.charCodeAt(0)] = char.charCodeAt(0);
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * The code point written by the `digits` hex digits at `from` (before `end`), or -1 when one is
 * missing or the code point is a surrogate or past U+10FFFF (n3 refuses those, even in pairs).
 */
function codePoint(text: string, from: number, digits: number, end: number): number {
  if (from + digits > end) return -1;
  let cp = 0;
  for (let i = from; i < from + digits; i++) {
    const d = hexDigit(text.charCodeAt(i));
    if (d < 0) return -1;
    cp = cp * 16 + d; // eight digits can pass 2^31: no shifts
  }
  return cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? -1 : cp;
}

/**
 * A string literal's content, after its opening quote, to its closing one, when it is JSON's as
 * well: no written control character, escapes of both (and a `\u` that is no surrogate, which
 * n3 refuses). One native scan, where a loop here is several times slower on hints' literals.
 * Written as runs of plain characters between escapes (an escape starts with the one character
 * no run holds), so that a literal that does not match fails in one pass, not by backtracking
 * through every way of cutting its runs.
 */
const JSON_STRING = /[^"\\\x00-\x1f]*(?:(?:\\["\\bfnrt]|\\u(?![dD][89a-fA-F])[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*"/y;

/**
 * The string literal whose content starts at `from` (just after its opening quote), its escapes
 * undone, up to the closing quote before `end`; undefined when it does not close on the line or
 * has an escape n3 refuses.
 *
 * Most escaped literals are JSON's too (a hint's JSON in a literal is all `\"`): those are
 * handed to JSON.parse, which undoes them in one native pass, where piecing the value together
 * here made millions of short-lived strings for the collector. JSON differs on `\'` and `\U`
 * (it has neither) and on written control characters (it refuses them): those are undone here.
 */
export function quotedString(text: string, from: number, end: number): Scanned | undefined {
  JSON_STRING.lastIndex = from;
  let close = -1;
  try {
    if (JSON_STRING.test(text)) close = JSON_STRING.lastIndex - 1;
  } catch {
    // A literal of millions of escapes can exhaust the expression's stack: checked below instead.
  }
  if (close >= 0 && close < end)
    return { value: JSON.parse(text.slice(from - 1, close + 1)) as string, next: close + 1 };
  let json = true;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      return {
        value: json ? (JSON.parse(text.slice(from - 1, i + 1)) as string) : unescaped(text, from, i),
        next: i + 1,
      };
    }
    if (c < 0x20) json = false;
    if (c !== BACKSLASH) continue;
    const letter = text.charCodeAt(i + 1);
    if (i + 1 >= end) return undefined;
    if (letter === 0x75 || letter === 0x55) {
      // u, U
      const digits = letter === 0x75 ? 4 : 8;
      if (codePoint(text, i + 2, digits, end) < 0) return undefined;
      if (digits === 8) json = false;
      i += 1 + digits;
    } else {
      if (letter >= 0x80 || ECHAR[letter] === 0) return undefined;
      if (letter === 0x27) json = false; // \'
      i += 1;
    }
  }
  return undefined;
}

/**
 * The text `text[from, to)`, its escapes (known to be good: checked by quotedString, or written by
 * the store, which writes only ECHARs and `\u` escapes of scalar values) undone.
 */
export function unescaped(text: string, from: number, to: number): string {
  let value = '';
  let run = from;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) !== BACKSLASH) continue;
    value += text.slice(run, i);
    const letter = text.charCodeAt(i + 1);
    if (letter === 0x75 || letter === 0x55) {
      // u, U
      const digits = letter === 0x75 ? 4 : 8;
      value += String.fromCodePoint(codePoint(text, i + 2, digits, to));
      i += 1 + digits;
    } else {
      value += String.fromCharCode(ECHAR[letter]);
      i += 1;
    }
    run = i + 1;
  }
  return value + text.slice(run, to);
}

/**
 * The IRI whose text starts at `from` (after `<`), with `\u`/`\U` escapes undone, up to the `>`
 * before `end`; undefined when it does not close on the line, has another escape or a bad one,
 * or holds (written or escaped) a character an IRI cannot hold. Whether it is absolute is the
 * caller's to check, on the value.
 */
export function escapedIri(text: string, from: number, end: number): Scanned | undefined {
  let value = '';
  let run = from;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === GREATER) return { value: value + text.slice(run, i), next: i + 1 };
    if (c !== BACKSLASH) {
      if (c < 0x80 && IRI_ILLEGAL[c] === 1) return undefined;
      continue;
    }
    const letter = text.charCodeAt(i + 1);
    if (i + 1 >= end || (letter !== 0x75 && letter !== 0x55)) return undefined;
    const digits = letter === 0x75 ? 4 : 8;
    const cp = codePoint(text, i + 2, digits, end);
    if (cp < 0 || (cp < 0x80 && IRI_ILLEGAL[cp] === 1)) return undefined;
    value += text.slice(run, i) + String.fromCodePoint(cp);
    i += 1 + digits;
    run = i + 1;
  }
  return undefined;
}
