/**
 * The name search index, in memory: every document's names, `_label`s and identifiers
 * (searchableNamesOf), searched with MiniSearch. All the words asked must match, in any order;
 * the last one may be the start of a word (people type "rembr"); case and accents do not matter
 * (foldText). Ranked: a document one of whose names (or labels, or identifiers) is exactly the
 * query comes first, then by MiniSearch's BM25 score (names weigh most), then by id, so the
 * order of equal hits never changes between two pages.
 *
 * It is not stored: it is built from the quads at start (loadNameIndex) and kept by every write
 * of this process (written), so it can always be rebuilt from the store.
 */
import MiniSearch from 'minisearch';
import type { Quad } from '../rdf/terms.js';
import { isInternalGraph } from '../store/internalGraphs.js';
import { wordsOf } from './foldText.js';
import { displayName, searchableNamesOf, type SearchableNames } from './searchableNames.js';

/** One hit: the document, its class, the name to show, and the identifier that matched (if one did). */
export interface NameHit {
  readonly id: string;
  readonly type: string | undefined;
  readonly name: string;
  readonly identifier?: string;
}

export interface NameResults {
  /** How many documents match in all. */
  readonly total: number;
  /** The hits asked for (offset, limit), in rank order. */
  readonly hits: readonly NameHit[];
}

/** What MiniSearch indexes of a document: each field's texts, one per line. */
interface IndexedFields {
  readonly id: string;
  readonly names: string;
  readonly labels: string;
  readonly identifiers: string;
}

/** How much a match in each field weighs: a name more than an identifier more than a `_label`. */
const BOOST = { names: 3, identifiers: 2, labels: 1.5 };

export class NameIndex {
  private readonly entries = new Map<string, SearchableNames>();
  /** Documents by each of their texts as a whole, folded (the words joined by one space): exact matches. */
  private readonly exact = new Map<string, Set<string>>();
  private readonly mini = new MiniSearch<IndexedFields>({
    fields: ['names', 'labels', 'identifiers'],
    tokenize: (text) => wordsOf(text),
    // The words come folded from tokenize already.
    processTerm: (term) => term,
  });

  /** How many documents the index knows (with or without a name). */
  get size(): number {
    return this.entries.size;
  }

  /** Documents matching `query`, ranked; `offset`, `limit` choose a page of them. */
  search(query: string, offset: number, limit: number): NameResults {
    const words = wordsOf(query);
    if (words.length === 0) return { total: 0, hits: [] };
    const results = this.mini.search(words.join(' '), {
      combineWith: 'AND',
      prefix: (_term, i, terms) => i === terms.length - 1,
      boost: BOOST,
    });
    const exact = this.exact.get(words.join(' '));
    results.sort(
      (a, b) =>
        Number(exact?.has(b.id as string) ?? false) - Number(exact?.has(a.id as string) ?? false) ||
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
      };
    });
    return { total: results.length, hits };
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
    if (texts.length === 0) return;
    this.mini.add({
      id: entry.id,
      names: entry.names.join('\n'),
      labels: entry.labels.join('\n'),
      identifiers: entry.identifiers.join('\n'),
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
