/**
 * The one string escaper of the RDF text the service writes by hand (N-Triples, N-Quads, Turtle,
 * SPARQL): `"` and `\` as ECHARs (`\"`, `\\`), and every control character escaped (an ECHAR
 * where there is one, else `\uXXXX`), so that a string ends where the writer ends it. (The store's
 * own N-Quads, written in bulk, use JSON's escapes instead: plainNQuads.ts.)
 */

const ECHAR: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function escapeChar(c: string): string {
  return ECHAR[c] ?? '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f]/;
const NEEDS_ESCAPE_ALL = /["\\\u0000-\u001f\u007f]/g;
/** In a long (`"""..."""`) string a newline stands for itself. */
const NEEDS_ESCAPE_LONG_ALL = /["\\\u0000-\u0009\u000b-\u001f\u007f]/g;

/** The text between a string's quotes. Most values need no escape: tested first, the common case is not copied. */
export function escapedString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(NEEDS_ESCAPE_ALL, escapeChar) : value;
}

/** The text between a long string's triple quotes (Turtle): newlines stay as they are. */
export function escapedLongString(value: string): string {
  return value.replace(NEEDS_ESCAPE_LONG_ALL, escapeChar);
}
