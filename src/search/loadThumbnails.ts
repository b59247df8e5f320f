/**
 * The thumbnails built from the store on first use: one query reads, in every entity graph, only
 * the quads the picture rule follows (representation, digitally_shown_by, digitally_available_via,
 * conforms_to, access_point, format): few documents have them, so it is a small read. On a remote
 * store with more rows than it answers at once, it is read in parts (graphParts.ts), as the names are.
 */
import { selectInParts } from '../store/graphParts.js';
import { isInternalGraph } from '../store/internalGraphs.js';
import type { QuadStore, QueryResult } from '../store/QuadStore.js';
import { df, fromPlainTerm, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { DocumentService } from '../service/DocumentService.js';
import { FORMAT, PICTURE_PREDICATES, Thumbnails } from './Thumbnails.js';

const PATTERN = `GRAPH ?g { ?s ?p ?o . VALUES ?p { ${[...Object.values(PICTURE_PREDICATES), FORMAT].map(iri).join(' ')} } }`;

/** Rows a part of a remote store's answer holds at most (loadNameIndex.ts says why). */
const ROWS_PER_PART = 250_000;

/** The one thumbnail index of a DocumentService, built on first use and told of every write from then on. */
export function thumbnailsOf(documents: DocumentService): Promise<Thumbnails> {
  return documents.derived('thumbnails', () => loadThumbnails(documents.store));
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
  if (result.kind !== 'bindings') return;
  const byGraph = new Map<string, Quad[]>();
  for (const row of result.rows) {
    const graph = row.g.v;
    if (isInternalGraph(graph)) continue;
    let quads = byGraph.get(graph);
    if (!quads) byGraph.set(graph, (quads = []));
    const g = df.namedNode(graph);
    quads.push(
      df.quad(
        fromPlainTerm(row.s) as Quad['subject'],
        df.namedNode(row.p.v),
        fromPlainTerm(row.o) as Quad['object'],
        g,
      ),
    );
  }
  for (const [id, quads] of byGraph) thumbnails.replace(id, quads);
}
