/**
 * How deep a SPARQL text nests its brackets, read before it is parsed. sparqljs's parser is
 * quadratic in nesting (a 2,000-deep chain of blank nodes, 246 KB, parses in 11 s on the request
 * thread) and Oxigraph runs out of its stack on such a text; no curator's query nests more than a
 * few dozen levels. A lexical scan: brackets inside strings, IRIs and comments do not count.
 */

/** Where a text first nests deeper than the limit: its depth, line and column (1-based). */
export interface TooDeep {
  readonly depth: number;
  readonly line: number;
  readonly column: number;
}

import { NOT_IN_IRIREF_CLASS } from '../rdf/syntax/iri.js';

const OPENING = new Set(['{', '(', '[']);
const CLOSING = new Set(['}', ')', ']']);
/** An IRIREF at this position (SPARQL 1.1 grammar [139]); a `<` that starts none is an operator. */
const IRIREF = new RegExp(`<[^${NOT_IN_IRIREF_CLASS}]*>`, 'y');

/** The first place the text nests deeper than `limit`, or undefined. */
export function nestedDeeperThan(text: string, limit: number): TooDeep | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (c === '#') {
      i = endOfLine(text, i) - 1;
      continue;
    }
    if (c === '"' || c === "'") {
      i = endOfString(text, i) - 1;
      continue;
    }
    if (c === '<') {
      IRIREF.lastIndex = i;
      if (IRIREF.test(text)) i = IRIREF.lastIndex - 1;
      continue;
    }
    if (OPENING.has(c) && ++depth > limit) return { depth, line, column: i - lineStart + 1 };
    if (CLOSING.has(c) && depth > 0) depth--;
  }
  return undefined;
}

function endOfLine(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** The index after the string literal opening at `from` ('…', "…", '''…''' or """…"""). */
function endOfString(text: string, from: number): number {
  const quote = text[from];
  const long = text.startsWith(quote.repeat(3), from);
  const close = long ? quote.repeat(3) : quote;
  let i = from + close.length;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(close, i)) return i + close.length;
    // A short string ends at its line's end (a syntax error the parser reports).
    if (!long && (text[i] === '\n' || text[i] === '\r')) return i;
    i++;
  }
  return text.length;
}
