/**
 * Representations: a stored document as the bytes of one format, with the validators HTTP
 * needs (a strong ETag of those very bytes, Last-Modified from the store's stamp). Rendered
 * bytes are kept in a cache bounded by their size; any write to a document drops its
 * entries in every format.
 *
 * A read that raced a write must not put the old version back into the cache: each write
 * bumps a generation, and a render is cached only if no write ended while it ran.
 *
 * When other processes write to the same store (a remote store with several service
 * processes in front), this process is not told of their writes: with `revalidate`, a cached
 * entry is used only while the document's version in the store (its digest and modification
 * stamp, one small query) is still the one it was rendered from.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { FORMATS, type Format } from '../render/formats.js';
import { serializeGraph } from '../render/serialize.js';
import { render, versionOf, type DocumentService, type StoredDocument } from './DocumentService.js';

export interface Representation {
  readonly format: Format;
  readonly body: Buffer;
  /** Strong validator, quoted: a hash of the body, so two formats never share one. */
  readonly etag: string;
  /** HTTP-date of the document's last change, when the store knows it. */
  readonly lastModified: string | undefined;
  /** What the render had to say (e.g. triples not reachable from the root). */
  readonly warnings: readonly string[];
  /** The stored version it was rendered from (DocumentService.version). */
  readonly version: string | undefined;
}

export interface RepresentationsOptions {
  /** Check each cached entry against the document's version in the store before using it. */
  readonly revalidate?: boolean;
}

/** Per-entry bookkeeping counted against the cache bound besides the body. */
const ENTRY_OVERHEAD = 256;

export class Representations {
  private readonly cache: LRUCache<string, Representation> | undefined;
  private generation = 0;

  /** `cacheBytes` 0: no cache, every request renders. */
  private readonly revalidate: boolean;

  constructor(private readonly documents: DocumentService, cacheBytes: number, options: RepresentationsOptions = {}) {
    this.revalidate = options.revalidate ?? false;
    if (cacheBytes > 0) {
      this.cache = new LRUCache<string, Representation>({
        maxSize: cacheBytes,
        sizeCalculation: (r) => r.body.length + r.etag.length + ENTRY_OVERHEAD,
      });
    }
    documents.onChange((ids) => this.invalidate(ids));
  }

  /** The document `id` in `format`; undefined when there is no such document. */
  async get(id: string, format: Format): Promise<Representation | undefined> {
    const key = cacheKey(id, format);
    const cached = this.cache?.get(key);
    if (cached && (!this.revalidate || cached.version === await this.documents.version(id))) return cached;
    const generation = this.generation;
    const stored = await this.documents.read(id);
    if (!stored) return undefined;
    const representation = represent(stored, format);
    if (this.cache && generation === this.generation) this.cache.set(key, representation);
    return representation;
  }

  /** Whether a document exists (to tell 404 from 406 without rendering). */
  async exists(id: string): Promise<boolean> {
    if (!this.revalidate && this.cache?.has(cacheKey(id, FORMATS[0]!)) === true) return true;
    return this.documents.store.hasGraph(id);
  }

  /** Entries and bytes held, for /ready and the benchmarks. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.cache?.size ?? 0, bytes: this.cache?.calculatedSize ?? 0 };
  }

  private invalidate(ids: readonly string[]): void {
    this.generation++;
    if (!this.cache) return;
    for (const id of ids) for (const format of FORMATS) this.cache.delete(cacheKey(id, format));
  }
}

function cacheKey(id: string, format: Format): string {
  return `${format.name} ${id}`;
}

function represent(stored: StoredDocument, format: Format): Representation {
  let text: string;
  let warnings: readonly string[] = [];
  if (format.name === 'jsonld') {
    const rendered = render(stored);
    text = JSON.stringify(rendered.document);
    warnings = rendered.warnings;
  } else {
    text = serializeGraph(format.name, stored.id, stored.quads);
  }
  const body = Buffer.from(text);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { format, body, etag, lastModified: stored.lastModified?.toUTCString(), warnings, version: versionOf(stored.hints) };
}
