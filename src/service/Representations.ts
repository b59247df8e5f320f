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
import { LRUCache } from 'lru-cache';
import { FORMATS, type Format } from '../render/formats.js';
import type { DocumentService } from './DocumentService.js';
import { storedDigestOf, type StoredDocument } from './storedDocument.js';
import type { RenderedDocument } from '../rebuild/renderDocument.js';
import { FreshRead } from './FreshRead.js';
import { digestQuad } from '../hints/digest.js';
import { modifiedStamp } from '../hints/lastModified.js';
import { capabilitiesOf } from '../store/capabilities.js';
import type { PageFrame } from '../render/html/Page.js';
import { linkedVersionText, represent, type HalInput, type Representation } from './represent.js';
import { representAside } from './representAside.js';
import { RepresentationInputs, type NameLookup } from './representationInputs.js';
import { representPastVersion } from './pastVersions.js';
import { PastVersionCache, type PastAnswer } from './pastVersionCache.js';
import type { PastVersion } from '../render/html/EntityPage.js';

const JSON_LD = FORMATS[0];

export interface RepresentationsOptions {
  /**
   * Put HAL `_links` in the JSON-LD (search pages under this base URL); absent: documents are
   * served without them (`--links off`: byte for byte what was loaded).
   */
  readonly links?: { readonly baseUrl: string };
  /**
   * Other processes write to the store: serve a cached entry only when the store's write
   * generation says it is current (the store must have writeGeneration).
   */
  readonly revalidate?: boolean;
  /** The frame of the pages for people (the HTML format); absent: the default title, the links' base URL or the id's origin, no SPARQL link. */
  readonly pages?: PageFrame;
  /** Documents' names for the pages' "Referenced by" (the name search), of these ids; absent: hits are shown by id. */
  readonly names?: (ids: readonly string[]) => Promise<NameLookup>;
}

/** The render cache as /ready and /metrics show it. */
export interface RenderCacheStats {
  /** Representations held, and the bytes they count against the bound (--cache-mb). */
  readonly entries: number;
  readonly bytes: number;
  /** Reads since start answered from the cache, and those rendered because it had no current entry (0 with the cache off). */
  readonly hits: number;
  readonly misses: number;
}

/** A representation's validators, as HTTP answers them. */
export interface Validators {
  readonly etag: string;
  readonly lastModified: string | undefined;
}

