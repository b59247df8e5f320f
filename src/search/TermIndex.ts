/**
 * The words of every document's names, `_label`s, identifiers and statements (its fields), each
 * with the documents it is in and how often (postings by document number), and what a query's
 * words score in each matching document. The score is MiniSearch's BM25 to the last bit (the same
 * formula, field boosts, prefix and fuzzy weights, running average field lengths, and order of
 * additions), so ranking stays what it was when MiniSearch searched; but the scores go into one
 * array by document number instead of an object per match, which is what made a common word slow
 * (issue 32, 35: 58,617 matches were scored into 58,617 objects, then sorted).
 *
 * The words live in MiniSearch's own radix tree (SearchableMap), which expands a prefix and finds
 * the words one edit away, in the order MiniSearch saw them.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { wordsOf } from './foldText.js';

/** The fields, in the order MiniSearch scored them, and what a match in each weighs. */
export const FIELDS = ['names', 'labels', 'identifiers', 'statements'] as const;
export type Field = (typeof FIELDS)[number];
const BOOSTS: readonly number[] = [3, 1.5, 2, 0.5];
/** MiniSearch's defaults: BM25's k, b, d, and the weights of a prefix and of a fuzzy match. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/**
 * The documents a word is in (numbers, in no order), how many times it is in each, and where
 * each entry is noted in its document's places (TermIndex.places): so a removal finds its
 * entry at once instead of searching a posting of tens of thousands (issue 35).
 */
interface Posting {
  readonly docs: number[];
  readonly counts: number[];
  readonly slots: number[];
}
/** A word's postings per field (by its place in FIELDS). */
type Postings = Array<Posting | undefined>;

/** How one word of a query is matched: as typed, also as the start of longer words, also one edit off. */
export interface QueryWord {
  readonly word: string;
  readonly prefix: boolean;
  readonly fuzzy: boolean;
}

/** The documents that match every word, their scores, and which matched each word as typed. */
export interface Matches {
  /** Document numbers, each once, in ascending order. */
  readonly docs: readonly number[];
  /** By document number: its score (valid for `docs` only). */
  readonly score: Float64Array;
  /** By document number: 1 when every word matched as typed (or as a prefix), 0 when one only through an edit. */
  readonly asTyped: Uint8Array;
  /** Every word of the index the query reached (as typed, by prefix or by an edit). */
  readonly terms: ReadonlySet<string>;
}

const noPostings = (): Postings => [];

export class TermIndex {
  private readonly words = new SearchableMap<Postings>();
  /** By document number × FIELDS.length + field: the number of distinct words in the field; -1 for a document not indexed. */
  private lengths = new Int32Array(0);
  private readonly averageLength: number[] = FIELDS.map(() => 0);
  private count = 0;
  /**
   * By document number: the position of its entry in each posting it is in, one slot per field
   * and distinct word, in the order add met them (remove meets them in the same order).
   */
  private readonly places: Array<number[] | undefined> = [];
  // Scratch arrays by document number, kept between searches (search is synchronous).
  private score = new Float64Array(0);
  private wordScore = new Float64Array(0);
  private asTyped = new Uint8Array(0);
  private wordTyped = new Uint8Array(0);
  /**
   * The documents a word's pass reached, in the order reached (its first `reached` entries): a scratch
   * array, as the others, since pushing a common word's 59,000 documents into a new array cost a millisecond.
   */
  private touched = new Int32Array(0);
  private reached = 0;
  private pass = new Int32Array(0);
  private passes = 0;

