/**
 * The tags content carries in the store besides being a plain string (a language, a datatype:
 * real data has `"WHM 1923.4"@en` and `"…"^^xsd:token`), so that the lookup matches the plain value
 * whatever the literal's tag and still asks with bound terms. Reading them takes a scan of every
 * content, so the answer is kept: where this process is the store's only writer, read once and
 * told of every write (a WriteObserver: a tag a write brings is added; one no content carries
 * any more stays, costing one more term in a query); on a store other processes write to, read
 * again whenever its write generation has moved.
 */
import type { Quad } from '../../rdf/terms.js';
import { iriProblem, type LiteralTag } from '../../rdf/sparqlTerm.js';
import { isLanguageTag } from '../../rdf/syntax/languageTag.js';
import { capabilitiesOf } from '../../store/capabilities.js';
import type { QuadStore } from '../../store/QuadStore.js';
import type { DocumentService } from '../DocumentService.js';
import type { WriteObserver } from '../WriteObserver.js';
import { CONTENT_IRI, CONTENT_TAGS_QUERY } from './identifierQuery.js';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

export class ContentTags implements WriteObserver {
  /** Each tag by `@language` or `^^datatype`. */
  private readonly known = new Map<string, LiteralTag>();

  static async read(store: QuadStore): Promise<ContentTags> {
    const tags = new ContentTags();
    const result = await store.query(CONTENT_TAGS_QUERY);
    if (result.kind !== 'bindings') throw new Error(`the store answered a SELECT with ${result.kind}`);
    for (const row of result.rows) tags.add(row.language?.v ?? '', row.datatype?.v ?? '');
    return tags;
  }

  /** The tags as an earlier read found them (src/keptIndexes/). */
  static of(list: readonly LiteralTag[]): ContentTags {
    const tags = new ContentTags();
    for (const tag of list) tags.add('language' in tag ? tag.language : '', 'datatype' in tag ? tag.datatype : '');
    return tags;
  }

  /** The tags, plain strings left out. */
  get list(): readonly LiteralTag[] {
    return [...this.known.values()];
  }

  written(graphs: ReadonlyMap<string, readonly Quad[]>): void {
    for (const quads of graphs.values())
      for (const q of quads)
        if (q.predicate.value === CONTENT_IRI && q.object.termType === 'Literal')
          this.add(q.object.language, q.object.datatype.value);
  }

  /** A tag no query could carry (not a language tag, not an IRI) is none a content can be asked with: left out. */
  private add(language: string, datatype: string): void {
    if (language !== '') {
      if (isLanguageTag(language)) this.known.set(`@${language}`, { language });
    } else if (datatype !== '' && datatype !== XSD_STRING && datatype !== RDF_LANG_STRING) {
      if (iriProblem(datatype) === undefined) this.known.set(`^^${datatype}`, { datatype });
    }
  }
}

/** The content tags' name among the service's derived data (DocumentService.derived). */
export const CONTENT_TAGS = 'content tags';

/** The generation each shared store's tags were read at. */
const sharedReads = new WeakMap<QuadStore, { generation: string; tags: ContentTags }>();

/** The tags content carries in the documents' store now. */
export async function contentTagsOf(documents: DocumentService): Promise<readonly LiteralTag[]> {
  const { store } = documents;
  if (!capabilitiesOf(store).sharedWriters || !store.writeGeneration)
    return (await documents.derived(CONTENT_TAGS, () => ContentTags.read(store))).list;
  // Read before the tags: a write between the two moves the generation, and the next call reads again.
  const generation = await store.writeGeneration();
  const kept = sharedReads.get(store);
  if (kept?.generation === generation) return kept.tags.list;
  const tags = await ContentTags.read(store);
  sharedReads.set(store, { generation, tags });
  return tags.list;
}
