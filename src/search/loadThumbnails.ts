/**
 * The thumbnails built from the store on first use (or, with --name-index store, read for each
 * page's rows alone: thumbnailsFor): one query reads, in every entity graph, only
 * the quads the picture rule follows (representation, digitally_shown_by, digitally_available_via,
 * conforms_to, access_point, format): few documents have them, so it is a small read. On a remote
 * store with more rows than it answers at once, it is read in parts (graphParts.ts), as the names are.
 */
import { quadsByGraph, selectInParts } from '../store/graphParts.js';
import type { QuadStore, QueryResult } from '../store/QuadStore.js';
import { df, fromPlainTerm, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { DocumentService } from '../service/DocumentService.js';
import { FORMAT, PICTURE_PREDICATES, Thumbnails } from './Thumbnails.js';

/** One pattern a predicate, joined: a third faster on the embedded store than `?s ?p ?o` with VALUES ?p. */
const PATTERN = `GRAPH ?g { ${[...Object.values(PICTURE_PREDICATES), FORMAT]
  .map((p) => `{ ?s ${iri(p)} ?o BIND(${iri(p)} AS ?p) }`)
  .join(' UNION ')} }`;

/** Rows a part of a remote store's answer holds at most (loadNameIndex.ts says why). */
const ROWS_PER_PART = 250_000;

/** Services whose thumbnails are read from the store, page by page (--name-index store): nothing read at start or held. */
const inStore = new WeakSet<DocumentService>();

/** Read this service's thumbnails from the store for each page's rows, not into an index in memory (--name-index store). */
export function readThumbnailsFromStore(documents: DocumentService): void {
  inStore.add(documents);
}

/** The thumbnails of these entities (a page's rows): from the index in memory, or read from the store for them alone. */
export async function thumbnailsFor(
  documents: DocumentService,
  ids: readonly string[],
): Promise<(id: string) => string | undefined> {
  if (!inStore.has(documents)) return thumbnailLookup(await thumbnailsOf(documents));
  const thumbnails = new Thumbnails();
  if (ids.length > 0)
    addGraphs(
      thumbnails,
      await documents.store.query(`SELECT ?g ?s ?p ?o WHERE { VALUES ?g { ${ids.map(iri).join(' ')} } ${PATTERN} }`),
    );
  return thumbnailLookup(thumbnails);
}

/** The thumbnail index's name among the service's derived data (DocumentService.derived). */
export const THUMBNAILS = 'thumbnails';

/** The one thumbnail index of a DocumentService, built on first use and told of every write from then on. */
export function thumbnailsOf(documents: DocumentService): Promise<Thumbnails> {
  return documents.derived(THUMBNAILS, () => loadThumbnails(documents.store));
}

/** A page's lookup of its rows' thumbnails. */
export function thumbnailLookup(thumbnails: Thumbnails): (id: string) => string | undefined {
  return (id) => thumbnails.thumbnailOf(id);
}

export async function loadThumbnails(store: QuadStore, rowsPerPart = ROWS_PER_PART): Promise<Thumbnails> {
  const thumbnails = new Thumbnails();
  await selectInParts(store, '?g ?s ?p ?o', PATTERN, rowsPerPart, (result) => addGraphs(thumbnails, result));
  return thumbnails;
}

function addGraphs(thumbnails: Thumbnails, result: QueryResult): void {
  const byGraph = quadsByGraph(result, (row, g) => [
    df.quad(fromPlainTerm(row.s) as Quad['subject'], df.namedNode(row.p.v), fromPlainTerm(row.o) as Quad['object'], g),
  ]);
  for (const [id, quads] of byGraph) thumbnails.replace(id, quads);
}
