/**
 * Merged-away ids in an export: an RDF export of the whole store (N-Quads, TriG) ends with one
 * `#@merged <A> <B>` comment line per id merged into another, which other tools skip and our
 * loader reads back (a load then keeps A answering 308 to B). An NDJSON export, which has no
 * comments, ends with one line per merged id stating it as the change feed does, an Activity
 * Streams Move (`{"@context": AS, "type": "Move", "object": {"id": A}, "target": {"id": B}}`):
 * no Linked Art document, which our loader reads back and another tool can tell for what it is.
 * Written only when the store has such ids: any other export is as before.
 */
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { MERGED_INTO } from '../feed/mergedId.js';
import { isHttpIri } from '../ingest/iris.js';

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

const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';

/** The NDJSON line stating a merged id: a Move. */
export function mergedJsonLine({ from, to }: MergedId): string {
  return (
    JSON.stringify({ '@context': ACTIVITY_STREAMS, type: 'Move', object: { id: from }, target: { id: to } }) + '\n'
  );
}

/** The merged id a JSON value states (a Move as mergedJsonLine writes it, and nothing more); undefined when it states none. */
export function parseMergedJson(json: unknown): MergedId | undefined {
  if (!isObject(json) || Object.keys(json).length !== 4) return undefined;
  const { '@context': context, type, object, target } = json;
  if (context !== ACTIVITY_STREAMS || type !== 'Move') return undefined;
  const from = onlyId(object);
  const to = onlyId(target);
  return from !== undefined && to !== undefined ? { from, to } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The id of `{"id": "<an http(s) IRI>"}` (what a merge takes); undefined for anything else. */
function onlyId(value: unknown): string | undefined {
  if (!isObject(value) || Object.keys(value).length !== 1 || typeof value.id !== 'string') return undefined;
  return isHttpIri(value.id) ? value.id : undefined;
}

/** The store's merged-away ids, in code-point order of the id. */
export async function mergedIdsOf(store: QuadStore): Promise<MergedId[]> {
  const result = await store.query(`SELECT ?a ?b WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ?b } }`);
  if (result.kind !== 'bindings') throw new Error(`reading the merged ids got a ${result.kind} answer`);
  const merged = result.rows.flatMap((row) => (row.a && row.b ? [{ from: row.a.v, to: row.b.v }] : []));
  return merged.sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0));
}