/** What the gate made of a document just written (Representations.written). */
export type WrittenDocument =
  | { readonly kind: 'rendered'; readonly document: RenderedDocument; readonly digest: string }
  | { readonly kind: 'represented'; readonly representation: Representation };

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
  /**
   * The cache's keys by document: a write's invalidation looks up each document once, not each of
   * its variants (a bulk batch's 500 documents and the entities they refer to, in the write's turn).
   */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Local writes so far (a render that saw one end is not cached). */
  private generation = 0;
  /** The store's write generation, when other processes write to it. */
  private readonly storeGeneration: FreshRead<string> | undefined;
  /** Version checks running, by document and store generation: requests at one generation share one. */
  private readonly checks = new Map<string, Promise<string | undefined>>();

  /** What representations are made of besides the document (`_links`' counts, pages' hits and names). */
  private readonly inputs: RepresentationInputs;
  private readonly links: { readonly baseUrl: string } | undefined;

  /** Past versions rendered (a quarter of the bound beside the live documents'); none without a cache. */
  private readonly past: PastVersionCache | undefined;

  /** Reads answered from the cache, and reads the cache could not answer (rendered), since start (stats()). */
  private hits = 0;
  private misses = 0;

  /** `cacheBytes` 0: no cache, every request renders. */
  constructor(
    private readonly documents: DocumentService,
    cacheBytes: number,
    options: RepresentationsOptions = {},
  ) {
    this.links = options.links;
    this.inputs = new RepresentationInputs(documents, {
      links: options.links,
      pages: options.pages,
      names: options.names,
    });
    if (options.revalidate) {
      const store = documents.store;
      const read = capabilitiesOf(store).sharedWriters ? store.writeGeneration?.bind(store) : undefined;
      if (!read)
        throw new Error(
          'revalidating the render cache needs a store that keeps a write generation (the remote SPARQL store); this store keeps none',
        );
      this.storeGeneration = new FreshRead(read);
    }
    if (cacheBytes > 0) {
      this.cache = new LRUCache<string, Entry>({
        maxSize: cacheBytes,
        sizeCalculation: ({ representation: r }) => r.body.length + r.etag.length + ENTRY_OVERHEAD,
        dispose: (_entry, key) => this.forgetKey(key),
      });
      this.past = new PastVersionCache(Math.max(1, Math.floor(cacheBytes / 4)));
    }
    documents.observe({ changed: (ids) => this.invalidate(ids) });
  }

  /**
   * The document `id` in `format`; undefined when there is no such document. `omitLinks`: the JSON-LD without its
   * `_links` (a client that asked so, `Prefer: links=off`), a variant of its own in the cache.
   */
  async get(
    id: string,
    format: Format,
    { omitLinks = false }: { omitLinks?: boolean } = {},
  ): Promise<Representation | undefined> {
    const bare = omitLinks && this.links !== undefined && format.name === 'jsonld';
    const key = cacheKey(id, format, bare);
    const cached = this.cache?.get(key);
    // Only this process writes: a cached entry is current (and the warm path takes no await).
    if (cached && (!this.storeGeneration || (await this.isCurrent(this.storeGeneration, id, cached, bare)))) {
      this.hits++;
      return cached.representation;
    }
    if (this.cache) this.misses++;
    const generation = this.generation;
    // A generation read that ended before the document is read: the render is current at it.
    const currentAt = this.storeGeneration?.latest();
    const stored = await this.documents.read(id);
    if (!stored) return undefined;
    const representation =
      format.name === 'html'
        ? await representAside(stored, format, undefined, await this.inputs.pageInput(stored))
        : await representAside(stored, format, bare ? undefined : await this.inputs.halInput(stored.id, format));
    if (this.cache && generation === this.generation) {
      this.cache.set(key, { representation, currentAt });
      if (this.cache.has(key)) this.noteKey(id, key);
    }
    return representation;
  }

  /**
   * The validators of the JSON-LD a GET answers for this stored version (with its `_links`).
   * `inWriteTurn`: the caller holds the write turn (a precondition), so the index is read without queueing.
   */
  async validators(stored: StoredDocument, options: { inWriteTurn?: boolean } = {}): Promise<Validators> {
    return validatorsOf(
      await representAside(stored, JSON_LD, await this.inputs.halInput(stored.id, JSON_LD, options.inWriteTurn)),
    );
  }

  /**
   * After a write of `id` (a PUT): the validators of the JSON-LD a GET now answers. `made`: what
   * the gate made of the document, used if it is still the version stored, so the write renders
   * its document once — its render (served form), stored with `digest`; or its whole JSON-LD
   * (made in a document worker, with the `_links` of linksInput before the write), current if its
   * version is. Not kept in the cache: a document is cached when it is read (a failed store then
   * answers 503 for what no one read). `when`: the stamp the write stored it with (none when the
   * stored version was the same): with the gate's render, the answer is made from what was written,
   * not read back (a read after every PUT: on a store several processes write, one more request
   * holding shared locks the next write to the same document waits for).
   */
  async written(id: string, made?: WrittenDocument, when?: Date): Promise<Validators | undefined> {
    if (made?.kind === 'rendered' && when !== undefined) {
      const hal = await this.inputs.halInput(id, JSON_LD);
      return validatorsOf(represent(writtenVersion(id, made.digest, when), JSON_LD, hal, undefined, made.document));
    }
    if (made?.kind === 'represented') {
      // Its version (digest, stamp and, with `_links`, the hit counts) says it is current, as for a cached entry.
      const version = this.links ? await this.linkedVersion(id) : await this.documents.version(id);
      if (version !== undefined && version === made.representation.version) return validatorsOf(made.representation);
    }
    const stored = await this.documents.read(id);
    if (!stored) return undefined;
    const hal = await this.inputs.halInput(id, JSON_LD);
    const own = made?.kind === 'rendered' && storedDigestOf(stored.hints) === made.digest ? made.document : undefined;
    return validatorsOf(
      own ? represent(stored, JSON_LD, hal, undefined, own) : await representAside(stored, JSON_LD, hal),
    );
  }

  /** What the `_links` of the JSON-LD of `id` are made of now (none with links off). */
  linksInput(id: string): Promise<HalInput | undefined> {
    return this.inputs.halInput(id, JSON_LD);
  }

  /**
   * Version `n` of `id` as rendered before (pastVersionCache.ts), without reading the store;
   * undefined when it is not kept, and always when other processes write to the store (whose
   * writes this process is not told of: the version is read first, ofPastVersion).
   */
  pastCached(id: string, n: number, format: Format, omitLinks = false): PastAnswer | undefined {
    if (this.storeGeneration) return undefined;
    return this.past?.get(PastVersionCache.key(id, n, this.pastVariant(format, omitLinks)));
  }

  /**
   * A past version of a document (src/history), as `get` renders the live one (pastVersions.ts),
   * and kept. Where other processes write to the store, only a format that takes nothing from
   * other documents is kept (the page and `_links` show hit counts, which their writes change).
   */
  async ofPastVersion(
    stored: StoredDocument,
    format: Format,
    { omitLinks, memento }: { omitLinks: boolean; memento: PastVersion },
  ): Promise<Representation> {
    const variant = this.pastVariant(format, omitLinks);
    const keep = this.storeGeneration === undefined || variant === format.name;
    const key = PastVersionCache.key(stored.id, memento.n, variant);
    const cached = keep ? this.past?.get(key) : undefined;
    if (cached) return cached.representation;
    const generation = this.generation;
    const representation = await representPastVersion(this.inputs, stored, format, { omitLinks, memento });
    if (keep && generation === this.generation) this.past?.set(key, stored.id, { representation, memento });
    return representation;
  }

  /** What a past version's bytes depend on: its format, `-page` for HTML, and for JSON-LD whether it has `_links` (not the format's bare name: other documents count). */
  private pastVariant(format: Format, omitLinks: boolean): string {
    if (format.name === 'html') return 'html-page';
    if (format.name !== 'jsonld' || this.links === undefined) return format.name;
    return omitLinks ? `${format.name}-bare` : `${format.name}-linked`;
  }

  /** Whether the JSON-LD carries `_links` (a client may ask for it without them). */
  get linked(): boolean {
    return this.links !== undefined;
  }

  /** Whether a document exists (to tell 404 from 406 without rendering). */
  async exists(id: string): Promise<boolean> {
    if (!this.storeGeneration && this.cache?.has(cacheKey(id, FORMATS[0])) === true) return true;
    return this.documents.store.hasGraph(id);
  }

  /** Entries and bytes held, hits and misses, for /ready, /metrics and the benchmarks. */
  stats(): RenderCacheStats {
    return {
      entries: this.cache?.size ?? 0,
      bytes: this.cache?.calculatedSize ?? 0,
      hits: this.hits,
      misses: this.misses,
    };
  }

  /** Whether a cached entry is the document as stored now, by other processes' writes too. */
  private async isCurrent(
    storeGeneration: FreshRead<string>,
    id: string,
    entry: Entry,
    bare: boolean,
  ): Promise<boolean> {
    const generation = await storeGeneration.get();
    if (entry.currentAt === generation) return true;
    if (entry.representation.version !== (await this.versionAt(id, generation, entry.representation.format, bare)))
      return false;
    entry.currentAt = generation;
    return true;
  }

  /**
   * The document's stored version, read after the store's write generation was found to be
   * `generation`. Shared by the requests that found the same generation: nothing was written
   * between their reads of it, so one version read after the first of them serves all.
   */
  private versionAt(id: string, generation: string, format: Format, bare: boolean): Promise<string | undefined> {
    // Pages show the hit counts whether or not the JSON-LD has `_links`.
    const withLinks = (this.links !== undefined && format.name === 'jsonld' && !bare) || format.name === 'html';
    const key = `${id} ${generation} ${withLinks}`;
    let check = this.checks.get(key);
    if (!check) {
      // With `_links`, the hit counts are part of the version: other documents' writes change them.
      check = withLinks ? this.linkedVersion(id) : this.documents.version(id);
      this.checks.set(key, check);
      const forget = (): void => {
        this.checks.delete(key);
      };
      check.then(forget, forget);
    }
    return check;
  }

  private async linkedVersion(id: string): Promise<string | undefined> {
    const [version, counts] = await Promise.all([
      this.documents.version(id),
      this.documents.reverseLinks().then((l) => l.counts(id)),
    ]);
    return version === undefined ? undefined : linkedVersionText(version, counts);
  }

  private invalidate(ids: readonly string[]): void {
    this.generation++;
    this.past?.drop(ids);
    if (!this.cache) return;
    for (const id of ids) {
      const keys = this.keysOf.get(id);
      if (keys) for (const key of [...keys]) this.cache.delete(key);
    }
  }

  /** A cache entry of `id` held under `key`. */
  private noteKey(id: string, key: string): void {
    let keys = this.keysOf.get(id);
    if (!keys) this.keysOf.set(id, (keys = new Set()));
    keys.add(key);
  }

  /** A cache entry gone (dropped, evicted, or replaced: a replacement is noted again after). */
  private forgetKey(key: string): void {
    const id = key.slice(key.indexOf(' ') + 1);
    const keys = this.keysOf.get(id);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(id);
  }
}

/** `bare`: the JSON-LD without `_links`. */
function cacheKey(id: string, format: Format, bare = false): string {
  return `${format.name}${bare ? '-bare' : ''} ${id}`;
}

/** A version as a write stored it, as far as its JSON-LD's validators need: its digest and stamp (its render is given). */
function writtenVersion(id: string, digest: string, when: Date): StoredDocument {
  return { id, quads: [], hints: [digestQuad(id, digest), modifiedStamp(id, when)], lastModified: when };
}

function validatorsOf({ etag, lastModified }: Representation): Validators {
  return { etag, lastModified };
}
