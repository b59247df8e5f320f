/**
 * One line of N-Quads (or N-Triples) read straight into RDF/JS terms, by scanning its characters:
 * n3's general lexer and parser cost most of a load's reading time, and nearly every line of a
 * dump (every line `linkedart export` writes) has one plain form,
 *
 *     subject predicate object [graph] .  [# comment]
 *
 * with IRIs `<...>`, blank nodes `_:label`, literals `"..."` with `@lang` or `^^<datatype>`.
 *
 * A line is read here only when the result is certainly the one n3 gives: the same terms (made by
 * the same factory), the same blank node labels (the same prefix before the label as the n3 parser
 * of the same input is given), the comment after the `.` handed on after the quad as n3 hands it.
 * Whatever is unusual (a non-ASCII blank node label, a triple term, no space after a blank node,
 * whitespace before `@` or `^^`, a `VERSION` line, a term n3 refuses...) makes `read` answer false
 * and add nothing: the caller gives the line to n3, which reads it or reports the error.
 */
import type { BlankNode, Literal, NamedNode, Quad_Graph, Quad_Object, Quad_Subject } from '@rdfjs/types';
import { df } from '../terms.js';
import { NOT_IN_IRIREF_CLASS, SCHEME, SCHEME_SOURCE } from './iri.js';
import { escapedIri, quotedString } from './nquadsEscapes.js';
import type { ParsedItem } from './parsedItem.js';

const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const HASH = 0x23;
const DASH = 0x2d;
const DOT = 0x2e;
const COLON = 0x3a;
const LESS = 0x3c;
const GREATER = 0x3e;
const AT = 0x40;
const CARET = 0x5e;
const UNDERSCORE = 0x5f;

/** Classes of ASCII characters, as bits. */
const LETTER = 1; // A-Z a-z: a language tag's first subtag
const ALNUM = 2; // letters and digits: the other subtags of a language tag
const LABEL_START = 4; // letters, digits, _ : the first character of a blank node label
const LABEL = 8; // and - : its other characters (a dot only between two of these)
const CLASS = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) {
  const ch = String.fromCharCode(c);
  const letter = /[A-Za-z]/.test(ch);
  const alnum = /[A-Za-z0-9]/.test(ch);
  CLASS[c] =
    (letter ? LETTER : 0) |
    (alnum ? ALNUM : 0) |
    (alnum || ch === '_' ? LABEL_START | LABEL : 0) |
    (ch === '-' ? LABEL : 0);
}
const is = (c: number, cls: number): boolean => c < 0x80 && (CLASS[c] & cls) !== 0;

/**
 * An IRI as most are written, after its `<`, to its `>`: a scheme, and no escape or character an
 * IRI cannot hold (n3's `illegalIriChars`). (A regular expression runs this scan in native code,
 * faster than a loop over the characters here.)
 */
const PLAIN_IRI = new RegExp(`${SCHEME_SOURCE}[^${NOT_IN_IRIREF_CLASS}]*>`, 'y');
/** A string literal with no escape, after its opening quote, to its closing one. */
const PLAIN_STRING = /[^"\\\n\r]*"/y;
/** Datatypes n3 refuses after `^^`: a language-tagged string needs its tag. */
const LANGUAGE_DATATYPES: ReadonlySet<string> = new Set([
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString',
]);
/** n3 reads `@version` after a literal as a keyword, not a language tag. */
const NOT_A_LANGUAGE = 'version';
/** n3 refuses language subtags longer than this. */
const MAX_SUBTAG = 8;

export interface NQuadsLineOptions {
  /** N-Quads (a graph term may follow the object) or N-Triples (none may). */
  readonly graphs: boolean;
  /** Put before every blank node label, as n3's `blankNodePrefix` is (without its `_:`). */
  readonly blankNodePrefix: string;
}

function skipSpace(text: string, i: number, end: number): number {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB) break;
    i++;
  }
  return i;
}

