/**
 * The start-up indexes kept on disk (issue 35: restart at the store's own speed): the name search
 * index, the reverse-link index, the lists' thumbnails and the tags of identifier contents, built at start from their file (keptIndexesFile.ts) while the
 * store opens on its own thread, instead of read out of the store after it. The file is at one
 * position of the store's log; the open notes the graphs written after it (the log's tail), and
 * those documents are read from the store and told to the indexes as a write is. When that cannot
 * be known (a snapshot has passed the position, a SPARQL update record, the file torn or missing,
 * something written before they were attached), the caller builds them from the quads as before:
 * the quads stay the truth.
 */
import { documentOfLinksGraph, isLinksGraph, linksGraphOf } from '../discovery/linksGraph.js';
import { MemoryReverseLinks } from '../discovery/MemoryReverseLinks.js';
import { tombstoneGraphOf } from '../feed/tombstone.js';
import type { Quad } from '../rdf/terms.js';
import { NAME_INDEX } from '../search/attachNameIndex.js';
import { NameIndex } from '../search/NameIndex.js';
import { THUMBNAILS } from '../search/loadThumbnails.js';
import { Thumbnails } from '../search/Thumbnails.js';
import type { LiteralTag } from '../rdf/sparqlTerm.js';
import { CONTENT_TAGS, ContentTags } from '../service/resolve/contentTags.js';
import { REVERSE_LINKS, type DocumentService } from '../service/DocumentService.js';
import { eachInSlices } from '../service/inSlices.js';
import { documentOfGraph, isInternalGraph, TOMBSTONE_GRAPH_PREFIX } from '../store/internalGraphs.js';
import type { QuadStore } from '../store/QuadStore.js';
import type { KeptLine } from './keptIndexesFile.js';

/** Both indexes as the file had them, at its position. */
export interface BuiltKeptIndexes {
  readonly seq: number;
  readonly names: NameIndex;
  readonly links: MemoryReverseLinks;
  readonly thumbnails: Thumbnails;
  readonly tags: ContentTags;
}

/** Documents read from the store at a time when the tail is told to the indexes. */
const TAIL_DOCUMENTS_PER_READ = 500;

/**
 * Both indexes from the file's lines, in slices (the thread also hands the opening store its
 * messages): the merged ids first, then each document in the file's order, as loadNameIndex does.
 */
export async function buildKeptIndexes(seq: number, lines: readonly KeptLine[]): Promise<BuiltKeptIndexes> {
  const names = new NameIndex();
  const links = new MemoryReverseLinks();
  const thumbnails = new Thumbnails();
  const tags: LiteralTag[] = [];
  for (const line of lines) if (line[0] === 'm') names.merged(line[1], line[2], line[3]);
  await eachInSlices(lines, (line) => {
    if (line[0] === 'n') names.replace(line[1]);
    else if (line[0] === 'l') links.replace(line[1], line[2]);
    else if (line[0] === 'p') thumbnails.keep(line[1], line[2]);
    else if (line[0] === 't') tags.push(line[1]);
  });
  return { seq, names, links, thumbnails, tags: ContentTags.of(tags) };
}

/**
 * The indexes attached to the service, with the documents written after their position
 * (`writtenSince`, the graphs the store's open replayed after it) read from the store and told
 * to them; in the write turn, so no write comes between. Answers why they cannot be used
 * (nothing attached then), or undefined once attached.
 */
export async function attachKeptIndexes(
  documents: DocumentService,
  kept: BuiltKeptIndexes,
  writtenSince: readonly string[] | null | undefined,
  unwrittenSinceOpen: () => boolean,
): Promise<string | undefined> {
  if (!writtenSince)
    return `what the store's log holds since position ${kept.seq} is not known (a snapshot or an update since)`;
  return documents.serialized(async () => {
    if (!unwrittenSinceOpen()) return 'written to since the store opened';
    const tail = documentsOf(writtenSince);
    // Reading many documents one by one costs more than building the indexes from all of them.
    if (tail.length > Math.max(TAIL_DOCUMENTS_PER_READ, kept.links.size / 4))
      return `${tail.length} documents written since position ${kept.seq}`;
    for (let i = 0; i < tail.length; i += TAIL_DOCUMENTS_PER_READ) {
      const graphs = await graphsOf(documents.store, tail.slice(i, i + TAIL_DOCUMENTS_PER_READ));
      for (const index of [kept.names, kept.links, kept.thumbnails, kept.tags]) index.written(graphs);
    }
    await documents.attachInTurn(REVERSE_LINKS, kept.links);
    await documents.attachInTurn(NAME_INDEX, kept.names);
    await documents.attachInTurn(THUMBNAILS, kept.thumbnails);
    await documents.attachInTurn(CONTENT_TAGS, kept.tags);
    return undefined;
  });
}

/** The file's lines for the service's indexes as they are now; none unless all four are built in memory. */
export function keptLinesOf(documents: DocumentService): KeptLine[] | undefined {
  const names = documents.builtDerived(NAME_INDEX);
  const links = documents.builtDerived(REVERSE_LINKS);
  const thumbnails = documents.builtDerived(THUMBNAILS);
  const tags = documents.builtDerived(CONTENT_TAGS);
  if (!(names instanceof NameIndex) || !(links instanceof MemoryReverseLinks)) return undefined;
  if (!(thumbnails instanceof Thumbnails) || !(tags instanceof ContentTags)) return undefined;
  const { merged, entries } = names.keptEntries();
  const lines: KeptLine[] = merged.map(([id, target, texts]) => ['m', id, target, texts]);
  for (const entry of entries) lines.push(['n', entry]);
  for (const [source, rows] of links.sources()) lines.push(['l', source, rows]);
  for (const [id, url] of thumbnails.entries()) lines.push(['p', id, url]);
  for (const tag of tags.list) lines.push(['t', tag]);
  return lines;
}

/** The documents whose graphs these are (their own, links and tombstone graphs; other internal graphs name none that the indexes read). */
function documentsOf(graphs: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const graph of graphs) {
    if (isLinksGraph(graph)) ids.add(documentOfLinksGraph(graph));
    else if (graph.startsWith(TOMBSTONE_GRAPH_PREFIX)) ids.add(documentOfGraph(graph));
    else if (!isInternalGraph(graph)) ids.add(graph);
  }
  return [...ids];
}

/** These documents' graphs as the indexes read a write's: each its own, links and tombstone graph (empty when gone). */
async function graphsOf(store: QuadStore, ids: readonly string[]): Promise<Map<string, Quad[]>> {
  const names = ids.flatMap((id) => [id, linksGraphOf(id), tombstoneGraphOf(id)]);
  const graphs = new Map<string, Quad[]>(names.map((name) => [name, []]));
  for (const quad of await store.readGraphs(names)) graphs.get(quad.graph.value)?.push(quad);
  return graphs;
}
