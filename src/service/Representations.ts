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
 * entry is served only once a read of the store's write generation, started after the request
 * came, finds the generation at which the entry was last known current (one small query,
 * shared by the requests that arrive together: FreshRead). At another generation, the
 * document's version in the store (its digest and modification stamp) decides: the same, and
 * the entry is current at the new generation too; else it is rendered again.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { FORMATS, type Format } from '../render/formats.js';
import { serializeGraph } from '../render/serialize.js';
import { render, versionOf, type DocumentService, type StoredDocument } from './DocumentService.js';
import { FreshRead } from './FreshRead.js';

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
  /**
   * Other processes write to the store: serve a cached entry only when the store's write
   * generation says it is current (the store must have writeGeneration).
   */
  readonly revalidate?: boolean;
}

/** A cached representation and the store's write generation at which it was last known current. */
interface Entry {
  readonly representation: Representation;
  /** Undefined: not known at any generation (no generation had been read when it was rendered). */
  currentAt: string | undefined;
}

/** Per-entry bookkeeping counted against the cache bound besides the body. */
const ENTRY_OVERHEAD = 256;

export class Representations {
  private readonly cache: LRUCache<string, Entry> | undefined;
  /** Local writes so far (a render that saw one end is not cached). */
  private generation = 0;
  /** The store's write generation, when other processes write to it. */
  private readonly storeGeneration: FreshRead<string> | undefined;
  /** Version checks running, by document and store generation: requests at one generation share one. */
  private readonly checks = new Map<string, Promise<string | undefined>>();

  /** `cacheBytes` 0: no cache, every request renders. */
  constructor(private readonly documents: DocumentService, cacheBytes: number, options: RepresentationsOptions = {}) {
    if (options.revalidate) {
      const read = documents.store.writeGeneration?.bind(documents.store);
      if (!read) throw new Error('revalidating the render cache needs a store that keeps a write generation (the remote SPARQL store); this store keeps none');
      this.storeGeneration = new FreshRead(read);
    }
    if (cacheBytes > 0) {
      this.cache = new LRUCache<string, Entry>({
        maxSize: cacheBytes,
        sizeCalculation: ({ representation: r }) => r.body.length + r.etag.length + ENTRY_OVERHEAD,
      });
    }
    documents.onChange((ids) => this.invalidate(ids));
  }

  /** The document `id` in `format`; undefined when there is no such document. */
  async get(id: string, format: Format): Promise<Representation | undefined> {
    const key = cacheKey(id, format);
    const cached = this.cache?.get(key);
    // Only this process writes: a cached entry is current (and the warm path takes no await).
    if (cached && (!this.storeGeneration || await this.isCurrent(this.storeGeneration, id, cached))) return cached.representation;
    const generation = this.generation;
    // A generation read that ended before the document is read: the render is current at it.
    const currentAt = this.storeGeneration?.latest();
    const stored = await this.documents.read(id);
    if (!stored) return undefined;
    const representation = represent(stored, format);
    if (this.cache && generation === this.generation) this.cache.set(key, { representation, currentAt });
    return representation;
  }

  /** Whether a document exists (to tell 404 from 406 without rendering). */
  async exists(id: string): Promise<boolean> {
    if (!this.storeGeneration && this.cache?.has(cacheKey(id, FORMATS[0]!)) === true) return true;
    return this.documents.store.hasGraph(id);
  }

  /** Entries and bytes held, for /ready and the benchmarks. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.cache?.size ?? 0, bytes: this.cache?.calculatedSize ?? 0 };
  }

  /** Whether a cached entry is the document as stored now, by other processes' writes too. */
  private async isCurrent(storeGeneration: FreshRead<string>, id: string, entry: Entry): Promise<boolean> {
    const generation = await storeGeneration.get();
    if (entry.currentAt === generation) return true;
    if (entry.representation.version !== await this.versionAt(id, generation)) return false;
    entry.currentAt = generation;
    return true;
  }

  /**
   * The document's stored version, read after the store's write generation was found to be
   * `generation`. Shared by the requests that found the same generation: nothing was written
   * between their reads of it, so one version read after the first of them serves all.
   */
  private versionAt(id: string, generation: string): Promise<string | undefined> {
    const key = `${id} ${generation}`;
    let check = this.checks.get(key);
    if (!check) {
      check = this.documents.version(id);
      this.checks.set(key, check);
      const forget = (): void => { this.checks.delete(key); };
      check.then(forget, forget);
    }
    return check;
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

/** A stored document as the bytes of one format, with its validators (no cache). */
export function represent(stored: StoredDocument, format: Format): Representation {
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
