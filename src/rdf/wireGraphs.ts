/**
 * Named graphs of quads as they travel between threads: every distinct string once, and the
 * terms as integers referring to them. Used from a load's check workers to the request thread,
 * and from there to the store worker (src/store/embedded/wire.ts makes N-Quads of it).
 *
 * Posting the quads as objects cost the sending thread 0.64 s per 20k documents in
 * postMessage alone (structured clone walks two million small objects), and the receiver as
 * much again to rebuild them and collect them. The terms repeat a lot: the 1.36M IRIs of 20k
 * documents are 20k distinct ones, 70 MB of text cloned to send 1 MB of it. Interned, a batch
 * is one array of distinct strings (cloned once each) and one Int32Array (transferred, not
 * copied).
 *
 * A term is one code, `(string index << 3) | tag`; a literal with a language tag or a datatype
 * is followed by a second code, the bare index of the tag or datatype IRI.
 */
import type { NamedNode, Quad, Quad_Object, Quad_Predicate, Quad_Subject, Term } from '@rdfjs/types';
import { df, XSD_STRING } from './terms.js';

export const IRI = 0;
export const BLANK = 1;
/** A literal of datatype xsd:string (no second code). */
export const LITERAL = 2;
/** A literal with a language tag (second code: the tag). */
export const LANG_LITERAL = 3;
/** A literal with another datatype (second code: the datatype IRI). */
export const TYPED_LITERAL = 4;
/** The default graph: never valid in a quad's first three positions, sent so that the receiver says so. */
export const DEFAULT_GRAPH = 5;
export const TAG_BITS = 3;
export const TAG_MASK = (1 << TAG_BITS) - 1;

/** Graphs as posted (structured clone keeps the Int32Array; put `codes.buffer` in the transfer list). */
export interface WireGraphs {
  /** Graph names, in the sender's order (a name may come more than once). */
  names: string[];
  /** How many quads each graph has. */
  counts: number[];
  /** The distinct strings the terms use: IRIs, blank node labels, lexical forms, language tags. */
  strings: string[];
  /** Subject, predicate and object of every quad, graph after graph; `length` of them are used. */
  codes: Int32Array<ArrayBuffer>;
  length: number;
}

/**
 * Encodes graphs, each given as [name, quads] (a Map will do); the quads' own graph terms are
 * not sent: the name stands for them.
 */
export function encodeGraphs(graphs: Iterable<readonly [string, readonly Quad[]]>): WireGraphs {
  const encoder = new WireEncoder();
  for (const [name, quads] of graphs) encoder.add(name, quads);
  return encoder.finish();
}

/**
 * Graphs encoded one at a time as they come, so that their quads need not be kept until the
 * batch is whole: kept, a batch's quads outlive the young generation and cost a full
 * collection; encoded at once they die young.
 */
export class WireEncoder {
  private readonly names: string[] = [];
  private readonly counts: number[] = [];
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private codes = new Int32Array(4096);
  private n = 0;

  add(name: string, quads: readonly Quad[]): void {
    this.names.push(name);
    this.counts.push(quads.length);
    // At most four codes a quad: one each for subject and predicate, two for a tagged literal.
    const needed = this.n + quads.length * 4;
    if (needed > this.codes.length) {
      const grown = new Int32Array(Math.max(needed, this.codes.length * 2));
      grown.set(this.codes.subarray(0, this.n));
      this.codes = grown;
    }
    for (const q of quads) {
      this.put(q.subject);
      this.put(q.predicate);
      this.put(q.object);
    }
  }

  /** The graphs added; the encoder is not to be used again. */
  finish(): WireGraphs {
    return { names: this.names, counts: this.counts, strings: this.strings, codes: this.codes, length: this.n };
  }

