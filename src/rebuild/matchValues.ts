/**
 * Matching the values a skeleton remembers to the values the quads hold now.
 *
 * IRIs and literals match by identity. Blank nodes have none that survives a store, so
 * they match by signature: equal deep signatures first (the node and its blank children
 * alike, which tells twins apart), then equal signatures (the hashes of their non-blank
 * statements), then the most similar (Jaccard) — so a Name whose language a curator
 * changed keeps its place. Ties go to the candidate first in signature order, so the
 * result never depends on the order a store returns quads in. Whatever stays unmatched on
 * either side is new, or gone. Identity and signatures are looked up (ValueIndex); the
 * similarity, which compares each remembered node left with each candidate left, has a
 * budget per render.
 */
import { keyOfLiteralHint, type SkeletonValue } from '../hints/Skeleton.js';
import type { Term } from '../rdf/terms.js';
import { ValueIndex, ValueIndexes, type BlankCandidate } from './valueIndex.js';

/** Lists of values up to this long are scanned, not indexed. */
const SHORT_LIST = 16;

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

/**
 * The actual values each remembered value stands for, in the hints' order (those found).
 * `indexes`: the render's index of each list of values (a list is matched once per
 * occurrence of its node); without it, the list is indexed for this call alone.
 */
export function matchValues(
  hints: readonly SkeletonValue[],
  actual: readonly Term[],
  takenBlanks: Set<string>,
  signature: (blank: Term) => string,
  deepSignature: (blank: Term) => string,
  namedBlanks?: Map<string, Term>,
  indexes: ValueIndexes = new ValueIndexes(),
): Match[] {
  // A short list is scanned (an index would cost more than it saves); a long one looked up.
  const index = actual.length > SHORT_LIST ? indexes.of(actual) : undefined;
  // One remembered value (most keys) that is not a blank node still to place: one look-up, nothing to keep.
  if (hints.length === 1) {
    const hint = hints[0];
    if (typeof hint === 'string' || hint.i !== undefined || (hint.b !== undefined && namedBlanks?.has(hint.b))) {
      const found = firstFound(hint, actual, index, indexes, namedBlanks);
      return found ? [{ term: found, hint }] : [];
    }
  }
  const slots: Array<Match | undefined> = new Array<Match | undefined>(hints.length);
  // The values placed so far: none before the only look-up of a single hint, so no set then.
  const used = hints.length > 1 ? new Set<Term>() : undefined;
  let pendingBlanks: number[] | undefined;
  let cursors: Map<readonly Term[], number> | undefined;
  // The first value of a list of equal values not used yet (used values stay used).
  const firstUnused = (list: readonly Term[]): Term | undefined => {
    cursors ??= new Map();
    let at = cursors.get(list) ?? 0;
    while (at < list.length && used?.has(list[at])) at++;
    cursors.set(list, at);
    return list[at];
  };
  for (let i = 0; i < hints.length; i++) {
    const hint = hints[i];
    let found: Term | undefined;
    if (typeof hint === 'string') {
      if (hint[0] === '#') {
        const key = keyOfLiteralHint(hint);
        found = index
          ? firstUnused(index.literalsWithKey(key))
          : actual.find((t) => t.termType === 'Literal' && !used?.has(t) && indexes.keyOf(t) === key);
      } else {
        const iri = iriOfStringValue(hint);
        found = index
          ? firstUnused(index.namedWithIri(iri))
          : actual.find((t) => t.termType === 'NamedNode' && t.value === iri && !used?.has(t));
      }
    } else if (hint.i !== undefined) {
      const iri = hint.i;
      found = index ? index.namedWithIri(iri)[0] : actual.find((t) => t.termType === 'NamedNode' && t.value === iri);
    } else if (hint.b !== undefined && namedBlanks?.has(hint.b)) {
      // A blank node the document named, found already at another place: the same node here.
      const label = namedBlanks.get(hint.b)!.value;
      found = index ? index.blankLabelled(label) : actual.find((t) => t.termType === 'BlankNode' && t.value === label);
    } else {
      (pendingBlanks ??= []).push(i);
      continue;
    }
    if (found) {
      used?.add(found);
      slots[i] = { term: found, hint };
    }
  }

  if (pendingBlanks !== undefined) {
    const matching = { takenBlanks, signature, deepSignature, namedBlanks, indexes };
    // One blank node to place in a short list (most lists of blank nodes): no index to make when one is all there is.
    const placed =
      index === undefined && pendingBlanks.length === 1 && placeOnly(pendingBlanks[0], hints, slots, actual, matching);
    if (!placed) placeBlanks(pendingBlanks, hints, slots, index ?? new ValueIndex(actual, indexes.keyOf), matching);
  }
  const matches: Match[] = [];
  for (const m of slots) if (m !== undefined) matches.push(m);
  return matches;
}

/**
 * The value a single remembered value stands for (none is used yet): the first literal with its
 * key, the first IRI equal to it, or the blank node its name was found as; `hint` is no blank node still to place.
 */
function firstFound(
  hint: SkeletonValue,
  actual: readonly Term[],
  index: ValueIndex | undefined,
  indexes: ValueIndexes,
  namedBlanks: Map<string, Term> | undefined,
): Term | undefined {
  if (typeof hint === 'string') {
    if (hint[0] === '#') {
      const key = keyOfLiteralHint(hint);
      return index
        ? index.literalsWithKey(key)[0]
        : actual.find((t) => t.termType === 'Literal' && indexes.keyOf(t) === key);
    }
    const iri = iriOfStringValue(hint);
    return index ? index.namedWithIri(iri)[0] : actual.find((t) => t.termType === 'NamedNode' && t.value === iri);
  }
  if (hint.i !== undefined) {
    const iri = hint.i;
    return index ? index.namedWithIri(iri)[0] : actual.find((t) => t.termType === 'NamedNode' && t.value === iri);
  }
  const label = namedBlanks!.get(hint.b!)!.value;
  return index ? index.blankLabelled(label) : actual.find((t) => t.termType === 'BlankNode' && t.value === label);
}

