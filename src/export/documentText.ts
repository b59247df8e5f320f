/**
 * Joining documents serialized one by one (src/rdf/syntax/serialize.ts) into one export file.
 *
 * Two things change when several documents share a file:
 *
 * - Blank node labels. Each document is serialized with its blank nodes labelled `b0`, `b1`, ...,
 *   but in N-Triples, N-Quads, Turtle and TriG a label means the same node everywhere in the
 *   file: two documents' `_:b0` would be merged into one node. Each document's labels get a
 *   prefix of their own (`_:d7_b0`).
 * - `@prefix` lines (Turtle, TriG). The file starts with one block declaring every prefix of
 *   the table (PREFIXES); each document is written without its own block. The namespaces are
 *   the table's in both, so every prefixed name means what it meant.
 */
import { PREFIXES } from '../rdf/syntax/serialize.js';

/**
 * Tokens of the serializers' output that may contain `_:`: strings (`"""..."""` and `"..."`,
 * whose `"` and `\` are always escaped inside), IRIs (`<...>`, which never hold `>`), then the
 * blank node labels themselves. Prefixed names are written only when their local part is plain
 * (no `:`), so `_:` outside strings and IRIs always starts a blank node label.
 */
const TOKENS = /"""[^"\\]*(?:\\.[^"\\]*)*"""|"[^"\\]*(?:\\.[^"\\]*)*"|<[^>]*>|_:([A-Za-z0-9_]+)/gs;

/** The serialized text with every blank node label `_:x` renamed `_:{prefix}x`. */
export function relabelBlankNodes(text: string, prefix: string): string {
  if (!text.includes('_:')) return text;
  return text.replace(TOKENS, (token: string, label: string | undefined) =>
    label === undefined ? token : '_:' + prefix + label,
  );
}

/** The `@prefix` block an export in Turtle or TriG starts with: every prefix of the table, then an empty line. */
export function prefixBlock(): string {
  let out = '';
  for (const [prefix, ns] of Object.entries(PREFIXES)) out += `@prefix ${prefix}: <${ns}> .\n`;
  return out + '\n';
}

/** A Turtle or TriG serialization without its leading `@prefix` lines and the empty line after them. */
export function withoutPrefixLines(text: string): string {
  let at = 0;
  while (text.startsWith('@prefix ', at)) {
    const end = text.indexOf('\n', at);
    if (end < 0) return '';
    at = end + 1;
  }
  if (at > 0 && text[at] === '\n') at++;
  return text.slice(at);
}