  private intern(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  private put(t: Term): void {
    const codes = this.codes;
    switch (t.termType) {
      case 'NamedNode':
        codes[this.n++] = (this.intern(t.value) << TAG_BITS) | IRI;
        return;
      case 'BlankNode':
        codes[this.n++] = (this.intern(t.value) << TAG_BITS) | BLANK;
        return;
      case 'Literal':
        if (t.language) {
          codes[this.n++] = (this.intern(t.value) << TAG_BITS) | LANG_LITERAL;
          codes[this.n++] = this.intern(t.language);
        } else if (t.datatype && t.datatype.value !== XSD_STRING) {
          codes[this.n++] = (this.intern(t.value) << TAG_BITS) | TYPED_LITERAL;
          codes[this.n++] = this.intern(t.datatype.value);
        } else {
          codes[this.n++] = (this.intern(t.value) << TAG_BITS) | LITERAL;
        }
        return;
      case 'DefaultGraph':
        codes[this.n++] = DEFAULT_GRAPH;
        return;
      default:
        throw new Error(`unsupported term type ${t.termType}`);
    }
  }
}

/**
 * The graphs back as [name, quads], each quad in the named graph `name`. Every distinct term
 * is made once (the same object wherever it stands; terms are values nobody changes).
 */
export function decodeGraphs(wire: WireGraphs): Array<[string, Quad[]]> {
  return [...eachDecodedGraph(wire)];
}

/** As decodeGraphs, one graph at a time (a caller can pause between them). */
export function* eachDecodedGraph(wire: WireGraphs): Generator<[string, Quad[]]> {
  const decoder = new WireDecoder(wire);
  for (let g = 0; g < wire.names.length; g++) yield decoder.next();
}

/**
 * Graphs decoded one at a time, in order, as they are needed: a batch decoded whole would
 * keep every graph's quads alive until the last is used.
 */
export class WireDecoder {
  /** Terms of one code (IRIs, blank nodes, plain literals) by code; a tagged literal is made each time. */
  private readonly made = new Map<number, Term>();
  private graph = 0;
  private k = 0;

  constructor(private readonly wire: WireGraphs) {}

  /** The next graph as [name, quads]. */
  next(): [string, Quad[]] {
    const name = this.wire.names[this.graph];
    const count = this.wire.counts[this.graph++];
    if (name === undefined) throw new Error('no graph left to decode');
    const graph = df.namedNode(name);
    const quads = new Array<Quad>(count);
    for (let q = 0; q < count; q++) {
      const s = this.term(),
        p = this.term(),
        o = this.term();
      quads[q] = df.quad(s as Quad_Subject, p as Quad_Predicate, o as Quad_Object, graph);
    }
    return [name, quads];
  }

  private term(): Term {
    const { codes, strings } = this.wire;
    const code = codes[this.k++];
    switch (code & TAG_MASK) {
      case LANG_LITERAL:
        return df.literal(strings[code >>> TAG_BITS], strings[codes[this.k++]]);
      case TYPED_LITERAL:
        return df.literal(strings[code >>> TAG_BITS], this.single((codes[this.k++] << TAG_BITS) | IRI) as NamedNode);
      default:
        return this.single(code);
    }
  }

  private single(code: number): Term {
    let t = this.made.get(code);
    if (t === undefined) {
      const value = this.wire.strings[code >>> TAG_BITS];
      switch (code & TAG_MASK) {
        case IRI:
          t = df.namedNode(value);
          break;
        case BLANK:
          t = df.blankNode(value);
          break;
        case LITERAL:
          t = df.literal(value);
          break;
        default:
          t = df.defaultGraph();
          break;
      }
      this.made.set(code, t);
    }
    return t;
  }
}

/**
 * `wire` with more graphs after its own (bookkeeping written in the same atomic write, such as
 * the change feed's activities): their strings are appended to its strings (a repeat is
 * harmless), their codes shifted to point there.
 */
export function appendGraphs(wire: WireGraphs, graphs: Iterable<readonly [string, readonly Quad[]]>): WireGraphs {
  const extra = encodeGraphs(graphs);
  if (extra.names.length === 0) return wire;
  const offset = wire.strings.length;
  const codes = new Int32Array(wire.length + extra.length);
  codes.set(wire.codes.subarray(0, wire.length));
  for (let k = 0; k < extra.length; k++) {
    const code = extra.codes[k];
    const tag = code & TAG_MASK;
    if (tag === DEFAULT_GRAPH) {
      codes[wire.length + k] = code;
      continue;
    }
    codes[wire.length + k] = (((code >>> TAG_BITS) + offset) << TAG_BITS) | tag;
    // A tagged literal's second code is a bare string index.
    if (tag === LANG_LITERAL || tag === TYPED_LITERAL) {
      k++;
      codes[wire.length + k] = extra.codes[k] + offset;
    }
  }
  return {
    names: [...wire.names, ...extra.names],
    counts: [...wire.counts, ...extra.counts],
    strings: [...wire.strings, ...extra.strings],
    codes,
    length: codes.length,
  };
}
