/**
 * The values of one node's property (one list of objects), indexed once per render, so that
 * placing each remembered value is a look-up, not a scan of the list: with a scan, a node
 * with 40,000 Identifiers took 40,000 × 40,000 steps to render. The index is kept for the
 * whole render (every occurrence of a node matches against the same list), and lists where
 * the blank nodes are found are read from a cursor that only moves past values taken.
 */
import { literalKey } from '../hints/Skeleton.js';
import type { Term } from '../rdf/terms.js';

/** A blank node that may take a remembered value, with its signatures and its rank (signature order). */
export interface BlankCandidate {
  readonly term: Term;
  readonly sig: string;
  readonly deep: string;
  /** The statement hashes of `sig`, as the similarity (Jaccard) needs them. */
  tokens?: string[];
}

/** A list of candidates in rank order and where its first value not yet taken may be. */
class RankedList {
  private cursor = 0;
  constructor(readonly items: BlankCandidate[] = []) {}

  /** The first candidate still `live`; those before it are taken, for good (taken values stay taken). */
  first(live: (c: BlankCandidate) => boolean): BlankCandidate | undefined {
    while (this.cursor < this.items.length) {
      const c = this.items[this.cursor];
      if (live(c)) return c;
      this.cursor++;
    }
    return undefined;
  }
}

export class ValueIndex {
  private literals: Map<string, Term[]> | undefined;
  private named: Map<string, Term[]> | undefined;
  private blankByValue: Map<string, Term> | undefined;
  private ranked: BlankCandidate[] | undefined;
  private byDeep: Map<string, RankedList> | undefined;
  private bySig: Map<string, RankedList> | undefined;

  /** `keyOf`: a literal's key (literalKey, or the same looked up where it was computed already). */
  constructor(
    private readonly actual: readonly Term[],
    private readonly keyOf: (literal: Term) => string = literalKey,
  ) {}

  /** The literals with this key (a literal's identity: literalKey), in the list's order. */
  literalsWithKey(key: string): readonly Term[] {
    if (!this.literals) {
      this.literals = new Map();
      for (const t of this.actual) if (t.termType === 'Literal') pushTo(this.literals, this.keyOf(t), t);
    }
    return this.literals.get(key) ?? NONE;
  }

  /** The IRIs equal to `iri` (once, in a store's answer), in the list's order. */
  namedWithIri(iri: string): readonly Term[] {
    if (!this.named) {
      this.named = new Map();
      for (const t of this.actual) if (t.termType === 'NamedNode') pushTo(this.named, t.value, t);
    }
    return this.named.get(iri) ?? NONE;
  }

  /** The first blank node with this label. */
  blankLabelled(label: string): Term | undefined {
    if (!this.blankByValue) {
      this.blankByValue = new Map();
      for (const t of this.actual)
        if (t.termType === 'BlankNode' && !this.blankByValue.has(t.value)) this.blankByValue.set(t.value, t);
    }
    return this.blankByValue.get(label);
  }

  /**
   * The blank nodes of the list not `taken` when first asked, in signature order (deep
   * signature, then signature; the list's order among equals), the order in which ties are broken.
   */
  blanks(
    taken: ReadonlySet<string>,
    signature: (blank: Term) => string,
    deepSignature: (blank: Term) => string,
  ): readonly BlankCandidate[] {
    if (!this.ranked) {
      // Those taken already never come back: their signatures are not computed (a deep
      // signature computed first in a cycle is not the same as one computed from elsewhere).
      let ranked: BlankCandidate[] = [];
      for (const term of this.actual) {
        if (term.termType === 'BlankNode' && !taken.has(term.value))
          ranked.push({ term, sig: signature(term), deep: deepSignature(term) });
      }
      // (A stable sort: equals keep the list's order. One candidate, the most common, is in order.)
      if (ranked.length > 1) {
        ranked = ranked
          .map((c) => ({ c, order: c.deep + c.sig }))
          .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
          .map(({ c }) => c);
      }
      this.byDeep = new Map();
      this.bySig = new Map();
      for (const c of ranked) {
        listIn(this.byDeep, c.deep).items.push(c);
        listIn(this.bySig, c.sig).items.push(c);
      }
      this.ranked = ranked;
    }
    return this.ranked;
  }

  /** The first candidate (signature order) with this deep signature that is still `live`; call blanks() first. */
  firstWithDeep(deep: string, live: (c: BlankCandidate) => boolean): BlankCandidate | undefined {
    return this.byDeep?.get(deep)?.first(live);
  }

  /** The first candidate (signature order) with this signature that is still `live`; call blanks() first. */
  firstWithSig(sig: string, live: (c: BlankCandidate) => boolean): BlankCandidate | undefined {
    return this.bySig?.get(sig)?.first(live);
  }
}

/** The indexes of one render, by list (each list of a node's values is one array for the whole render). */
export class ValueIndexes {
  // A plain map (not a WeakMap, which costs the collector dearly): it lives as long as the render.
  private readonly indexes = new Map<readonly Term[], ValueIndex>();
  /**
   * What is left of the render's budget for the similarity matching (statement hashes
   * compared): it compares every remembered blank node not found with every one unmatched,
   * which is quadratic when a store's quads no longer fit the hints at all.
   */
  similarityBudget: number;
  /** Whether the budget ran out (the render warns: some values are not where they were written). */
  budgetSpent = false;

  /** A literal's key: literalKey, or `known` keys (ingest's, for the quads it just made) looked up first. */
  readonly keyOf: (literal: Term) => string;

  constructor(similarityBudget = SIMILARITY_BUDGET, known?: ReadonlyMap<Term, string>) {
    this.similarityBudget = similarityBudget;
    this.keyOf = known ? (literal) => known.get(literal) ?? literalKey(literal) : literalKey;
  }

  of(actual: readonly Term[]): ValueIndex {
    let index = this.indexes.get(actual);
    if (!index) this.indexes.set(actual, (index = new ValueIndex(actual, this.keyOf)));
    return index;
  }
}

/**
 * Candidates and statement hashes compared by similarity per render: some 100 ms of work. Past it, the
 * remembered values not found are left unplaced (their values are shown after the known ones,
 * as new values are) and the render warns.
 */
export const SIMILARITY_BUDGET = 1_000_000;

const NONE: readonly Term[] = [];

function pushTo(map: Map<string, Term[]>, key: string, t: Term): void {
  const list = map.get(key);
  if (list) list.push(t);
  else map.set(key, [t]);
}

function listIn(map: Map<string, RankedList>, key: string): RankedList {
  let list = map.get(key);
  if (!list) map.set(key, (list = new RankedList()));
  return list;
}