  /** Index a document's fields (texts, one per line); `doc` must not be indexed already. */
  add(doc: number, fields: Readonly<Record<Field, string>>): void {
    this.count += 1;
    if ((doc + 1) * FIELDS.length > this.lengths.length) this.growLengths((doc + 1) * FIELDS.length);
    const places: number[] = [];
    for (let f = 0; f < FIELDS.length; f++) {
      const before = places.length;
      for (const term of wordsOf(fields[FIELDS[f]])) {
        const postings = this.words.fetch(term, noPostings);
        const inField = (postings[f] ??= { docs: [], counts: [], slots: [] });
        // A document's words are added together: its count is the last one if it has one already.
        const last = inField.docs.length - 1;
        if (last >= 0 && inField.docs[last] === doc) inField.counts[last] += 1;
        else {
          inField.docs.push(doc);
          inField.counts.push(1);
          inField.slots.push(places.length);
          places.push(last + 1);
        }
      }
      // Each distinct word took one place: the field's length.
      const length = places.length - before;
      this.lengths[doc * FIELDS.length + f] = length;
      // MiniSearch's running average, computed as it did (the scores depend on it to the last bit).
      this.averageLength[f] = (this.averageLength[f] * (this.count - 1) + length) / this.count;
    }
    this.places[doc] = places;
  }

  /** Forget a document indexed with these fields. */
  remove(doc: number, fields: Readonly<Record<Field, string>>): void {
    if (!(this.lengths[doc * FIELDS.length] >= 0)) return;
    const places = this.places[doc];
    let slot = 0;
    FIELDS.forEach((field, f) => {
      const length = this.lengths[doc * FIELDS.length + f];
      this.averageLength[f] = this.count === 1 ? 0 : (this.averageLength[f] * this.count - length) / (this.count - 1);
      for (const term of new Set(wordsOf(fields[field]))) {
        const postings = this.words.get(term);
        const inField = postings?.[f];
        const place = places?.[slot++] ?? -1;
        // Where add put it (the fields are the ones added); else, searched for.
        const at = inField?.docs[place] === doc ? place : (inField?.docs.indexOf(doc) ?? -1);
        if (!postings || !inField || at < 0) continue;
        this.removeEntry(inField, at);
        if (inField.docs.length === 0) postings[f] = undefined;
        if (postings.every((p) => p === undefined)) this.words.delete(term);
      }
    });
    this.lengths.fill(-1, doc * FIELDS.length, (doc + 1) * FIELDS.length);
    this.places[doc] = undefined;
    this.count -= 1;
  }

  /** Take a posting's entry `at` out: the last one takes its place (the order of a posting does not matter). */
  private removeEntry(inField: Posting, at: number): void {
    const { docs, counts, slots } = inField;
    const last = docs.length - 1;
    if (at !== last) {
      const moved = docs[last];
      docs[at] = moved;
      counts[at] = counts[last];
      slots[at] = slots[last];
      const movedPlaces = this.places[moved];
      if (movedPlaces) movedPlaces[slots[last]] = at;
    }
    docs.pop();
    counts.pop();
    slots.pop();
  }

  /** The documents (numbered below `capacity`) matching every word, scored. */
  match(query: readonly QueryWord[], capacity: number): Matches {
    this.reserve(capacity);
    if (this.passes >= 0x7fff0000) {
      this.pass.fill(0);
      this.passes = 0;
    }
    const terms = new Set<string>();
    query.forEach((q, i) => {
      const previous = this.passes;
      const current = ++this.passes;
      this.reached = 0;
      // The first word's sums are the scores so far; a later word's are summed apart, then added.
      const into =
        i === 0 ? { score: this.score, typed: this.asTyped } : { score: this.wordScore, typed: this.wordTyped };
      for (const [term, postings, weight, typed] of this.expansions(q)) {
        terms.add(term);
        for (let f = 0; f < FIELDS.length; f++) {
          const inField = postings[f];
          if (inField !== undefined)
            this.scoreField(inField, f, weight * BOOSTS[f], typed, i === 0 ? undefined : previous, current, into);
        }
      }
      const { score, asTyped, wordScore, wordTyped, touched, reached } = this;
      if (i > 0)
        for (let j = 0; j < reached; j++) {
          const doc = touched[j];
          score[doc] += wordScore[doc];
          asTyped[doc] &= wordTyped[doc];
        }
    });
    // MiniSearch multiplies by the number of distinct words matched (all of them, every word must match).
    const quality = new Set(query.map((q) => q.word)).size;
    const { score, touched, reached } = this;
    for (let j = 0; j < reached; j++) score[touched[j]] *= quality;
    return { docs: this.ascending(this.passes, capacity), score, asTyped: this.asTyped, terms };
  }

