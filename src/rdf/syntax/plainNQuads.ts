/**
 * N-Quads text for the embedded store: writing PlainQuads (for the write-ahead log and for
 * Oxigraph's loader), reading the N-Triples Oxigraph produces (CONSTRUCT results), and
 * checking IRIs that are spliced into SPARQL text.
 */
/// <reference lib="es2024.string" />
import type { PlainQuad, PlainTerm } from '../terms.js';
import { BAD_PERCENT_ESCAPE, NOT_IN_IRIREF, NOT_IN_IRIREF_CLASS, NOT_IN_STORED_IRI_CLASS, SCHEME } from './iri.js';
import { isLanguageTag } from './languageTag.js';
import { unescaped } from './nquadsEscapes.js';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/** What cannot stand in an IRI spliced into N-Quads or SPARQL text (iri.ts), nor in one the store keeps. */
const IRI_FORBIDDEN = new RegExp(`[${NOT_IN_STORED_IRI_CLASS}]`);
const IRI_ESCAPE = new RegExp(`[${NOT_IN_IRIREF_CLASS}]`, 'g');

/**
 * Throws unless `iri` is an absolute IRI that can be written as `<iri>` in SPARQL or N-Quads
 * without escaping: this is what stops a graph name from injecting query text.
 */
export function checkGraphIri(iri: string): string {
  if (
    typeof iri !== 'string' ||
    iri.length === 0 ||
    IRI_FORBIDDEN.test(iri) ||
    !SCHEME.test(iri) ||
    !iri.isWellFormed() ||
    BAD_PERCENT_ESCAPE.test(iri)
  ) {
    throw new Error(
      `invalid graph name ${JSON.stringify(iri)}: expected an absolute IRI without spaces, control characters, any of <>"{}|^\`\\ or a % that starts no escape`,
    );
  }
  return iri;
}

