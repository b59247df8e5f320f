/**
 * The name search index, in memory: every document's names, `_label`s and identifiers
 * (searchableNamesOf), searched with MiniSearch. All the words asked must match, in any order;
 * the last one may be the start of a word (people type "rembr"); a word of 5 letters or more may
 * be one edit off ("harbor", "marow"); case and accents do not matter (foldText). Statements are
 * searched too, at a lower weight than names. Ranked: a document one of whose names (or labels,
 * or identifiers) is exactly the query comes first, then those matching every word as typed
 * (no edit), then by MiniSearch's BM25 score (names weigh most), then by id, so the order of
 * equal hits never changes between two pages. A search may be narrowed (kind, classification,
 * years) and counts its hits' facets (searchFacets.ts).
 *
 * It is not stored: it is built from the quads at start (loadNameIndex) and kept by every write
 * of this process (written), so it can always be rebuilt from the store.
 */
import MiniSearch from 'minisearch';
import type { Quad } from '../rdf/terms.js';
import { isInternalGraph } from '../store/internalGraphs.js';
import { wordsOf } from './foldText.js';
import { displayName, searchableNamesOf, type SearchableNames } from './searchableNames.js';
import { facetsOf, withinNarrowing, type SearchFacets, type SearchNarrowing } from './searchFacets.js';

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

/** What MiniSearch indexes of a document: each field's texts, one per line. */
interface IndexedFields {
  readonly id: string;
  readonly names: string;
  readonly labels: string;
  readonly identifiers: string;
  readonly statements: string;
}

/** How much a match in each field weighs: a name more than an identifier more than a `_label` more than a statement. */
const BOOST = { names: 3, identifiers: 2, labels: 1.5, statements: 0.5 };
/** Words this long or longer may be one edit (insertion, deletion, substitution) off. */
const FUZZY_FROM = 5;
const NO_FACETS: SearchFacets = { kind: [], classification: [], date: [] };

export class NameIndex {
  private readonly entries = new Map<string, SearchableNames>();
  /** Documents by each of their texts as a whole, folded (the words joined by one space): exact matches. */
  private readonly exact = new Map<string, Set<string>>();
  private readonly mini = new MiniSearch<IndexedFields>({
    fields: ['names', 'labels', 'identifiers', 'statements'],
    tokenize: (text) => wordsOf(text),
    // The words come folded from tokenize already.
    processTerm: (term) => term,
  });

  /** How many documents the index knows (with or without a name). */
  get size(): number {
    return this.entries.size;
  }

  /** Documents matching `query` (within `narrowing`), ranked; `offset`, `limit` choose a page of them. */
  search(query: string, offset: number, limit: number, narrowing: SearchNarrowing = {}): NameResults {
    const words = wordsOf(query);
    if (words.length === 0) return { total: 0, hits: [], facets: NO_FACETS };
    const results = this.mini
      .search(words.join(' '), {
        combineWith: 'AND',
        prefix: (_term, i, terms) => i === terms.length - 1,
        fuzzy: (term) => (term.length >= FUZZY_FROM ? 1 : false),
        boost: BOOST,
      })
      .filter((r) => withinNarrowing(this.entries.get(r.id as string)!, narrowing));
    const exact = this.exact.get(words.join(' '));
    const tier = new Map(results.map((r) => [r.id as string, rankTier(r.id as string, r.terms, words, exact)]));
    results.sort(
      (a, b) =>
        tier.get(b.id as string)! - tier.get(a.id as string)! ||
        b.score - a.score ||
        compare(a.id as string, b.id as string),
    );
    const hits = results.slice(offset, offset + limit).map((r): NameHit => {
      const entry = this.entries.get(r.id as string)!;
      const matchedInIdentifiers = Object.entries(r.match)
        .filter(([, fields]) => fields.includes('identifiers'))
        .map(([term]) => term);
      const identifier =
        matchedInIdentifiers.length === 0
          ? undefined
          : entry.identifiers.find((text) => wordsOf(text).some((w) => matchedInIdentifiers.includes(w)));
      return {
        id: entry.id,
        type: entry.type,
        name: displayName(entry),
        ...(identifier !== undefined ? { identifier } : {}),
        ...(entry.classifications?.length ? { classification: entry.classifications } : {}),
        ...(entry.year !== undefined ? { year: entry.year } : {}),
      };
    });
    const facets = facetsOf(results.map((r) => this.entries.get(r.id as string)!));
    return { total: results.length, hits, facets };
  }

  /** The name to show for a document the index knows; undefined for one it does not. */
  nameOf(id: string): string | undefined {
    const entry = this.entries.get(id);
    return entry && displayName(entry);
  }

  /** Apply a write: each entity graph written (empty: the document is gone); internal graphs are not names. */
  written(graphs: ReadonlyMap<string, readonly Quad[]>): void {
    for (const [graph, quads] of graphs) {
      if (isInternalGraph(graph)) continue;
      if (quads.length === 0) this.remove(graph);
      else this.replace(searchableNamesOf(graph, quads));
    }
  }

  /** Set one document's names, replacing what the index had for it. */
  replace(entry: SearchableNames): void {
    this.remove(entry.id);
    this.entries.set(entry.id, entry);
    const texts = [...entry.names, ...entry.labels, ...entry.identifiers];
    if (texts.length === 0 && !entry.statements?.length) return;
    this.mini.add({
      id: entry.id,
      names: entry.names.join('\n'),
      labels: entry.labels.join('\n'),
      identifiers: entry.identifiers.join('\n'),
      statements: (entry.statements ?? []).join('\n'),
    });
    for (const text of texts) {
      const key = wordsOf(text).join(' ');
      let ids = this.exact.get(key);
      if (!ids) this.exact.set(key, (ids = new Set()));
      ids.add(entry.id);
    }
  }

  /** Forget a document (nothing happens for one the index does not know). */
  remove(id: string): void {
    const before = this.entries.get(id);
    if (!before) return;
    this.entries.delete(id);
    if (this.mini.has(id)) this.mini.discard(id);
    for (const text of [...before.names, ...before.labels, ...before.identifiers]) {
      const key = wordsOf(text).join(' ');
      const ids = this.exact.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.exact.delete(key);
    }
  }
}

/**
 * 2 for a document one of whose texts is the query, 1 for one matching every word as typed (the
 * last as the start of a word), 0 for one found only through an edit.
 */
function rankTier(id: string, terms: readonly string[], words: readonly string[], exact?: Set<string>): number {
  if (exact?.has(id)) return 2;
  const last = words.length - 1;
  return words.every((w, i) => terms.includes(w) || (i === last && terms.some((t) => t.startsWith(w)))) ? 1 : 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
