/**
 * Histories written in this history's first layout (one graph per document, before "a graph per
 * past version"), converted to the present one when a store is opened: the first layout kept
 * every version's record, the live one's too, in `urn:linkedart-service:history:<id>` under
 * `urn:linkedart-service:version`, and no record beside a past version's graphs, so the present
 * reader (storedHistory.ts) would list none of them.
 *
 * Each document's conversion is one write of its own graphs (one request on the remote store, in
 * one WAL record with the others of its batch on the embedded store): each past record put in its
 * version's hint graph (versionRecord.ts), the head holding the newest past one instead of the
 * old records, and who wrote the live version as the quad its hints carry now (liveVersion.ts).
 * The old records go in the same write, so a converted document is never converted again, a
 * conversion cut off by a crash is taken up at the next open, and a store with none left costs
 * one ASK (an index lookup on both stores).
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { iri, literal } from '../rdf/sparqlTerm.js';
import type { Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { INTERNAL_GRAPH_PREFIX } from '../store/internalGraphs.js';
import { WRITTEN_BY_PREDICATE, writtenByQuad } from './liveVersion.js';
import { hasContent, recordQuad, recordsOfTexts, type VersionRecord } from './versionRecord.js';
import { HISTORY_GRAPH_PREFIX, historyHeadOf, versionHintGraphOf } from './versionGraphs.js';

/** The first layout's predicate of a record (every version's, in the document's history graph). */
export const OLD_VERSION_PREDICATE = `${INTERNAL_GRAPH_PREFIX}version`;
/** Documents converted per write. */
const BATCH = 200;

/** The pattern of a first-layout record: in a history graph, under the old predicate. */
const OLD_RECORD = `GRAPH ?g { ?s ${iri(OLD_VERSION_PREDICATE)} ?r } FILTER (STRSTARTS(STR(?g), ${literal(HISTORY_GRAPH_PREFIX)}))`;

/** Convert every history still in the first layout, `batch` documents a write; answers how many were converted. */
export async function convertOldHistories(
  store: QuadStore,
  note: (message: string) => void,
  batch = BATCH,
): Promise<number> {
  const held = await store.query(`ASK { ${OLD_RECORD} }`);
  if (held.kind !== 'boolean' || !held.value) return 0;
  note('histories in the first layout (one graph per document) found: converting them to a graph per past version');
  const converted = new Set<string>();
  for (;;) {
    const ids = await oldHistoryIds(store, batch);
    if (ids.length === 0) break;
    // A document converted already and listed again: its old records are not where they were read from.
    const again = ids.find((id) => converted.has(id));
    if (again !== undefined) throw new Error(`converting the history of ${again} left its old records in place`);
    await store.replaceGraphs(await convertedGraphs(store, ids));
    for (const id of ids) converted.add(id);
  }
  note(`histories converted: ${converted.size} document(s)`);
  return converted.size;
}

/** Up to `batch` documents whose history is still in the first layout. */
async function oldHistoryIds(store: QuadStore, batch: number): Promise<string[]> {
  const result = await store.query(`SELECT DISTINCT ?s WHERE { ${OLD_RECORD} } LIMIT ${batch}`);
  if (result.kind !== 'bindings') throw new Error(`reading the histories to convert got a ${result.kind} answer`);
  return result.rows.flatMap((row) => (row.s ? [row.s.v] : []));
}

/** The graphs that hold these documents' histories in the present layout (their old records gone). */
async function convertedGraphs(store: QuadStore, ids: readonly string[]): Promise<Map<string, Quad[]>> {
  const heads = byGraph(await store.readGraphs(ids.flatMap((id) => [historyHeadOf(id), id, hintGraphOf(id)])));
  const records = new Map<string, VersionRecord[]>();
  for (const id of ids) {
    const texts = (heads.get(historyHeadOf(id)) ?? [])
      .filter((q) => q.subject.value === id && q.predicate.value === OLD_VERSION_PREDICATE)
      .map((q) => q.object.value);
    records.set(id, recordsOfTexts(texts));
  }
  const pastHints = byGraph(
    await store.readGraphs(ids.flatMap((id) => (records.get(id) ?? []).map((r) => versionHintGraphOf(id, r.n)))),
  );
  const out = new Map<string, Quad[]>();
  for (const id of ids) {
    const all = records.get(id)!;
    // The live version (the document is stored, its newest record has content) keeps no record now.
    const live = (heads.get(id)?.length ?? 0) > 0 && all.at(-1) && hasContent(all.at(-1)!) ? all.at(-1) : undefined;
    const past = live ? all.slice(0, -1) : all;
    for (const record of past) {
      const graph = versionHintGraphOf(id, record.n);
      const kept = (pastHints.get(graph) ?? []).filter((q) => q.predicate.value !== OLD_VERSION_PREDICATE);
      out.set(graph, [...kept, recordQuad(id, record, graph)]);
    }
    const newest = past.at(-1);
    out.set(historyHeadOf(id), newest ? [recordQuad(id, newest, historyHeadOf(id))] : []);
    const hints = heads.get(hintGraphOf(id)) ?? [];
    if (live?.actor && !hints.some((q) => q.predicate.value === WRITTEN_BY_PREDICATE))
      out.set(hintGraphOf(id), [...hints, writtenByQuad(id, live.actor)]);
  }
  return out;
}

function byGraph(quads: readonly Quad[]): Map<string, Quad[]> {
  const graphs = new Map<string, Quad[]>();
  for (const q of quads) {
    let list = graphs.get(q.graph.value);
    if (!list) graphs.set(q.graph.value, (list = []));
    list.push(q);
  }
  return graphs;
}