/** What a render's matching of blank nodes shares across calls. */
interface BlankMatching {
  readonly takenBlanks: Set<string>;
  readonly signature: (blank: Term) => string;
  readonly deepSignature: (blank: Term) => string;
  readonly namedBlanks: Map<string, Term> | undefined;
  readonly indexes: ValueIndexes;
}

/**
 * placeBlanks for one remembered blank node (`hints[i]`) where one blank node of `actual` is not
 * taken: placed, as placeBlanks would, if their deep signatures or their signatures are equal;
 * false (nothing changed) otherwise, for placeBlanks to decide. The signatures are computed as
 * placeBlanks's index computes them, in its order: a cycle's deep signatures depend on it.
 */
function placeOnly(
  i: number,
  hints: readonly SkeletonValue[],
  slots: Array<Match | undefined>,
  actual: readonly Term[],
  { takenBlanks, signature, deepSignature, namedBlanks }: BlankMatching,
): boolean {
  let only: Term | undefined;
  for (const t of actual) {
    if (t.termType !== 'BlankNode' || takenBlanks.has(t.value)) continue;
    if (only !== undefined) return false;
    only = t;
  }
  if (only === undefined) return false;
  const sig = signature(only);
  const deep = deepSignature(only);
  const hint = hints[i] as { b?: string; s?: string; d?: string };
  if (!((hint.d !== undefined && deep === hint.d) || sig === (hint.s ?? ''))) return false;
  slots[i] = { term: only, hint: hints[i] };
  if (hint.b !== undefined) namedBlanks?.set(hint.b, only);
  takenBlanks.add(only.value);
  return true;
}

/**
 * The remembered blank nodes `pending` (indexes into `hints`) placed in `slots`: equal deep
 * signatures first, then equal signatures, then the most similar within the budget.
 */
function placeBlanks(
  pending: readonly number[],
  hints: readonly SkeletonValue[],
  slots: Array<Match | undefined>,
  blanks: ValueIndex,
  { takenBlanks, signature, deepSignature, namedBlanks, indexes }: BlankMatching,
): void {
  const ranked = blanks.blanks(takenBlanks, signature, deepSignature);
  // A candidate is one not taken when this call began, nor taken by it since.
  const takenHere = new Set<Term>();
  const addedHere = new Set<string>();
  const live = (c: BlankCandidate): boolean =>
    !takenHere.has(c.term) && (!takenBlanks.has(c.term.value) || addedHere.has(c.term.value));
  const take = (i: number, c: BlankCandidate): void => {
    const hint = hints[i] as { b?: string };
    slots[i] = { term: c.term, hint: hints[i] };
    if (hint.b !== undefined) namedBlanks?.set(hint.b, c.term);
    if (!takenBlanks.has(c.term.value)) addedHere.add(c.term.value);
    takenBlanks.add(c.term.value);
    takenHere.add(c.term);
  };
  let rest: number[] = [];
  for (const i of pending) {
    const d = (hints[i] as { d?: string }).d;
    const exact = d === undefined ? undefined : blanks.firstWithDeep(d, live);
    if (exact) take(i, exact);
    else rest.push(i);
  }
  const shallow = rest;
  rest = [];
  for (const i of shallow) {
    const exact = blanks.firstWithSig((hints[i] as { s?: string }).s ?? '', live);
    if (exact) take(i, exact);
    else rest.push(i);
  }
  for (const i of rest) {
    // Past the budget, what is left stays unplaced (shown as new values are), not compared.
    if (indexes.similarityBudget <= 0) {
      indexes.budgetSpent = true;
      break;
    }
    const best = mostSimilar((hints[i] as { s?: string }).s ?? '', ranked, live, indexes);
    if (best) take(i, best);
  }
}

/** The live candidate most similar (Jaccard of statement hashes) to a remembered signature; the budget pays for each comparison. */
function mostSimilar(
  signature: string,
  ranked: readonly BlankCandidate[],
  live: (c: BlankCandidate) => boolean,
  indexes: ValueIndexes,
): BlankCandidate | undefined {
  const mine = new Set(signature.split(' ').filter(Boolean));
  let best: BlankCandidate | undefined;
  let bestScore = 0;
  for (const c of ranked) {
    indexes.similarityBudget--;
    if (!live(c)) continue;
    const theirs = (c.tokens ??= c.sig.split(' ').filter(Boolean));
    indexes.similarityBudget -= theirs.length;
    let common = 0;
    for (const h of theirs) if (mine.has(h)) common++;
    const union = mine.size + theirs.length - common;
    const score = union === 0 ? 1 : common / union;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** A deterministic order for values nobody placed: IRIs, then blank nodes, then literals. */
export function newValueOrder(signature: (blank: Term) => string): (a: Term, b: Term) => number {
  // Each term's key made once (a sort of n values compares some n log n pairs).
  const keys = new Map<Term, string>();
  const key = (t: Term): string => {
    let k = keys.get(t);
    if (k === undefined) {
      k =
        t.termType === 'NamedNode'
          ? '0' + t.value
          : t.termType === 'BlankNode'
            ? '1' + signature(t) + ' ' + t.value
            : '2' + t.value;
      keys.set(t, k);
    }
    return k;
  };
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}
