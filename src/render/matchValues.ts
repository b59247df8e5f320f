/**
 * Matching the values a skeleton remembers to the values the quads hold now.
 *
 * IRIs and literals match by identity. Blank nodes have none that survives a store, so
 * they match by signature: equal deep signatures first (the node and its blank children
 * alike, which tells twins apart), then equal signatures (the hashes of their non-blank
 * statements), then the most similar (Jaccard) — so a Name whose language a curator
 * changed keeps its place. Ties go to the candidate first in signature order, so the
 * result never depends on the order a store returns quads in. Whatever stays unmatched on
 * either side is new, or gone.
 */
import { keyOfLiteralHint, literalKey, type SkeletonValue } from '../hints/Skeleton.js';
import type { Term } from '../rdf/terms.js';

export interface Match {
  term: Term;
  hint: SkeletonValue;
}

/** Key of a term within one graph: IRIs and blank nodes never collide. */
export function termKey(term: Term): string {
  return term.termType === 'BlankNode' ? '_:' + term.value : term.value;
}

/** The IRI a `=string[ IRI]` value names. */
export function iriOfStringValue(hint: string): string {
  const space = hint.indexOf(' ');
  return space < 0 ? hint.slice(1) : hint.slice(space + 1);
}

/** The string a `=string[ IRI]` value was written as. */
export function writtenStringValue(hint: string): string {
  const space = hint.indexOf(' ');
  return space < 0 ? hint.slice(1) : hint.slice(1, space);
}

export function matchValues(
  hints: readonly SkeletonValue[],
  actual: readonly Term[],
  takenBlanks: Set<string>,
  signature: (blank: Term) => string,
  deepSignature: (blank: Term) => string,
  namedBlanks?: Map<string, Term>,
): Match[] {
  const slots: Array<Match | undefined> = new Array(hints.length);
  const used = new Set<Term>();
  const pendingBlanks: number[] = [];
  // Each literal's key computed once (a hash of its text), not once per hint it is compared with.
  let literalKeys: Map<Term, string> | undefined;
  const keyOf = (t: Term): string => {
    literalKeys ??= new Map();
    let key = literalKeys.get(t);
    if (key === undefined) literalKeys.set(t, key = literalKey(t));
    return key;
  };
  hints.forEach((hint, i) => {
    let found: Term | undefined;
    if (typeof hint === 'string') {
      if (hint[0] === '#') {
        const key = keyOfLiteralHint(hint);
        found = actual.find((t) => t.termType === 'Literal' && !used.has(t) && keyOf(t) === key);
      }
      else {
        const iri = iriOfStringValue(hint);
        found = actual.find((t) => t.termType === 'NamedNode' && t.value === iri && !used.has(t));
      }
    } else if (hint.i !== undefined) {
      found = actual.find((t) => t.termType === 'NamedNode' && t.value === hint.i);
    } else if (hint.b !== undefined && namedBlanks?.has(hint.b)) {
      // A blank node the document named, found already at another place: the same node here.
      const known = namedBlanks.get(hint.b)!;
      found = actual.find((t) => t.termType === 'BlankNode' && t.value === known.value);
    } else {
      pendingBlanks.push(i);
      return;
    }
    if (found) {
      used.add(found);
      slots[i] = { term: found, hint };
    }
  });

  if (pendingBlanks.length > 0) {
    const candidates = actual.filter((t) => t.termType === 'BlankNode' && !takenBlanks.has(t.value))
      .map((c) => {
        const sig = signature(c);
        const deep = deepSignature(c);
        return { c, sig, deep, order: deep + sig };
      })
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    const sigs = new Map(candidates.map(({ c, sig }) => [c, sig]));
    const deeps = new Map(candidates.map(({ c, deep }) => [c, deep]));
    const take = (i: number, c: Term): void => {
      const hint = hints[i] as { b?: string };
      slots[i] = { term: c, hint: hints[i]! };
      if (hint.b !== undefined) namedBlanks?.set(hint.b, c);
      takenBlanks.add(c.value);
      sigs.delete(c);
      deeps.delete(c);
    };
    let rest: number[] = [];
    for (const i of pendingBlanks) {
      const d = (hints[i] as { d?: string }).d;
      const exact = d === undefined ? undefined : firstWith(deeps, d);
      if (exact) take(i, exact);
      else rest.push(i);
    }
    const shallow = rest;
    rest = [];
    for (const i of shallow) {
      const s = (hints[i] as { s?: string }).s ?? '';
      const exact = firstWith(sigs, s);
      if (exact) take(i, exact);
      else rest.push(i);
    }
    for (const i of rest) {
      const mine = new Set(((hints[i] as { s?: string }).s ?? '').split(' ').filter(Boolean));
      let best: Term | undefined;
      let bestScore = 0;
      for (const [c, sig] of sigs) {
        const theirs = sig.split(' ').filter(Boolean);
        const common = theirs.filter((h) => mine.has(h)).length;
        const union = mine.size + theirs.length - common;
        const score = union === 0 ? 1 : common / union;
        if (score > bestScore) { best = c; bestScore = score; }
      }
      if (best) take(i, best);
    }
  }
  return slots.filter((m): m is Match => m !== undefined);
}

/** The first candidate (in the map's order: signature order) whose signature is `wanted`. */
function firstWith(signatures: ReadonlyMap<Term, string>, wanted: string): Term | undefined {
  for (const [c, sig] of signatures) if (sig === wanted) return c;
  return undefined;
}

/** A deterministic order for values nobody placed: IRIs, then blank nodes, then literals. */
export function newValueOrder(signature: (blank: Term) => string): (a: Term, b: Term) => number {
  const key = (t: Term): string =>
    t.termType === 'NamedNode' ? '0' + t.value : t.termType === 'BlankNode' ? '1' + signature(t) + ' ' + t.value : '2' + t.value;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}
