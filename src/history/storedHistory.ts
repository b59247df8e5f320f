/**
 * A document's history as stored (versionGraphs.ts): its versions' records — the past ones from
 * their graphs, the live one from its hint graph (liveVersion.ts) — in one query that looks the
 * records up by the document (an index lookup: it reads no version's content); and one version's
 * quads, from its version graphs once past, from the document's own graphs while it is live.
 */
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { MODIFIED_PREDICATE } from '../hints/lastModified.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { iri } from '../rdf/sparqlTerm.js';
import { df, type Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { liveHintsOf, liveRecord, WRITTEN_BY_PREDICATE } from './liveVersion.js';
import { hasContent, recordsFrom, recordsOfTexts, VERSION_PREDICATE, type VersionRecord } from './versionRecord.js';
import { versionGraphOf, versionHintGraphOf } from './versionGraphs.js';

/** One version as stored: its record, and its quads (none for a deletion). */
export interface StoredVersion {
  readonly record: VersionRecord;
  readonly quads: Quad[];
  readonly hints: Quad[];
}

/** A document's history: its past versions' records, oldest first, and its live version's (undefined: not live). */
export interface History {
  readonly past: VersionRecord[];
  readonly live: VersionRecord | undefined;
}

/** The document's past records and its live hints, in one query. */
export async function historyOf(store: QuadStore, id: string): Promise<History> {
  const subject = iri(id);
  const wanted = [MODIFIED_PREDICATE, DIGEST_PREDICATE, WRITTEN_BY_PREDICATE].map(iri).join(', ');
  const result = await store.query(
    `SELECT ?r ?p ?v WHERE { { GRAPH ?g { ${subject} ${iri(VERSION_PREDICATE)} ?r } } UNION ` +
      `{ GRAPH ${iri(hintGraphOf(id))} { ${subject} ?p ?v FILTER (?p IN (${wanted})) } } }`,
  );
  if (result.kind !== 'bindings') throw new Error(`reading the history of ${id} got a ${result.kind} answer`);
  const texts: string[] = [];
  const hints: Array<[string, string]> = [];
  for (const row of result.rows) {
    if (row.r) texts.push(row.r.v);
    else if (row.p && row.v) hints.push([row.p.v, row.v.v]);
  }
  const past = recordsOfTexts(texts);
  return { past, live: liveRecord(past.at(-1), liveHintsOf(hints)) };
}

/**
 * The versions of a document, oldest first; for a document stored before versions were kept
 * (or with --keep-versions 0), its live version as version 1. Empty: no document, no history.
 * The live version's digest is left out (it is said once the version is past), as before.
 */
export async function versionsOf(store: QuadStore, id: string): Promise<VersionRecord[]> {
  const { past, live } = await historyOf(store, id);
  return live ? [...past, { ...live, digest: null }] : past;
}

/** Ids per query of pastRecordsOf (a VALUES block). */
const IDS_PER_QUERY = 500;

/** Every past record of these documents, oldest first, looked up by the documents (an id with none: empty). */
export async function pastRecordsOf(store: QuadStore, ids: readonly string[]): Promise<Map<string, VersionRecord[]>> {
  const texts = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const values = ids
      .slice(i, i + IDS_PER_QUERY)
      .map(iri)
      .join(' ');
    const result = await store.query(
      `SELECT ?s ?r WHERE { VALUES ?s { ${values} } GRAPH ?g { ?s ${iri(VERSION_PREDICATE)} ?r } }`,
    );
    if (result.kind !== 'bindings') throw new Error(`reading the past versions got a ${result.kind} answer`);
    for (const row of result.rows) if (row.s && row.r) texts.get(row.s.v)?.push(row.r.v);
  }
  return new Map([...texts].map(([id, list]) => [id, recordsOfTexts(list)]));
}

/** Version `n` of the document; undefined when it has none (never written, or dropped past the retention). */
export async function storedVersion(store: QuadStore, id: string, n: number): Promise<StoredVersion | undefined> {
  const [graph, hintGraph] = [versionGraphOf(id, n), versionHintGraphOf(id, n)];
  const read = await store.readGraphs([graph, hintGraph]);
  const kept = read.filter((q) => q.graph.value === hintGraph);
  const record = recordsFrom(kept).find((r) => r.n === n);
  if (record) {
    // As the live graphs hold them: the render knows a document's quads and hints by their graphs.
    const quads = hasContent(record) ? read.filter((q) => q.graph.value === graph) : [];
    const hints = kept.filter((q) => q.predicate.value !== VERSION_PREDICATE);
    return { record, quads: inGraph(quads, id), hints: inGraph(hints, hintGraphOf(id)) };
  }
  // Not copied out: the live version, while it is the newest.
  const { live } = await historyOf(store, id);
  if (live?.n !== n) return undefined;
  const own = await store.readGraphs([id, hintGraphOf(id)]);
  const quads = own.filter((q) => q.graph.value === id);
  if (quads.length === 0) return undefined;
  return { record: { ...live, digest: null }, quads, hints: own.filter((q) => q.graph.value !== id) };
}

function inGraph(quads: readonly Quad[], graph: string): Quad[] {
  const name = df.namedNode(graph);
  return quads.map((q) => df.quad(q.subject, q.predicate, q.object, name));
}

/** The version in force at `when`: the newest not after it, else the first (RFC 7089 §4.1.1); undefined with none. */
export function versionAt(records: readonly VersionRecord[], when: Date): VersionRecord | undefined {
  let found: VersionRecord | undefined;
  for (const record of records) if (Date.parse(record.time) <= when.getTime()) found = record;
  return found ?? records[0];
}

/** The newest version with content (a deleted document's last). */
export function lastWithContent(records: readonly VersionRecord[]): VersionRecord | undefined {
  return records.filter(hasContent).at(-1);
}
