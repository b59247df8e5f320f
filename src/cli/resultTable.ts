/**
 * The readable table `linkedart query` prints for SELECT results: one column per variable
 * under a header row, IRIs compacted with the usual prefixes (crm:E22_Human-Made_Object),
 * literals as their value with @lang or ^^datatype (compacted) when not a plain string, blank
 * nodes relabelled _:b1, _:b2, ... in order of appearance, unbound values empty.
 *
 * Columns are as wide as their content. Given a width (the terminal's), the widest columns
 * are narrowed until the table fits and the cells cut are elided with '…'; then a line says
 * how many cells were shortened and how to see them whole, so nothing is lost silently. The
 * last line counts the rows. Line breaks and other control characters inside a value are shown
 * escaped (\n, \t, \u0001) so that every row stays on one line.
 */
import { PREFIXES } from '../rdf/syntax/prefixes.js';
import type { PlainTerm } from '../rdf/terms.js';
import type { QueryResult } from '../store/QuadStore.js';

export type Bindings = Extract<QueryResult, { kind: 'bindings' }>;

export interface TableOptions {
  /** Columns available (the terminal's width); absent: as wide as the content needs. */
  readonly width?: number;
}

export interface RenderedTable {
  /** The table, the note on shortened cells if any, and `N rows`; ends with a newline. */
  readonly text: string;
  /** Cells elided to fit the width. */
  readonly shortened: number;
}

/** Between two columns. */
const SEPARATOR = ' │ ';
const HEADER_SEPARATOR = '─┼─';
/** A column is never narrowed below this (or its header, or its content if narrower). */
const MIN_COLUMN = 8;
const ELLIPSIS = '…';

/** Namespaces longest first, so that a namespace inside another (archaeo: in crm:) wins. */
const NAMESPACES: ReadonlyArray<readonly [string, string]> = Object.entries(PREFIXES)
  .map(([prefix, ns]) => [ns, prefix] as const)
  .sort((a, b) => b[0].length - a[0].length);

/** A local name that reads unambiguously after `prefix:` (and is a valid Turtle PN_LOCAL). */
const LOCAL_NAME = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_-])?$/u;

/** `crm:E22_Human-Made_Object` for an IRI in a known namespace, else the IRI as it is. */
export function compactIri(iri: string): string {
  for (const [ns, prefix] of NAMESPACES) {
    if (iri.startsWith(ns) && iri.length > ns.length) {
      const local = iri.slice(ns.length);
      if (LOCAL_NAME.test(local)) return `${prefix}:${local}`;
    }
  }
  return iri;
}

/** Labels blank nodes _:b1, _:b2, ... in the order they are first shown. */
export class BlankNodeLabels {
  private readonly labels = new Map<string, string>();
  label(id: string): string {
    let label = this.labels.get(id);
    if (label === undefined) {
      label = `_:b${this.labels.size + 1}`;
      this.labels.set(id, label);
    }
    return label;
  }
}

/** How one value reads in a cell (before escaping and eliding); undefined (unbound) is empty. */
export function termText(term: PlainTerm | undefined, blanks: BlankNodeLabels): string {
  if (term === undefined) return '';
  switch (term.t) {
    case 'N':
      return compactIri(term.v);
    case 'B':
      return blanks.label(term.v);
    case 'L':
      if (term.l !== undefined) return `${term.v}@${term.l}`;
      if (term.d !== undefined) {
        const datatype = compactIri(term.d);
        return `${term.v}^^${datatype === term.d ? `<${term.d}>` : datatype}`;
      }
      return term.v;
    case 'D':
      return '';
  }
}

/** Control characters shown as escapes, so a value keeps to one line. */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

/** Columns a string takes on a terminal: combining marks none, East Asian wide characters two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

function charWidth(char: string): number {
  if (/[\p{Mn}\p{Me}\p{Cf}]/u.test(char)) return 0;
  const c = char.codePointAt(0)!;
  const wide =
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0x303e) ||
    (c >= 0x3041 && c <= 0x33ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xa000 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd);
  return wide ? 2 : 1;
}

/** The text cut to at most `width` columns, ending with '…' when cut. */
export function elide(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return out + ELLIPSIS;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * The widths of the columns: their natural widths, or, when those do not fit, the widest
 * narrowed to one cap (never below their floor), any space left over given back one column
 * at a time.
 */
export function fitColumns(natural: readonly number[], floors: readonly number[], width: number | undefined): number[] {
  const n = natural.length;
  if (n === 0 || width === undefined) return [...natural];
  const available = width - SEPARATOR.length * (n - 1);
  const sum = (cap: number): number => natural.reduce((s, w, i) => s + Math.max(floors[i], Math.min(w, cap)), 0);
  if (sum(Infinity) <= available) return [...natural];
  let low = 0;
  let high = Math.max(...natural);
  while (low < high) {
    // the largest cap that fits
    const mid = Math.ceil((low + high) / 2);
    if (sum(mid) <= available) low = mid;
    else high = mid - 1;
  }
  const widths = natural.map((w, i) => Math.max(floors[i], Math.min(w, low)));
  let spare = available - widths.reduce((s, w) => s + w, 0);
  for (let i = 0; spare > 0 && i < n; i++) {
    if (widths[i] < natural[i]) {
      widths[i]++;
      spare--;
    }
  }
  return widths;
}

/** The table of a SELECT result (see the module comment). */
export function renderTable(result: Bindings, options: TableOptions = {}): RenderedTable {
  const blanks = new BlankNodeLabels();
  const headers = [...result.variables];
  const cells = result.rows.map((row) => result.variables.map((v) => escapeControls(termText(row[v], blanks))));
  const natural = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((row) => displayWidth(row[i]))));
  const floors = headers.map((h, i) => Math.min(natural[i], Math.max(displayWidth(h), MIN_COLUMN)));
  const widths = fitColumns(natural, floors, options.width);

  let shortened = 0;
  const line = (values: readonly string[]): string =>
    values
      .map((value, i) => {
        let shown = value;
        if (displayWidth(value) > widths[i]) {
          shown = elide(value, widths[i]);
          shortened++;
        }
        return i === values.length - 1 ? shown : pad(shown, widths[i]);
      })
      .join(SEPARATOR)
      .trimEnd();

  const lines: string[] = [];
  if (headers.length > 0) {
    lines.push(
      headers
        .map((h, i) => (i === headers.length - 1 ? h : pad(h, widths[i])))
        .join(SEPARATOR)
        .trimEnd(),
    );
    lines.push(widths.map((w) => '─'.repeat(w)).join(HEADER_SEPARATOR));
    for (const row of cells) lines.push(line(row));
  }
  if (shortened > 0) {
    lines.push(
      `(${shortened} cell${shortened === 1 ? '' : 's'} shortened with … to fit ${options.width} columns; ` +
        'use --format tsv (or csv, json) for the full values)',
    );
  }
  const n = result.rows.length;
  lines.push(`${n} row${n === 1 ? '' : 's'}`);
  return { text: lines.join('\n') + '\n', shortened };
}
