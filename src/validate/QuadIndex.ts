/**
 * A small read-only RDF/JS DatasetCore for validating one document: the quads of one entity
 * (tens to a few hundred), indexed once by subject, predicate and object so that every
 * `match` the SHACL engine makes is a map lookup plus a short filter. Much cheaper to build
 * and to query than a general-purpose dataset for graphs this size.
 *
 * The graph term is ignored by the index (a document's quads all live in one named graph, and
 * the validator asks for triples in any graph) but honoured by `match` when given.
 */
import type { DatasetCore, Quad, Term } from '@rdfjs/types';
import { termKey } from '../rdf/terms.js';

export function matches(q: Quad, s?: Term | null, p?: Term | null, o?: Term | null, g?: Term | null): boolean {
  return (
    (!s || q.subject.equals(s)) &&
    (!p || q.predicate.equals(p)) &&
    (!o || q.object.equals(o)) &&
    (!g || q.graph.equals(g))
  );
}

/** A read-only list of quads with the DatasetCore interface (what `match` returns). */
export class QuadList implements DatasetCore {
  constructor(protected readonly quads: readonly Quad[]) {}

  get size(): number {
    return this.quads.length;
  }

  [Symbol.iterator](): Iterator<Quad> {
    return this.quads[Symbol.iterator]();
  }

  has(quad: Quad): boolean {
    return this.quads.some((q) => q.equals(quad));
  }

  match(s?: Term | null, p?: Term | null, o?: Term | null, g?: Term | null): DatasetCore {
    if (!s && !p && !o && !g) return this;
    return listOf(this.quads.filter((q) => matches(q, s, p, o, g)));
  }

  add(): this {
    throw new Error('the validation data graph is read-only');
  }

  delete(): this {
    throw new Error('the validation data graph is read-only');
  }
}

const EMPTY = new QuadList([]);

function listOf(quads: readonly Quad[]): QuadList {
  return quads.length === 0 ? EMPTY : new QuadList(quads);
}

/** The indexed data graph of one document. */
export class QuadIndex extends QuadList {
  private readonly bySubject = new Map<string, Quad[]>();
  private readonly byPredicate = new Map<string, Quad[]>();
  private readonly byObject = new Map<string, Quad[]>();

  constructor(quads: readonly Quad[]) {
    super(quads);
    for (const q of quads) {
      push(this.bySubject, termKey(q.subject), q);
      push(this.byPredicate, q.predicate.value, q);
      push(this.byObject, termKey(q.object), q);
    }
  }

  override match(s?: Term | null, p?: Term | null, o?: Term | null, g?: Term | null): DatasetCore {
    // Start from the most selective index the pattern allows, then filter on the rest.
    let candidates: readonly Quad[] | undefined;
    if (s) {
      candidates = this.bySubject.get(termKey(s));
      s = null;
    } else if (o) {
      candidates = this.byObject.get(termKey(o));
      o = null;
    } else if (p) {
      candidates = p.termType === 'NamedNode' ? this.byPredicate.get(p.value) : undefined;
      p = null;
    } else {
      candidates = this.quads;
    }
    if (!candidates) return EMPTY;
    if (!p && !o && !g && !s) return listOf(candidates);
    return listOf(candidates.filter((q) => matches(q, s, p, o, g)));
  }
}

function push(map: Map<string, Quad[]>, key: string, q: Quad): void {
  const list = map.get(key);
  if (list) list.push(q);
  else map.set(key, [q]);
}
