/**
 * A read over every graph cut into parts a remote store answers whole (it cuts an answer at its
 * row limit, Virtuoso's ResultSetMaxRows, 10,000 unless set, and the client refuses a cut
 * answer): each part the graphs whose MD5 begins with given hex digits. MD5 spreads any naming
 * of graphs evenly, and each part is a query of its own, needing no order and no state between
 * them (paging sorted by name cost Virtuoso a sort of every graph a page: 7 s a page at 2.5M).
 */
import { StoreAnswerCut } from './sparql/errors.js';
import { literal } from '../rdf/sparqlTerm.js';
import { capabilitiesOf } from './capabilities.js';
import { isInternalGraph } from './internalGraphs.js';
import type { QuadStore, QueryResult } from './QuadStore.js';
import { df, type PlainTerm, type Quad } from '../rdf/terms.js';

/**
 * `read(filter)` for every part of `rows` rows, parts of about `rowsPerPart` (`filter`: a FILTER
 * on ?g, empty when the rows make one part); a part the store cuts at its row limit is read
 * again as sixteen. `read` must keep nothing of a read that failed.
 */
export async function readInParts(
  rows: number,
  rowsPerPart: number,
  read: (filter: string) => Promise<void>,
): Promise<void> {
  const part = async (prefix: string): Promise<void> => {
    try {
      await read(prefix === '' ? '' : `FILTER (STRSTARTS(MD5(STR(?g)), ${literal(prefix)}))`);
    } catch (error) {
      if (!(error instanceof StoreAnswerCut) || prefix.length >= MAX_DIGITS) throw error;
      for (let i = 0; i < 16; i++) await part(prefix + i.toString(16));
    }
  };
  // Hex digits of MD5 enough for parts of about rowsPerPart (MD5 spreads graphs evenly).
  const digits = rows <= rowsPerPart ? 0 : Math.ceil(Math.log(rows / rowsPerPart) / Math.log(16));
  for (let i = 0; i < 16 ** digits; i++) await part(digits === 0 ? '' : i.toString(16).padStart(digits, '0'));
}

/**
 * Every row of `SELECT variables WHERE { pattern }` (a pattern that binds ?g), given to `take` a part
 * at a time: on a store other processes write to (a remote store, which cuts answers at its row
 * limit) the rows are counted first and read in parts of about `rowsPerPart`; the embedded store
 * has no limit and answers in one part.
 */
export async function selectInParts(
  store: QuadStore,
  variables: string,
  pattern: string,
  rowsPerPart: number,
  take: (result: QueryResult) => void,
): Promise<void> {
  let rows = 0;
  if (capabilitiesOf(store).sharedWriters) {
    const counted = await store.query(`SELECT (COUNT(*) AS ?n) WHERE { ${pattern} }`);
    rows = counted.kind === 'bindings' ? Number(counted.rows[0]?.n?.v ?? 0) : 0;
  }
  await readInParts(rows, rowsPerPart, async (filter) =>
    take(await store.query(`SELECT ${variables} WHERE { ${pattern} ${filter} }`)),
  );
}

/**
 * The rows of a SELECT that binds ?g, as quads grouped by graph (`quadsOf` says a row's quads in
 * its graph `g`); rows of the service's internal graphs left out.
 */
export function quadsByGraph(
  result: QueryResult,
  quadsOf: (row: Record<string, PlainTerm>, g: ReturnType<typeof df.namedNode>) => Quad[],
): Map<string, Quad[]> {
  const byGraph = new Map<string, Quad[]>();
  if (result.kind !== 'bindings') return byGraph;
  for (const row of result.rows) {
    const graph = row.g.v;
    if (isInternalGraph(graph)) continue;
    let quads = byGraph.get(graph);
    if (!quads) byGraph.set(graph, (quads = []));
    quads.push(...quadsOf(row, df.namedNode(graph)));
  }
  return byGraph;
}

/** Parts of 16^6 (sixteen million) are as far as a read is cut. */
const MAX_DIGITS = 6;
