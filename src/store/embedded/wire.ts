/**
 * How a replaceGraphs travels from EmbeddedStore (the request thread) to the store worker:
 * every distinct string once, and the terms as integers referring to them.
 *
 * Posting the quads as PlainQuad objects cost the request thread 0.64 s per 20k documents in
 * postMessage alone (structured clone walks two million small objects), and the worker as much
 * again to rebuild them and collect them. The terms repeat a lot: the 1.36M IRIs of 20k
 * documents are 20k distinct ones, 70 MB of text cloned to send 1 MB of it. Interned, a batch is
 * one array of distinct strings (cloned once each) and one Int32Array (transferred, not copied),
 * and the worker escapes each distinct term once instead of once per occurrence (wireToNQuads).
 * Building the N-Quads text on the request thread instead would move all the escaping onto the
 * thread that is the bottleneck of a load; interning is the cheaper half of the work.
 *
 * A term is one code, `(string index << 3) | tag`; a literal with a language tag or a datatype
 * is followed by a second code, the bare index of the tag or datatype IRI.
 */
import type { Quad, Term } from '@rdfjs/types';
import { XSD_STRING } from '../../rdf/terms.js';
import { checkGraphIri, checkLanguage, iriRef, literalString, misplacedTerm } from './nquads.js';

const IRI = 0;
const BLANK = 1;
/** A literal of datatype xsd:string (no second code). */
const LITERAL = 2;
/** A literal with a language tag (second code: the tag). */
const LANG_LITERAL = 3;
/** A literal with another datatype (second code: the datatype IRI). */
const TYPED_LITERAL = 4;
/** The default graph: never valid in a quad's first three positions, sent so that the worker says so. */
const DEFAULT_GRAPH = 5;
const TAG_BITS = 3;
const TAG_MASK = (1 << TAG_BITS) - 1;

/** A replaceGraphs batch as posted to the worker (structured clone keeps the Int32Array). */
export interface WireGraphs {
  /** Graph names, in the caller's order. */
  names: string[];
  /** How many quads each graph has. */
  counts: number[];
  /** The distinct strings the terms use: IRIs, blank node labels, lexical forms, language tags. */
  strings: string[];
  /** Subject, predicate and object of every quad, graph after graph; `length` of them are used. */
  codes: Int32Array<ArrayBuffer>;
  length: number;
}

/** Encodes a replaceGraphs batch; post `wire` with `wire.codes.buffer` in the transfer list. */
export function encodeGraphs(graphs: ReadonlyMap<string, readonly Quad[]>): WireGraphs {
  const names: string[] = [];
  const counts: number[] = [];
  let total = 0;
  for (const [name, quads] of graphs) {
    names.push(name);
    counts.push(quads.length);
    total += quads.length;
  }
  // At most four codes a quad: one each for subject and predicate, two for a tagged literal.
  const codes = new Int32Array(total * 4);
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (s: string): number => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  let n = 0;
  const put = (t: Term): void => {
    switch (t.termType) {
      case 'NamedNode': codes[n++] = (intern(t.value) << TAG_BITS) | IRI; return;
      case 'BlankNode': codes[n++] = (intern(t.value) << TAG_BITS) | BLANK; return;
      case 'Literal':
        if (t.language) {
          codes[n++] = (intern(t.value) << TAG_BITS) | LANG_LITERAL;
          codes[n++] = intern(t.language);
        } else if (t.datatype && t.datatype.value !== XSD_STRING) {
          codes[n++] = (intern(t.value) << TAG_BITS) | TYPED_LITERAL;
          codes[n++] = intern(t.datatype.value);
        } else {
          codes[n++] = (intern(t.value) << TAG_BITS) | LITERAL;
        }
        return;
      case 'DefaultGraph': codes[n++] = DEFAULT_GRAPH; return;
      default: throw new Error(`unsupported term type ${t.termType}`);
    }
  };
  for (const quads of graphs.values()) {
    for (const q of quads) {
      put(q.subject);
      put(q.predicate);
      put(q.object);
    }
  }
  return { names, counts, strings, codes, length: n };
}

/**
 * The batch as N-Quads, one string per graph (empty for a graph without quads), validating
 * graph names and terms as graphsToNQuads does and giving its blank nodes the same treatment:
 * labels are scoped per graph and renamed to `_:b<n>`, unique within the batch, so the graphs'
 * texts joined load with one `load()` call and replay from the log with the same meaning.
 */
export function wireToNQuads(wire: WireGraphs): string[] {
  const { names, counts, strings, codes } = wire;
  // Each distinct term is written once: IRIs (also datatypes) and lexical forms by string index.
  const iris: Array<string | undefined> = new Array<string | undefined>(strings.length);
  const lexicals: Array<string | undefined> = new Array<string | undefined>(strings.length);
  const languages: Array<string | undefined> = new Array<string | undefined>(strings.length);
  // Blank node renaming: the graph a label was last renamed in, and its new label there.
  const blankGraph = new Int32Array(strings.length).fill(-1);
  const blankLabel: string[] = new Array<string>(strings.length);
  let blanks = 0;
  const iri = (i: number): string => iris[i] ??= iriRef(strings[i]!);
  const lexical = (i: number): string => lexicals[i] ??= literalString(strings[i]!);

  const out: string[] = [];
  let k = 0;
  for (let g = 0; g < names.length; g++) {
    const name = names[g]!;
    const suffix = ' <' + checkGraphIri(name) + '> .\n';
    const lines: string[] = [];
    const term = (pos: 'subject' | 'predicate' | 'object'): string => {
      const code = codes[k++]!;
      const i = code >>> TAG_BITS;
      switch (code & TAG_MASK) {
        case IRI: return iri(i);
        case BLANK:
          if (pos === 'predicate') throw misplacedTerm('blank node', pos, name);
          if (blankGraph[i] !== g) {
            blankGraph[i] = g;
            blankLabel[i] = '_:b' + (blanks++).toString(36);
          }
          return blankLabel[i]!;
        case LITERAL:
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          return lexical(i);
        case LANG_LITERAL: {
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          const tag = codes[k++]!;
          return lexical(i) + '@' + (languages[tag] ??= checkLanguage(strings[tag]!));
        }
        case TYPED_LITERAL: {
          if (pos !== 'object') throw misplacedTerm('literal', pos, name);
          return lexical(i) + '^^' + iri(codes[k++]!);
        }
        default: throw misplacedTerm('default graph', pos, name);
      }
    };
    for (let q = counts[g]!; q > 0; q--) {
      lines.push(term('subject') + ' ' + term('predicate') + ' ' + term('object') + suffix);
    }
    out.push(lines.join(''));
  }
  return out;
}
