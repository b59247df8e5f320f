/**
 * Merged-away ids in an export: an RDF export of the whole store (N-Quads, TriG) ends with one
 * `#@merged <A> <B>` comment line per id merged into another, which other tools skip and our
 * loader reads back (a load then keeps A answering 308 to B). An NDJSON export, which has no
 * comments, ends with one line per merged id stating it as the change feed does, an Activity
 * Streams Move (`{"@context": AS, "type": "Move", "object": {"id": A}, "target": {"id": B}}`):
 * no Linked Art document, which our loader reads back and another tool can tell for what it is.
 * Written only when the store has such ids: any other export is as before. An export with
 * history also carries the texts A was found by in name search (its tombstone's labels:
 * feed/mergedId.ts) as a JSON array of strings after B (`#@merged <A> <B> ["Edith Marrow"]`), so
 * that search after the load finds B by them as it did before.
 */
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { MERGED_INTO, MERGED_NAME } from '../feed/mergedId.js';
import { isHttpIri } from '../ingest/iris.js';

export const MERGED_COMMENT = '#@merged ';
const LINE = /^#?@merged <([^<>\s]+)> <([^<>\s]+)>(?:\s+(\S.*?))?\s*$/;

/** A merged-away id and where it went; `names`: the texts it was found by (an export with history). */
export interface MergedId {
  readonly from: string;
  readonly to: string;
  readonly names?: readonly string[];
}

export function mergedCommentLine({ from, to, names }: MergedId): string {
  const found = names && names.length > 0 ? ` ${JSON.stringify(names)}` : '';
  return `${MERGED_COMMENT}<${from}> <${to}>${found}\n`;
}

/**
 * The merged id a comment line states (undefined when it states none), and what is wrong with
 * the names after it, if anything (the merge is kept without them).
 */
export function parseMergedComment(text: string): (MergedId & { readonly problem?: string }) | undefined {
  const m = LINE.exec(text.startsWith('#') ? text : '#' + text);
  if (!m) return undefined;
  if (m[3] === undefined) return { from: m[1], to: m[2] };
  const names = namesOf(m[3]);
  return typeof names === 'string'
    ? { from: m[1], to: m[2], problem: `the #@merged line of <${m[1]}>: ${names}; merged without them` }
    : { from: m[1], to: m[2], names };
}

/** The names after a `#@merged` line's ids (a JSON array of strings), or what is wrong with them. */
function namesOf(text: string): string[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `the names after the ids are not JSON (${(error as Error).message})`;
  }
  if (!Array.isArray(json) || !json.every((n) => typeof n === 'string'))
    return 'the names after the ids are not a JSON array of strings';
  return json;
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

/** The store's merged-away ids, in code-point order of the id; `withNames`: each with its names, in code-point order. */
export async function mergedIdsOf(store: QuadStore, withNames = false): Promise<MergedId[]> {
  const names = withNames ? ` OPTIONAL { ?a ${iri(MERGED_NAME)} ?t }` : '';
  const result = await store.query(
    `SELECT ?a ?b${withNames ? ' ?t' : ''} WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ?b${names} } }`,
  );
  if (result.kind !== 'bindings') throw new Error(`reading the merged ids got a ${result.kind} answer`);
  const merged = new Map<string, { from: string; to: string; names: Set<string> }>();
  for (const row of result.rows) {
    if (!row.a || !row.b) continue;
    let id = merged.get(row.a.v);
    if (!id) merged.set(row.a.v, (id = { from: row.a.v, to: row.b.v, names: new Set<string>() }));
    if (row.t) id.names.add(row.t.v);
  }
  const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return [...merged.values()]
    .sort((x, y) => byCode(x.from, y.from))
    .map(({ from, to, names }) => (names.size > 0 ? { from, to, names: [...names].sort(byCode) } : { from, to }));
}
