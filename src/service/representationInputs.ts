/**
 * What a representation is made of besides the stored document: the hit counts a JSON-LD's
 * `_links` show, and a page's frame, "Referenced by" hits, names and history link. The live
 * document's representations and its past versions' (pastVersions.ts) both take them from here.
 */
import { versionsOf } from '../history/storedHistory.js';
import { hasContent } from '../history/versionRecord.js';
import { timeMapUri } from '../history/mementoUris.js';
import type { Format } from '../render/formats.js';
import type { DocumentService } from './DocumentService.js';
import type { StoredDocument } from './storedDocument.js';
import { DEFAULT_TITLE } from '../config/Config.js';
import { relationPageUrl } from '../render/halLinks.js';
import type { PageFrame } from '../render/html/Page.js';
import type { ReferencedByRelation } from '../render/html/ReferencedBy.js';
import { PUBLISHED_RELATIONS } from '../discovery/relations/index.js';
import type { Hit } from '../discovery/ReverseLinks.js';
import { entityClassOf } from '../discovery/reverseLinksOf.js';
import type { HalInput, PageInput } from './represent.js';

/** The name to show for a document, when it has one. */
export interface NameLookup {
  nameOf(id: string): string | undefined;
}

/** Hits of each relation a page shows before linking to the full list. */
export const REFERENCED_BY_SHOWN = 5;

/** Where the inputs come from (RepresentationsOptions). */
export interface RepresentationSources {
  readonly links: { readonly baseUrl: string } | undefined;
  readonly pages: PageFrame | undefined;
  readonly names: ((ids: readonly string[]) => Promise<NameLookup>) | undefined;
}

export class RepresentationInputs {
  constructor(
    private readonly documents: DocumentService,
    private readonly sources: RepresentationSources,
  ) {}

  /** Whether the JSON-LD carries `_links`. */
  get linked(): boolean {
    return this.sources.links !== undefined;
  }

  /**
   * What `_links` needs besides the document: the hit counts for it (none for other formats, or with links off).
   * `inWriteTurn`: the caller holds the write turn, so the index is read without queueing.
   */
  async halInput(id: string, format: Format, inWriteTurn = false): Promise<HalInput | undefined> {
    const { links } = this.sources;
    if (!links || format.name !== 'jsonld') return undefined;
    const index = inWriteTurn ? await this.documents.reverseLinksInTurn() : await this.documents.reverseLinks();
    return { baseUrl: links.baseUrl, counts: await index.counts(id) };
  }

  /**
   * What a page shows besides the document: its frame, and for each relation with hits the
   * count and the first few hits (a page shows them with or without `--links`).
   */
  async pageInput(stored: StoredDocument): Promise<PageInput> {
    const { pages, links } = this.sources;
    const baseUrl = pages?.baseUrl ?? links?.baseUrl ?? new URL('/', stored.id).href;
    const frame = pages ?? { siteTitle: DEFAULT_TITLE, baseUrl, sparql: false };
    const index = await this.documents.reverseLinks();
    const counts = await index.counts(stored.id);
    const entityClass = entityClassOf(stored.id, stored.quads);
    const shown: Array<{ relation: string; total: number; items: readonly Hit[] }> = [];
    for (const relation of PUBLISHED_RELATIONS) {
      const total = counts.get(relation.name);
      // As `_links`: only the relations offered on this kind of entity.
      if (!total || entityClass === undefined || !relation.given.includes(entityClass)) continue;
      const { items } = await index.hits(stored.id, relation.name, 0, REFERENCED_BY_SHOWN);
      shown.push({ relation: relation.name, total, items });
    }
    // Every name the page shows, asked at once (one store query when the name index is in the store).
    const referenced = referencedIds(stored);
    const names = await this.sources.names?.([...shown.flatMap((s) => s.items.map((hit) => hit.id)), ...referenced]);
    const referencedBy = shown.map(({ relation, total, items }): ReferencedByRelation => ({
      relation,
      total,
      first: items.map((hit) => ({ ...hit, name: names?.nameOf(hit.id) })),
      href: relationPageUrl(frame.baseUrl, relation, stored.id, 1),
    }));
    return {
      frame,
      counts,
      referencedBy,
      names: names && referencedNames(referenced, names),
      history: await this.historyLink(stored.id, frame.baseUrl),
    };
  }

  /** The live page's "History (n versions)", when versions are kept. */
  private async historyLink(id: string, baseUrl: string): Promise<PageInput['history']> {
    if (this.documents.keepVersions <= 0) return undefined;
    const count = (await versionsOf(this.documents.store, id)).filter(hasContent).length;
    return count > 0 ? { count, href: timeMapUri(baseUrl, id) } : undefined;
  }
}

/** The entities a document refers to (any IRI it has as an object, but itself). */
function referencedIds(stored: StoredDocument): string[] {
  const ids = new Set<string>();
  for (const { object } of stored.quads)
    if (object.termType === 'NamedNode' && object.value !== stored.id) ids.add(object.value);
  return [...ids];
}

/** The names the name search knows of the entities a document refers to: the page shows them for references that carry no `_label`. */
function referencedNames(ids: readonly string[], names: NameLookup): Map<string, string> {
  const found = new Map<string, string>();
  for (const id of ids) {
    const name = names.nameOf(id);
    if (name !== undefined) found.set(id, name);
  }
  return found;
}
