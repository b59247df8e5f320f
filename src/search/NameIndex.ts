/**
 * The name search index, in memory: every document's names, `_label`s and identifiers
 * (searchableNamesOf), searched with MiniSearch. All the words asked must match, in any order;
 * the last one may be the start of a word (people type "rembr"); a word of 5 letters or more may
 * be one edit off ("harbor", "marow"); case and accents do not matter (foldText). Statements are
 * searched too, at a lower weight than names. Ranked: a document one of whose names (or labels,
 * or identifiers) is exactly the query comes first, then those matching every word as typed
 * (no edit), then by BM25 score as MiniSearch computed it (names weigh most; TermIndex), then by
 * id, so the order of equal hits never changes between two pages. A search may be narrowed (kind,
 * classification, years) and counts its hits' facets (FacetColumns). Only the page shown is put in
 * order (topRanked) and named: a common word's tens of thousands of hits are scored, narrowed and
 * counted in arrays by document number (issues 32, 35: p50 ≤ 20 ms at 100,000 documents).
 *
 * It is not stored: it is built from the quads at start (loadNameIndex) and kept by every write
 * of this process (written), so it can always be rebuilt from the store. Merges are followed: a
 * merged-away id's tombstone keeps the texts it was found by, and they are searched as the
 * labels of the document it went to (never as an entry of its own: no ghost of the merged id).
 */