export class NQuadsLineReader {
  /** Where the term read last ends. */
  private at = 0;
  /**
   * The subject, graph and datatype of the quad read last: a dump repeats them line after line,
   * so a term written the same is taken again rather than checked and made anew (RDF/JS terms
   * are values; n3 shares one subject term between the triples of a Turtle `;` list too).
   */
  private lastSubject: NamedNode | undefined;
  private lastGraph: NamedNode | undefined;
  private lastDatatype: NamedNode | undefined;
  private readonly defaultGraph = df.defaultGraph();

  constructor(private readonly options: NQuadsLineOptions) {}

  /**
   * Reads the line `text[start, end)` (without its line break): its quad and then its comment,
   * a comment line's comment (the text after `#`, as n3 gives comments), or nothing for an empty
   * line, added to `out`. False, with nothing added, when the line is not in a form read here.
   */
  read(text: string, start: number, end: number, out: ParsedItem[]): boolean {
    let p = skipSpace(text, start, end);
    if (p === end) return true;
    let c = text.charCodeAt(p);
    if (c === HASH) {
      out.push(text.slice(p + 1, end));
      return true;
    }
    let subject: Quad_Subject | undefined;
    if (c === LESS)
      subject = this.lastSubject = this.repeated(this.lastSubject, text, p, end) ?? this.iri(text, p, end);
    else if (c === UNDERSCORE) subject = this.blank(text, p, end);
    if (subject === undefined) return false;

    p = skipSpace(text, this.at, end);
    if (p === end || text.charCodeAt(p) !== LESS) return false;
    const predicate = this.iri(text, p, end);
    if (predicate === undefined) return false;

    p = skipSpace(text, this.at, end);
    if (p === end) return false;
    c = text.charCodeAt(p);
    let object: Quad_Object | undefined;
    if (c === LESS) object = this.iri(text, p, end);
    else if (c === UNDERSCORE) object = this.blank(text, p, end);
    else if (c === QUOTE) object = this.literal(text, p, end);
    if (object === undefined) return false;

    p = skipSpace(text, this.at, end);
    if (p === end) return false;
    c = text.charCodeAt(p);
    let graph: Quad_Graph = this.defaultGraph;
    if (c === LESS || c === UNDERSCORE) {
      if (!this.options.graphs) return false;
      const named =
        c === LESS
          ? (this.lastGraph = this.repeated(this.lastGraph, text, p, end) ?? this.iri(text, p, end))
          : this.blank(text, p, end);
      if (named === undefined) return false;
      graph = named;
      p = skipSpace(text, this.at, end);
      if (p === end) return false;
      c = text.charCodeAt(p);
    }
    if (c !== DOT) return false;
    // After the `.`, only a comment: n3 would read a digit as a number, and anything else as another statement.
    p = skipSpace(text, p + 1, end);
    if (p < end && text.charCodeAt(p) !== HASH) return false;
    out.push(df.quad(subject, predicate, object, graph));
    if (p < end) out.push(text.slice(p + 1, end));
    return true;
  }

  /** `last` again when the IRI at `p` is written as its value (which was checked when it was read). */
  private repeated(last: NamedNode | undefined, text: string, p: number, end: number): NamedNode | undefined {
    if (last === undefined) return undefined;
    const close = p + 1 + last.value.length;
    // (startsWith compares in place: no string is made for a term that repeats.)
    if (close >= end || text.charCodeAt(close) !== GREATER || !text.startsWith(last.value, p + 1)) return undefined;
    this.at = close + 1;
    return last;
  }

  /** The IRI at `p` (its `<`). */
  private iri(text: string, p: number, end: number): NamedNode | undefined {
    PLAIN_IRI.lastIndex = p + 1;
    if (!PLAIN_IRI.test(text) || PLAIN_IRI.lastIndex > end) return this.escapedIri(text, p, end);
    this.at = PLAIN_IRI.lastIndex;
    return df.namedNode(text.slice(p + 1, this.at - 1));
  }

