/**
 * The stored version a write of a few documents replaces, read once in the write's turn: its hint
 * graph (the digest the write compares), with the document's graph when a precondition looks at it,
 * and when versions are kept the graphs the history copies out (versionWrite.historyGraphsOf: the
 * head, the document, its hints). So a PUT asks the store one read where it asked two (the digest,
 * then the history's read), and the digest by graph rather than by a SPARQL query, which cost the
 * embedded store three times a graph's read. Few documents only: a large write of mostly unchanged
 * documents would read whole graphs to compare digests.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { historyGraphsOf } from '../history/versionWrite.js';
import { isAbsoluteIri } from '../ingest/iris.js';
import { iriProblem } from '../rdf/sparqlTerm.js';
import type { Quad } from '../rdf/terms.js';
import type { QuadStore } from '../store/QuadStore.js';
import { storedDigestOf, type StoredDocument } from './storedDocument.js';
import { storedDocumentOf, storedFrom } from './storedReads.js';

/** Documents a write reads whole at most (3 graphs each: one remote request, a UNION of up to 16 graphs). */
export const WHOLE_READ_MAX = 5;

/** Graphs read in a write's turn, by name; every name asked is a key (an absent graph: []). */
export type ReadInTurn = ReadonlyMap<string, readonly Quad[]>;

/** Which graphs of a document are read: its hints always, the document itself (`whole`), the history's too (`history`). */
export interface ReplacedGraphs {
  readonly whole: boolean;
  readonly history: boolean;
}

/**
 * These documents' graphs, in one request; undefined when there are none or more than
 * WHOLE_READ_MAX (their digests are asked by query). An id that is no IRI is not stored (the gate
 * refuses it): not asked for (no digest, and its history reads as before).
 */
export async function readReplaced(
  store: QuadStore,
  ids: readonly string[],
  { whole, history }: ReplacedGraphs,
): Promise<ReadInTurn | undefined> {
  if (ids.length === 0 || ids.length > WHOLE_READ_MAX) return undefined;
  const graphsOf = (id: string) => (history ? historyGraphsOf(id) : whole ? [id, hintGraphOf(id)] : [hintGraphOf(id)]);
  const names = [...new Set(ids)].filter((id) => isAbsoluteIri(id) && iriProblem(id) === undefined).flatMap(graphsOf);
  const read = new Map<string, Quad[]>(names.map((name) => [name, []]));
  for (const q of await store.readGraphs(names)) read.get(q.graph.value)?.push(q);
  return read;
}

/** The stored digests of these documents as `read` holds them (absent: not stored, or stored before digests). */
export function digestsIn(read: ReadInTurn, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const digest = storedDigestOf(read.get(hintGraphOf(id)) ?? []);
    if (digest !== undefined) out.set(id, digest);
  }
  return out;
}

/**
 * A conditional write's read of the one document it replaces, in one request: the stored
 * document for its precondition (`asked`), and the graphs its digest and history come from.
 */
export async function readCurrent(
  store: QuadStore,
  id: string,
  asked: boolean,
  history: boolean,
): Promise<{ current?: StoredDocument; read?: ReadInTurn }> {
  const read = await readReplaced(store, [id], { whole: asked, history });
  if (!asked) return { read };
  if (!read) return { current: await storedDocumentOf(store, id) };
  return { current: storedFrom(id, [...(read.get(id) ?? [])], [...(read.get(hintGraphOf(id)) ?? [])]), read };
}

/** The stored digest of `id` as `current` (its read) gives it: the version a conditional write must replace. */
export function digestsOf(id: string, current: StoredDocument | undefined): Map<string, string> {
  const digest = current && storedDigestOf(current.hints);
  return new Map(digest === undefined ? [] : [[id, digest]]);
}