  /**
   * The documents of the last pass in ascending order: what reads them next (narrowing, facets,
   * ranking) then reads the arrays by document number in order, not at random (a common word's
   * facets were counted ten times faster so). Many are found by a scan of the pass array, few sorted.
   */
  private ascending(last: number, capacity: number): number[] {
    const { pass, touched, reached } = this;
    if (reached * 16 < capacity) return Array.from(touched.subarray(0, reached)).sort((a, b) => a - b);
    // Of a known length: filling it in place is twice as fast as pushing.
    const out = new Array<number>(reached);
    let n = 0;
    for (let doc = 0; doc < capacity; doc++) if (pass[doc] === last) out[n++] = doc;
    return out;
  }

  /**
   * Add one word's matches in one field to its sums (`into`) in this pass (`current`), for
   * documents that were in the pass before (`previous`, every earlier word matched), or all on the first.
   */
  private scoreField(
    inField: Posting,
    f: number,
    boost: number,
    typed: boolean,
    previous: number | undefined,
    current: number,
    into: { readonly score: Float64Array; readonly typed: Uint8Array },
  ): void {
    const { docs, counts } = inField;
    const { pass, lengths, touched } = this;
    let reached = this.reached;
    const { score, typed: asTyped } = into;
    const idf = Math.log(1 + (this.count - docs.length + 0.5) / (docs.length + 0.5));
    const average = this.averageLength[f];
    for (let j = 0; j < docs.length; j++) {
      const doc = docs[j];
      if (pass[doc] !== current) {
        if (previous !== undefined && pass[doc] !== previous) continue;
        pass[doc] = current;
        score[doc] = 0;
        asTyped[doc] = 0;
        touched[reached++] = doc;
      }
      const tf = counts[j];
      const length = lengths[doc * FIELDS.length + f];
      const raw = idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * length) / average)));
      score[doc] += boost * raw;
      if (typed) asTyped[doc] = 1;
    }
    this.reached = reached;
  }

  /**
   * The index's words a query word reaches, each with its postings, its weight and whether it is
   * as typed: the word itself, then (a prefix) the longer words it begins, then (fuzzy) the words
   * one edit away that are neither: in MiniSearch's order, so the sums are the same.
   */
  private expansions(q: QueryWord): Array<[string, Postings, number, boolean]> {
    const out: Array<[string, Postings, number, boolean]> = [];
    const exact = this.words.get(q.word);
    if (exact) out.push([q.word, exact, 1, true]);
    const prefixed = new Set<string>();
    if (q.prefix)
      for (const [term, postings] of this.words.atPrefix(q.word)) {
        const distance = term.length - q.word.length;
        if (distance === 0) continue;
        prefixed.add(term);
        out.push([term, postings, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), true]);
      }
    if (q.fuzzy)
      for (const [term, [postings, distance]] of this.words.fuzzyGet(q.word, 1)) {
        if (distance === 0 || prefixed.has(term)) continue;
        out.push([term, postings, (FUZZY_WEIGHT * term.length) / (term.length + distance), false]);
      }
    return out;
  }

  private growLengths(needed: number): void {
    const grown = new Int32Array(Math.max(needed, Math.ceil(this.lengths.length * 1.5))).fill(-1);
    grown.set(this.lengths);
    this.lengths = grown;
  }

  /** Scratch arrays for documents numbered below `capacity` (grown by half again when short). */
  private reserve(capacity: number): void {
    if (this.pass.length >= capacity) return;
    const size = Math.max(capacity, Math.ceil(this.pass.length * 1.5));
    const grown = new Int32Array(size);
    grown.set(this.pass);
    this.pass = grown;
    this.score = new Float64Array(size);
    this.wordScore = new Float64Array(size);
    this.asTyped = new Uint8Array(size);
    this.wordTyped = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }
}
