/**
 * Past versions rendered (src/history): a version never changes once written, so its bytes are
 * kept for as long as the bound allows, without asking the store again. What a page or the
 * JSON-LD's `_links` take from other documents (hit counts, names) is what a write to this
 * document's id says changed (Representations.invalidate), and a retention drops versions only in
 * a write to it: such a write drops the document's entries, as it does the live document's.
 */
import { LRUCache } from 'lru-cache';
import type { PastVersion } from '../render/html/EntityPage.js';
import type { Representation } from './represent.js';

/** A past version as answered: its bytes, and its record for the headers (Memento-Datetime). */
export interface PastAnswer {
  readonly representation: Representation;
  readonly memento: PastVersion;
}

interface Entry extends PastAnswer {
  readonly id: string;
}

/** Per-entry bookkeeping counted against the bound besides the body. */
const ENTRY_OVERHEAD = 256;

export class PastVersionCache {
  private readonly cache: LRUCache<string, Entry>;
  /** The keys held for each document, to drop them together. */
  private readonly keysOf = new Map<string, Set<string>>();

  constructor(maxBytes: number) {
    this.cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: ({ representation: r }) => r.body.length + r.etag.length + ENTRY_OVERHEAD,
      dispose: (entry, key) => {
        const keys = this.keysOf.get(entry.id);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOf.delete(entry.id);
      },
    });
  }

  /** `variant`: the format, and whether the JSON-LD is without `_links`. */
  static key(id: string, n: number, variant: string): string {
    return `${n} ${variant} ${id}`;
  }

  get(key: string): PastAnswer | undefined {
    return this.cache.get(key);
  }

  set(key: string, id: string, answer: PastAnswer): void {
    this.cache.set(key, { ...answer, id });
    // An entry larger than the bound is not kept (and dispose is not called for it).
    if (!this.cache.has(key)) return;
    let keys = this.keysOf.get(id);
    if (!keys) this.keysOf.set(id, (keys = new Set()));
    keys.add(key);
  }

  /** Drops every version of these documents (a write to them). */
  drop(ids: readonly string[]): void {
    for (const id of ids) for (const key of [...(this.keysOf.get(id) ?? [])]) this.cache.delete(key);
  }

  get entries(): number {
    return this.cache.size;
  }
}