  /** The IRI at `p` when it is not plainly written: with `\u` escapes, or not at all. */
  private escapedIri(text: string, p: number, end: number): NamedNode | undefined {
    const iri = escapedIri(text, p + 1, end);
    // n3 resolves IRIs with no scheme against a base; N-Quads has none, so n3 refuses them.
    if (iri === undefined || !SCHEME.test(iri.value)) return undefined;
    this.at = iri.next;
    return df.namedNode(iri.value);
  }

  /** The blank node at `p` (its `_`): a label of ASCII letters, digits, `_`, `-`, dots inside, then a space. */
  private blank(text: string, p: number, end: number): BlankNode | undefined {
    const from = p + 2;
    if (from >= end || text.charCodeAt(p + 1) !== COLON || !is(text.charCodeAt(from), LABEL_START)) return undefined;
    let i = from + 1;
    let c = 0;
    for (; i < end; i++) {
      c = text.charCodeAt(i);
      if (is(c, LABEL)) continue;
      if (c === DOT && i + 1 < end && is(text.charCodeAt(i + 1), LABEL)) continue;
      break;
    }
    // n3 also ends a label at punctuation, or takes in characters past ASCII: those go to n3.
    if (i >= end || (c !== SPACE && c !== TAB)) return undefined;
    this.at = i;
    return df.blankNode(this.options.blankNodePrefix + text.slice(from, i));
  }

  /** The literal at `p` (its opening quote), with its language or datatype. */
  private literal(text: string, p: number, end: number): Literal | undefined {
    let value: string;
    let next: number;
    PLAIN_STRING.lastIndex = p + 1;
    if (PLAIN_STRING.test(text) && PLAIN_STRING.lastIndex <= end) {
      next = PLAIN_STRING.lastIndex;
      value = text.slice(p + 1, next - 1);
    } else {
      const quoted = quotedString(text, p + 1, end);
      if (quoted === undefined) return undefined;
      ({ value, next } = quoted);
    }
    this.at = next;
    if (next >= end) return undefined;
    const c = text.charCodeAt(next);
    if (c === AT) {
      const language = this.language(text, next, end);
      return language === undefined ? undefined : df.literal(value, language);
    }
    if (c === CARET) {
      // `^^` and the datatype's `<` together: n3 allows space between them, which goes to n3.
      if (next + 2 >= end || text.charCodeAt(next + 1) !== CARET || text.charCodeAt(next + 2) !== LESS)
        return undefined;
      const datatype = (this.lastDatatype =
        this.repeated(this.lastDatatype, text, next + 2, end) ?? this.iri(text, next + 2, end));
      return datatype === undefined || LANGUAGE_DATATYPES.has(datatype.value) ? undefined : df.literal(value, datatype);
    }
    // A quote right after the literal (`"""`, `""""`) is no plain literal; n3 says what it is.
    return c === QUOTE ? undefined : df.literal(value);
  }

  /** The language tag at `p` (its `@`): subtags of at most 8 letters (the first) or letters and digits. */
  private language(text: string, p: number, end: number): string | undefined {
    let i = p + 1;
    let from = i;
    while (i < end && is(text.charCodeAt(i), LETTER)) i++;
    if (i === from || i - from > MAX_SUBTAG) return undefined;
    while (i < end && text.charCodeAt(i) === DASH) {
      from = ++i;
      while (i < end && is(text.charCodeAt(i), ALNUM)) i++;
      if (i === from || i - from > MAX_SUBTAG) return undefined;
    }
    // A digit after the first subtag's letters, or a dangling `-` (`--ltr` is a direction): to n3.
    if (i < end && (is(text.charCodeAt(i), ALNUM) || text.charCodeAt(i) === DASH)) return undefined;
    const tag = text.slice(p + 1, i);
    if (tag === NOT_A_LANGUAGE) return undefined;
    this.at = i;
    return tag;
  }
}
