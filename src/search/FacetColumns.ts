/**
 * What the facets of a search count, kept by document number in compact columns: each document's
 * kind, classifications and century as small numbers (codes of their names), and its year. A search narrows
 * its hits and counts their facets by reading these arrays, not an object per hit: a common word's
 * 58,617 hits are counted in about a millisecond (issue 32). A document's first two classifications
 * are in typed arrays too (most have two or fewer), the rest in a list beside: an array of arrays read
 * for every hit cost as much as scoring them.
 */
import type { SearchableNames } from './searchableNames.js';
import { rankedCounts, type SearchFacets, type SearchNarrowing } from './searchFacets.js';

/** A year no document has: "no year". */
const NO_YEAR = -0x80000000;
const NO_KIND = -1;

/** Names given codes in the order first seen (codes are never reused: a kind or classification is few). */
class Codes {
  readonly names: string[] = [];
  private readonly byName = new Map<string, number>();

  codeOf(name: string): number {
    let code = this.byName.get(name);
    if (code === undefined) this.byName.set(name, (code = this.names.push(name) - 1));
    return code;
  }

  find(name: string): number | undefined {
    return this.byName.get(name);
  }
}

export class FacetColumns {
  private kind = new Int32Array(0);
  private year = new Int32Array(0);
  /** By document number: the code of its century (years' first year, in `centuries`), or NO_KIND. */
  private century = new Int32Array(0);
  /** By document number: the codes of its first and second classification, or NO_KIND. */
  private firstClass = new Int32Array(0);
  private secondClass = new Int32Array(0);
  /** By document number: the codes of its classifications past the second, when it has more than two. */
  private readonly moreClasses: Array<readonly number[] | undefined> = [];
  private readonly kinds = new Codes();
  private readonly classes = new Codes();
  private readonly centuries = new Codes();

  /** Record a document's kind, classifications and year. */
  set(doc: number, entry: SearchableNames): void {
    if (doc >= this.kind.length) this.grow(doc + 1);
    this.kind[doc] = entry.type === undefined ? NO_KIND : this.kinds.codeOf(entry.type);
    this.year[doc] = entry.year ?? NO_YEAR;
    this.century[doc] =
      entry.year === undefined ? NO_KIND : this.centuries.codeOf(String(Math.floor(entry.year / 100) * 100));
    const codes = (entry.classifications ?? []).map((c) => this.classes.codeOf(c));
    this.firstClass[doc] = codes[0] ?? NO_KIND;
    this.secondClass[doc] = codes[1] ?? NO_KIND;
    this.moreClasses[doc] = codes.length > 2 ? codes.slice(2) : undefined;
  }

  /** Whether a document has the classification of this code. */
  private classified(doc: number, code: number): boolean {
    return this.firstClass[doc] === code || this.secondClass[doc] === code || !!this.moreClasses[doc]?.includes(code);
  }

  /** Forget a document (its number may be given to another). */
  clear(doc: number): void {
    if (doc >= this.kind.length) return;
    this.kind[doc] = NO_KIND;
    this.year[doc] = NO_YEAR;
    this.century[doc] = NO_KIND;
    this.firstClass[doc] = NO_KIND;
    this.secondClass[doc] = NO_KIND;
    this.moreClasses[doc] = undefined;
  }

  /** Whether a document is within the narrowing, as a test on its number; undefined for no narrowing. */
  within(narrowing: SearchNarrowing): ((doc: number) => boolean) | undefined {
    const { kind, classification, from, to } = narrowing;
    if (kind === undefined && classification === undefined && from === undefined && to === undefined) return undefined;
    // A kind or classification no document has: nothing is within.
    const kindCode = kind === undefined ? undefined : (this.kinds.find(kind) ?? -2);
    const classCode = classification === undefined ? undefined : (this.classes.find(classification) ?? -2);
    const dated = from !== undefined || to !== undefined;
    const first = from ?? -Infinity;
    const last = to ?? Infinity;
    return (doc) => {
      if (kindCode !== undefined && this.kind[doc] !== kindCode) return false;
      if (classCode !== undefined && !this.classified(doc, classCode)) return false;
      if (!dated) return true;
      const year = this.year[doc];
      return year !== NO_YEAR && year >= first && year <= last;
    };
  }

  /** The facets of these documents: the most frequent values first, then in code-point order; centuries in order. */
  count(docs: readonly number[]): SearchFacets {
    const kinds = new Int32Array(this.kinds.names.length);
    const classes = new Int32Array(this.classes.names.length);
    const centuries = new Int32Array(this.centuries.names.length);
    const { kind, century, firstClass, secondClass, moreClasses } = this;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i];
      if (kind[doc] !== NO_KIND) kinds[kind[doc]]++;
      if (century[doc] !== NO_KIND) centuries[century[doc]]++;
      if (firstClass[doc] === NO_KIND) continue;
      classes[firstClass[doc]]++;
      if (secondClass[doc] === NO_KIND) continue;
      classes[secondClass[doc]]++;
      const more = moreClasses[doc];
      if (more !== undefined) for (let j = 0; j < more.length; j++) classes[more[j]]++;
    }
    return {
      kind: rankedCounts(counted(this.kinds.names, kinds)),
      classification: rankedCounts(counted(this.classes.names, classes)),
      date: counted(this.centuries.names, centuries)
        .map(([from, n]) => ({ from: Number(from), to: Number(from) + 99, count: n }))
        .sort((a, b) => a.from - b.from),
    };
  }

  private grow(needed: number): void {
    const size = Math.max(needed, Math.ceil(this.kind.length * 1.5), 64);
    const kind = new Int32Array(size).fill(NO_KIND);
    kind.set(this.kind);
    const year = new Int32Array(size).fill(NO_YEAR);
    year.set(this.year);
    const century = new Int32Array(size).fill(NO_KIND);
    century.set(this.century);
    const firstClass = new Int32Array(size).fill(NO_KIND);
    firstClass.set(this.firstClass);
    const secondClass = new Int32Array(size).fill(NO_KIND);
    secondClass.set(this.secondClass);
    this.kind = kind;
    this.year = year;
    this.century = century;
    this.firstClass = firstClass;
    this.secondClass = secondClass;
  }
}

/** The names with a count above zero, and their counts. */
function counted(names: readonly string[], counts: Int32Array): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  counts.forEach((n, code) => {
    if (n > 0) out.push([names[code], n]);
  });
  return out;
}
