/**
 * A load's batch as the kept start-up indexes' file takes it (keptIndexesFile.ts), made where the
 * batch is checked (a check worker: off the load's thread) from the graphs it is stored as, while
 * their quads are at hand: each document's lines as the serving process's indexes would keep them
 * (its names, its reverse-link rows, its thumbnail) already as text, and the content tags seen.
 * The load's thread only puts them together (LoadKeptIndexes.ts): it parses and indexes nothing.
 */
import { documentLinksFrom, documentOfLinksGraph, isLinksGraph } from '../discovery/linksGraph.js';
import type { Quad } from '../rdf/terms.js';
import type { LiteralTag } from '../rdf/sparqlTerm.js';
import { searchableNamesOf } from '../search/searchableNames.js';
import { PICTURE_PREDICATES, thumbnailFromQuads } from '../search/Thumbnails.js';
import { ContentTags } from '../service/resolve/contentTags.js';
import { CONTENT_IRI } from '../service/resolve/identifierQuery.js';
import { isInternalGraph, TOMBSTONE_GRAPH_PREFIX } from '../store/internalGraphs.js';
import type { KeptLine } from './keptIndexesFile.js';

/** One document's lines of the file, as text (each ending in a newline), and how many. */
export type KeptDocument = readonly [id: string, text: string, lines: number];

/** A batch's part of the file (it crosses threads by structured clone: strings and plain objects). */
export interface KeptBatch {
  readonly documents: readonly KeptDocument[];
  readonly tags: readonly LiteralTag[];
  /** Why the batch cannot be kept this way (a graph emptied, a tombstone): the next start builds the indexes. */
  readonly unkeepable?: string;
}

/** Fed each stored graph of a batch in order (a document's graphs one after another); then finish(). */
export class KeptBatchLines {
  /** Each document's lines, made text as they come (the entries die young, not kept to the batch's end). */
  private readonly documents = new Map<string, { text: string; lines: number }>();
  /** The tags contents carry, each once, as first seen (ContentTags keeps those a query can carry). */
  private readonly tags: LiteralTag[] = [];
  private readonly languages = new Set<string>();
  private readonly datatypes = new Set<string>();
  private unkeepable: string | undefined;

  add(graph: string, quads: readonly Quad[]): void {
    // Contents are in entity graphs alone (links and hint graphs have none): read with the access points, in one pass.
    if (isLinksGraph(graph)) {
      const source = documentOfLinksGraph(graph);
      if (quads.length === 0) this.unkeepable ??= `the links graph of ${source} emptied`;
      else this.line(source, ['l', source, documentLinksFrom(source, quads)]);
      return;
    }
    // Hint and history graphs name nothing the indexes read; a tombstone (a merge) is the serving process's to tell.
    if (isInternalGraph(graph)) {
      if (graph.startsWith(TOMBSTONE_GRAPH_PREFIX)) this.unkeepable ??= `a tombstone written (${graph})`;
      return;
    }
    if (quads.length === 0) {
      this.unkeepable ??= `the document ${graph} emptied`;
      return;
    }
    this.line(graph, ['n', searchableNamesOf(graph, quads)]);
    if (this.contentsRead(quads)) {
      const thumbnail = thumbnailFromQuads(graph, quads);
      if (thumbnail !== undefined) this.line(graph, ['p', graph, thumbnail]);
    }
  }

  /** Notes the tags of the graph's contents; answers whether it has an access point (where every picture is). */
  private contentsRead(quads: readonly Quad[]): boolean {
    let points = false;
    for (const q of quads) {
      const p = q.predicate.value;
      if (p === CONTENT_IRI) {
        const o = q.object;
        if (o.termType !== 'Literal') continue;
        // Looked up without making the key: nearly every content is a plain string, seen at once.
        if (o.language !== '') {
          if (!this.languages.has(o.language)) {
            this.languages.add(o.language);
            this.tags.push({ language: o.language });
          }
        } else if (!this.datatypes.has(o.datatype.value)) {
          this.datatypes.add(o.datatype.value);
          this.tags.push({ datatype: o.datatype.value });
        }
      } else if (p === PICTURE_PREDICATES.access_point) points = true;
    }
    return points;
  }

  private line(id: string, line: KeptLine): void {
    const text = JSON.stringify(line) + '\n';
    const doc = this.documents.get(id);
    if (doc) {
      doc.text += text;
      doc.lines++;
    } else this.documents.set(id, { text, lines: 1 });
  }

  finish(): KeptBatch {
    const documents: KeptDocument[] = [];
    for (const [id, { text, lines }] of this.documents) documents.push([id, text, lines]);
    // Through ContentTags: a tag no query could carry is left out, as the serving index leaves it.
    const tags = ContentTags.of(this.tags).list;
    return { documents, tags, ...(this.unkeepable ? { unkeepable: this.unkeepable } : {}) };
  }
}
