/**
 * Merged-away ids in an export: an RDF export of the whole store (N-Quads, TriG) ends with one
 * `#@merged <A> <B>` comment line per id merged into another, which other tools skip and our
 * loader reads back (a load then keeps A answering 308 to B). Written only when the store has
 * such ids: any other export is as before.
 */
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { MERGED_INTO } from '../feed/mergedId.js';

export const MERGED_COMMENT = '#@merged ';
const LINE = /^#?@merged <([^<>\s]+)> <([^<>\s]+)>\s*$/;

/** A merged-away id and where it went. */
export interface MergedId {
  readonly from: string;
  readonly to: string;
}

export function mergedCommentLine({ from, to }: MergedId): string {
  return `${MERGED_COMMENT}<${from}> <${to}>\n`;
}

/** The merged id a comment line states; undefined when it states none. */
export function parseMergedComment(text: string): MergedId | undefined {
  const m = LINE.exec(text.startsWith('#') ? text : '#' + text);
  return m ? { from: m[1], to: m[2] } : undefined;
}

/** The store's merged-away ids, in code-point order of the id. */
export async function mergedIdsOf(store: QuadStore): Promise<MergedId[]> {
  const result = await store.query(`SELECT ?a ?b WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ?b } }`);
  if (result.kind !== 'bindings') throw new Error(`reading the merged ids got a ${result.kind} answer`);
  const merged = result.rows.flatMap((row) => (row.a && row.b ? [{ from: row.a.v, to: row.b.v }] : []));
  return merged.sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0));
}
