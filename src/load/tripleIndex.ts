/**
 * Graph-less triples numbered and indexed for splitting into documents (splitTriples.ts): nodes
 * (IRIs and blank nodes), predicates and literals are numbered once; the triples are then numbers
 * in typed-array-like lists, each distinct triple once, linked per subject in input order.
 * Everything after indexing works on the numbers, so the split's cost is linear in the triples.
 */
import type { Quad, Term } from '../rdf/terms.js';

/** Above this many triples, a subject's duplicates are found with a Set rather than a scan. */
const SCAN_LIMIT = 24;

const pairKey = (p: number, o: number): number => p * 0x100000000 + (o >= 0 ? 2 * o : -2 * o - 1);

export class TripleIndex {
  readonly iriIds = new Map<string, number>();
  private readonly blankIds = new Map<string, number>();
  /** Per node: its IRI, or its blank node label. */
  readonly nodeValue: string[] = [];
  readonly nodeBlank: boolean[] = [];
  private readonly predicateIds = new Map<string, number>();
  /** Language or datatype → value → number. */
  private readonly literalIds = new Map<string, Map<string, number>>();
  private otherCount = 0;

  /** The distinct triples, in input order, and each one's predicate and object numbers. */
  readonly unique: Quad[] = [];
  readonly tP: number[] = [];
  readonly tO: number[] = [];
  /** Per triple: the subject's next triple, or -1. */
  readonly next: number[] = [];
  /** Per node: its first triple as subject, or -1. */
  readonly first: number[] = [];
  private readonly last: number[] = [];
  private readonly count: number[] = [];
  /** Per busy subject: predicate * stride + object. */
  private readonly dedupe = new Map<number, Set<number>>();

  /** A node's number; -1 for a literal or anything else. */
  nodeId(t: Term): number {
    if (t.termType === 'NamedNode') return this.numbered(this.iriIds, t.value, false);
    if (t.termType === 'BlankNode') return this.numbered(this.blankIds, t.value, true);
    return -1;
  }

  /** A predicate's number, numbered in the order first met. */
  predicateId(iri: string): number {
    let p = this.predicateIds.get(iri);
    if (p === undefined) this.predicateIds.set(iri, (p = this.predicateIds.size));
    return p;
  }

  /** Adds a triple, unless it is one already added. */
  add(q: Quad): void {
    const s = q.subject.termType === 'NamedNode' || q.subject.termType === 'BlankNode' ? this.nodeId(q.subject) : -1;
    const p = this.predicateId(q.predicate.value);
    const o = this.objectCode(q.object);
    this.grow();
    if (s < 0) {
      // an RDF-star or variable subject: never taken, left over
      this.push(q, p, o);
      return;
    }
    const n = this.count[s];
    if (this.isDuplicate(s, n, p, o)) return;
    const i = this.push(q, p, o);
    if (this.last[s] >= 0) this.next[this.last[s]] = i;
    else this.first[s] = i;
    this.last[s] = i;
    this.count[s] = n + 1;
  }

  /** Ends the adding: every node has its lists. */
  finish(): void {
    this.dedupe.clear();
    this.grow();
  }

  /** The number of the IRI or blank node `value` (`ids` being those of its kind), numbered anew when first met. */
  private numbered(ids: Map<string, number>, value: string, blank: boolean): number {
    const id = ids.get(value);
    if (id !== undefined) return id;
    this.nodeValue.push(value);
    this.nodeBlank.push(blank);
    const made = this.nodeValue.length - 1;
    ids.set(value, made);
    return made;
  }

  /** An object's code: its node number (≥ 0), or -1 - n for the n-th distinct literal (or other term). */
  private objectCode(t: Term): number {
    const node = this.nodeId(t);
    if (node >= 0) return node;
    if (t.termType !== 'Literal') return -1 - this.otherCount++; // never equal to another
    const kind = t.language ? '@' + t.language : t.datatype.value;
    let values = this.literalIds.get(kind);
    if (!values) this.literalIds.set(kind, (values = new Map<string, number>()));
    let id = values.get(t.value);
    if (id === undefined) values.set(t.value, (id = this.otherCount++));
    return -1 - id;
  }

  private grow(): void {
    while (this.first.length < this.nodeValue.length) {
      this.first.push(-1);
      this.last.push(-1);
      this.count.push(0);
    }
  }

  private push(q: Quad, p: number, o: number): number {
    const i = this.unique.length;
    this.unique.push(q);
    this.tP.push(p);
    this.tO.push(o);
    this.next.push(-1);
    return i;
  }

  /** Whether subject `s` (with `n` triples) has (p, o): a scan of its few triples, or its Set once it has many. */
  private isDuplicate(s: number, n: number, p: number, o: number): boolean {
    const { first, next, tP, tO } = this;
    if (n < SCAN_LIMIT) {
      for (let i = first[s]; i >= 0; i = next[i]) if (tP[i] === p && tO[i] === o) return true;
      return false;
    }
    let set = this.dedupe.get(s);
    if (!set) {
      set = new Set<number>();
      for (let i = first[s]; i >= 0; i = next[i]) set.add(pairKey(tP[i], tO[i]));
      this.dedupe.set(s, set);
    }
    const key = pairKey(p, o);
    if (set.has(key)) return true;
    set.add(key);
    return false;
  }
}