import type { Quad } from '../rdf/terms.js';
import { isInternalGraph, TOMBSTONE_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { mergedIntoFrom, mergedNamesFrom } from '../feed/mergedId.js';
import { FacetColumns } from './FacetColumns.js';
import { wordsOf } from './foldText.js';
import { displayName, searchableNamesOf, type SearchableNames } from './searchableNames.js';
import type { SearchFacets, SearchNarrowing } from './searchFacets.js';
import { TermIndex, type Field } from './TermIndex.js';
import { topRanked } from './topRanked.js';

/** One hit: the document, its class, the name to show, and the identifier that matched (if one did). */
export interface NameHit {
  readonly id: string;
  readonly type: string | undefined;
  readonly name: string;
  readonly identifier?: string;
  /** Its classifications' labels and the year it began (production, creation, birth), when it has them. */
  readonly classification?: readonly string[];
  readonly year?: number;
}

export interface NameResults {
  /** How many documents match in all. */
  readonly total: number;
  /** The hits asked for (offset, limit), in rank order. */
  readonly hits: readonly NameHit[];
  /** How many of all the hits have each kind, classification, century. */
  readonly facets: SearchFacets;
}

/** Words this long or longer may be one edit (insertion, deletion, substitution) off. */
const FUZZY_FROM = 5;
const NO_FACETS: SearchFacets = { kind: [], classification: [], date: [] };

export class NameIndex {
  /** Documents by number (a removed document's number is given to the next new one). */
  private readonly entries: Array<SearchableNames | undefined> = [];
  private readonly numbers = new Map<string, number>();
  private readonly free: number[] = [];
  /** Documents (numbers) by each of their texts as a whole, folded (the words joined by one space): exact matches. */
  private readonly exact = new Map<string, Set<number>>();
  private readonly terms = new TermIndex();
  private readonly facets = new FacetColumns();
  /** Where each merged-away id went (its tombstone names the place and the texts it was found by)… */
  private readonly mergedTo = new Map<string, string>();
  /** …and those texts by the document they went to, then by the merged id. */
  private readonly mergedTexts = new Map<string, Map<string, readonly string[]>>();

  /** How many documents the index knows (with or without a name). */
  get size(): number {
    return this.numbers.size;
  }

  /** Documents matching `query` (within `narrowing`), ranked; `offset`, `limit` choose a page of them. */
  search(query: string, offset: number, limit: number, narrowing: SearchNarrowing = {}): NameResults {
    const words = wordsOf(query);
    if (words.length === 0) return { total: 0, hits: [], facets: NO_FACETS };
    const last = words.length - 1;
    const matches = this.terms.match(
      words.map((word, i) => ({ word, prefix: i === last, fuzzy: word.length >= FUZZY_FROM })),
      this.entries.length,
    );
    const within = this.facets.within(narrowing);
    const docs = within ? matches.docs.filter(within) : matches.docs;
    const exact = this.exact.get(words.join(' '));
    const { score, asTyped } = matches;
    const tier = (doc: number): number => (exact?.has(doc) ? 2 : asTyped[doc]);
    const before = (a: number, b: number): boolean => {
      const ta = tier(a);
      const tb = tier(b);
      if (ta !== tb) return ta > tb;
      if (score[a] !== score[b]) return score[a] > score[b];
      return this.entries[a]!.id < this.entries[b]!.id;
    };
    const page = topRanked(docs, offset + limit, before).slice(offset);
    const hits = page.map((doc) => this.hitOf(this.entries[doc]!, matches.terms));
    return { total: docs.length, hits, facets: this.facets.count(docs) };
  }

  /** A hit as shown: its name, and the first of its identifiers holding a word the query reached. */
  private hitOf(entry: SearchableNames, reached: ReadonlySet<string>): NameHit {
    const identifier = entry.identifiers.find((text) => wordsOf(text).some((w) => reached.has(w)));
    return {
      id: entry.id,
      type: entry.type,
      name: displayName(entry),
      ...(identifier !== undefined ? { identifier } : {}),
      ...(entry.classifications?.length ? { classification: entry.classifications } : {}),
      ...(entry.year !== undefined ? { year: entry.year } : {}),
    };
  }

  /**
   * What the index was built from, to build it again (src/keptIndexes/): each merged id with where
   * it went and its texts, then each document's own names in the order of its number.
   */
  keptEntries(): { merged: Array<[string, string, readonly string[]]>; entries: SearchableNames[] } {
    const merged: Array<[string, string, readonly string[]]> = [];
    for (const [target, byId] of this.mergedTexts) for (const [id, texts] of byId) merged.push([id, target, texts]);
    const entries: SearchableNames[] = [];
    for (const entry of this.entries) {
      if (!entry) continue;
      const { merged: _merged, ...own } = entry;
      entries.push(entry.merged === undefined ? entry : own);
    }
    return { merged, entries };
  }

  /** The name to show for a document the index knows; undefined for one it does not. */
  nameOf(id: string): string | undefined {
    const doc = this.numbers.get(id);
    const entry = doc === undefined ? undefined : this.entries[doc];
    return entry && displayName(entry);
  }

  /**
   * Apply a write: each entity graph written (empty: the document is gone), and each tombstone (a
   * merge, or an id created again); other internal graphs are not names.
   */
  written(graphs: ReadonlyMap<string, readonly Quad[]>): void {
    for (const [graph, quads] of graphs) {
      if (graph.startsWith(TOMBSTONE_GRAPH_PREFIX)) {
        const id = graph.slice(TOMBSTONE_GRAPH_PREFIX.length);
        this.merged(id, mergedIntoFrom(id, quads), mergedNamesFrom(id, quads));
      } else if (isInternalGraph(graph)) continue;
      else if (quads.length === 0) this.remove(graph);
      else this.replace(searchableNamesOf(graph, quads));
    }
  }

  /** `id` merged into `target`, found by `texts` (target undefined: merged into nothing, or no longer). */
  merged(id: string, target: string | undefined, texts: readonly string[]): void {
    const before = this.mergedTo.get(id);
    if (before !== undefined) {
      this.mergedTo.delete(id);
      const texts = this.mergedTexts.get(before);
      texts?.delete(id);
      if (texts?.size === 0) this.mergedTexts.delete(before);
      this.reindex(before);
    }
    if (target === undefined || texts.length === 0) return;
    this.mergedTo.set(id, target);
    let into = this.mergedTexts.get(target);
    if (!into) this.mergedTexts.set(target, (into = new Map<string, readonly string[]>()));
    into.set(id, texts);
    this.reindex(target);
  }

  /** Index a known document again (the texts merged into it changed). */
  private reindex(id: string): void {
    const doc = this.numbers.get(id);
    const entry = doc === undefined ? undefined : this.entries[doc];
    if (entry) this.replace(entry);
  }

  /** Set one document's names, replacing what the index had for it (with the texts of the ids merged into it). */
  replace(own: SearchableNames): void {
    const entry = this.withMergedTexts(own);
    this.remove(entry.id);
    const doc = this.free.pop() ?? this.entries.length;
    this.numbers.set(entry.id, doc);
    this.entries[doc] = entry;
    this.facets.set(doc, entry);
    const texts = textsOf(entry);
    if (texts.length === 0 && !entry.statements?.length) return;
    this.terms.add(doc, fieldsOf(entry));
    for (const text of texts) {
      const key = wordsOf(text).join(' ');
      let docs = this.exact.get(key);
      if (!docs) this.exact.set(key, (docs = new Set()));
      docs.add(doc);
    }
  }

  /** The entry with the texts of the ids merged into it now (the same object when there are none, as for most). */
  private withMergedTexts(own: SearchableNames): SearchableNames {
    const texts = this.mergedTexts.get(own.id);
    if (texts) return { ...own, merged: [...new Set([...texts.values()].flat())] };
    if (own.merged === undefined) return own;
    const { merged: _before, ...rest } = own;
    return rest;
  }

  /** Forget a document (nothing happens for one the index does not know). */
  remove(id: string): void {
    const doc = this.numbers.get(id);
    if (doc === undefined) return;
    const before = this.entries[doc]!;
    this.numbers.delete(id);
    this.entries[doc] = undefined;
    this.free.push(doc);
    this.facets.clear(doc);
    this.terms.remove(doc, fieldsOf(before));
    for (const text of textsOf(before)) {
      const key = wordsOf(text).join(' ');
      const docs = this.exact.get(key);
      docs?.delete(doc);
      if (docs?.size === 0) this.exact.delete(key);
    }
  }
}

/** The texts a document is found by as a whole (an exact match): its names, labels, identifiers and merged ids' texts. */
function textsOf(entry: SearchableNames): string[] {
  return [...entry.names, ...entry.labels, ...entry.identifiers, ...(entry.merged ?? [])];
}

/** What is indexed of a document: each field's texts, one per line (the merged ids' texts as labels). */
function fieldsOf(entry: SearchableNames): Record<Field, string> {
  return {
    names: entry.names.join('\n'),
    labels: [...entry.labels, ...(entry.merged ?? [])].join('\n'),
    identifiers: entry.identifiers.join('\n'),
    statements: (entry.statements ?? []).join('\n'),
  };
}