/** An IRI as an N-Quads IRIREF (`<iri>`). */
export function iriRef(v: string): string {
  // Oxigraph rejects the resulting \u escapes when they decode to characters an IRI may not
  // hold, so an invalid IRI fails the write instead of breaking the line structure.
  if (!NOT_IN_IRIREF.test(v)) return '<' + v + '>';
  return '<' + v.replace(IRI_ESCAPE, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '>';
}

/**
 * A literal's lexical form as an N-Quads STRING_LITERAL_QUOTE, quotes included. JSON's string
 * syntax is a subset of it (\" \\ \n \r \t \b \f and \u00XX, all N-Quads escapes), and
 * JSON.stringify is native: twice as fast as a regex replace on the long shape-hint literals
 * (measured: 120 vs 240 ms for the 268k literals of 20k documents). A lone surrogate would
 * become a \uD8xx escape that no RDF literal can hold: it is refused first.
 */
export function literalString(v: string): string {
  if (!v.isWellFormed()) throw new Error('literal holds a lone UTF-16 surrogate, which RDF cannot represent');
  return JSON.stringify(v);
}

/** Throws unless `tag` is a language tag N-Quads can carry; returns it. */
export function checkLanguage(tag: string): string {
  if (!isLanguageTag(tag)) throw new Error(`invalid language tag ${JSON.stringify(tag)}`);
  return tag;
}

/** Why a term cannot stand where it was found (the message graphsToNQuads and the wire decoder give). */
export function misplacedTerm(
  kind: 'literal' | 'blank node' | 'default graph',
  pos: 'subject' | 'predicate' | 'object',
  graph: string,
): Error {
  return new Error(`a ${kind} cannot be the ${pos} of a quad (graph ${graph})`);
}

/**
 * Serializes the graphs of one replaceGraphs call as N-Quads. Blank node labels are scoped per
 * graph (each graph is one document: `_:b0` in two graphs is two nodes) and renamed to labels
 * unique within the returned text (`_:b<n>`), so the text can be loaded with one `load()` call
 * (one blank node scope) and replayed from the log with the same meaning.
 * (EmbeddedStore's own writes reach the worker in the interned form of wire.ts, which does the
 * same per distinct term; this is the PlainQuad form, for other callers.)
 */
export function graphsToNQuads(graphs: ReadonlyArray<readonly [string, readonly PlainQuad[]]>): string {
  const parts: string[] = [];
  let counter = 0;
  for (const [name, quads] of graphs) {
    if (quads.length === 0) continue;
    const g = ' <' + checkGraphIri(name) + '> .\n';
    const bnodes = new Map<string, string>();
    const bnode = (label: string): string => {
      let l = bnodes.get(label);
      if (l === undefined) {
        l = '_:b' + (counter++).toString(36);
        bnodes.set(label, l);
      }
      return l;
    };
    const term = (t: PlainTerm, pos: 'subject' | 'predicate' | 'object'): string => {
      switch (t.t) {
        case 'N':
          return iriRef(t.v);
        case 'B':
          if (pos !== 'predicate') return bnode(t.v);
          break;
        case 'L': {
          if (pos !== 'object') break;
          const lex = literalString(t.v);
          if (t.l) return lex + '@' + checkLanguage(t.l);
          if (t.d && t.d !== XSD_STRING) return lex + '^^' + iriRef(t.d);
          return lex;
        }
        default:
          break;
      }
      throw misplacedTerm(t.t === 'L' ? 'literal' : t.t === 'B' ? 'blank node' : 'default graph', pos, name);
    };
    for (const q of quads) {
      parts.push(term(q[0], 'subject') + ' ' + term(q[1], 'predicate') + ' ' + term(q[2], 'object') + g);
    }
  }
  return parts.join('');
}

/** A term's text with its escapes undone: Oxigraph writes only good ones (ECHARs, `\u` for other controls). */
function unescape(s: string): string {
  return s.indexOf('\\') < 0 ? s : unescaped(s, 0, s.length);
}

/** How parsed terms are made: as PlainTerms (the store worker's) or as RDF/JS terms (the request thread's, terms.ts). */
export interface TermMaker<T> {
  named(iri: string): T;
  blank(label: string): T;
  /** `datatype` absent: xsd:string; never given with `language`. */
  literal(value: string, language: string | undefined, datatype: string | undefined): T;
}

const PLAIN_TERMS: TermMaker<PlainTerm> = {
  named: (v) => ({ t: 'N', v }),
  blank: (v) => ({ t: 'B', v }),
  literal: (v, l, d) => (l !== undefined ? { t: 'L', v, l } : d !== undefined ? { t: 'L', v, d } : { t: 'L', v }),
};

/**
 * Parses N-Triples as written by Oxigraph (one triple per line, single spaces, no comments)
 * into PlainQuads placed in `graph`. RDF 1.2 triple terms are refused: PlainTerm cannot hold them.
 */
export function parseNTriples(text: string, graph: PlainTerm): PlainQuad[] {
  return parseNTriplesWith(text, PLAIN_TERMS, (s, p, o): PlainQuad => [s, p, o, graph]);
}

/**
 * parseNTriples with terms made by `make` and quads by `quad`: the request thread makes RDF/JS
 * quads at once, not PlainQuads first (a cold GET's read allocated each of its quads twice).
 */
export function parseNTriplesWith<T, Q>(text: string, make: TermMaker<T>, quad: (s: T, p: T, o: T) => Q): Q[] {
  const out: Q[] = [];
  const n = text.length;
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`cannot read N-Triples at offset ${i} (${what}): ${JSON.stringify(text.slice(i, i + 60))}`);
  };
  const term = (): T => {
    const c = text.charCodeAt(i);
    if (c === 60 /* < */) {
      if (text.charCodeAt(i + 1) === 60) fail('RDF 1.2 triple terms are not supported');
      const e = text.indexOf('>', i);
      if (e < 0) fail('unterminated IRI');
      const v = unescape(text.slice(i + 1, e));
      i = e + 1;
      return make.named(v);
    }
    if (c === 95 /* _ */) {
      let e = i + 2;
      while (e < n && text.charCodeAt(e) !== 32) e++;
      const v = text.slice(i + 2, e);
      i = e;
      return make.blank(v);
    }
    if (c === 34 /* " */) {
      let e = i + 1;
      for (;;) {
        if (e >= n) fail('unterminated literal');
        const k = text.charCodeAt(e);
        if (k === 92) e += 2;
        else if (k === 34) break;
        else e++;
      }
      const value = unescape(text.slice(i + 1, e));
      i = e + 1;
      const k = text.charCodeAt(i);
      if (k === 64 /* @ */) {
        let e2 = i + 1;
        while (e2 < n && text.charCodeAt(e2) !== 32) e2++;
        const language = text.slice(i + 1, e2);
        i = e2;
        return make.literal(value, language, undefined);
      }
      if (k === 94 /* ^ */) {
        const e2 = text.indexOf('>', i + 3);
        if (e2 < 0) fail('unterminated datatype');
        const d = unescape(text.slice(i + 3, e2));
        i = e2 + 1;
        return make.literal(value, undefined, d !== XSD_STRING ? d : undefined);
      }
      return make.literal(value, undefined, undefined);
    }
    return fail('unexpected character');
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 32) {
      i++;
      continue;
    }
    const s = term();
    i++;
    const p = term();
    i++;
    const o = term();
    if (text.charCodeAt(i) !== 32 || text.charCodeAt(i + 1) !== 46) fail('expected " ."');
    i += 2;
    out.push(quad(s, p, o));
  }
  return out;
}
