/**
 * The stored version a write of a few documents replaces, read once in the write's turn: its hint
 * graph (the digest the write compares), with the document's graph when a precondition looks at it,
 * and when versions are kept the graphs the history copies out (versionWrite.historyGraphsOf: the
 * document and its hints, which hold the newest past record). So a PUT asks the store one read where it asked two (the digest,
 * then the history's read), and the digest by graph rather than by a SPARQL query, which cost the
 * embedded store three times a graph's read. Few documents only: a large write of mostly unchanged
 * documents would read whole graphs to compare digests.
 *
 * On a store that reads a write's graphs before replacing them (the remote store: it writes only the
 * difference), the read is its own (QuadStore.readForWrite: each document's graph, hints, links and
 * history head, as stored) and is handed to the write: the digests, the version the history copies
 * out and the store's difference come from one read, where a PUT asked three queries.
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { historyGraphsOf } from '../history/versionWrite.js';
import { isAbsoluteIri } from '../ingest/iris.js';
import { iriProblem } from '../rdf/sparqlTerm.js';
import type { Quad } from '../rdf/terms.js';
import type { GraphsRead, QuadStore } from '../store/QuadStore.js';
import { linksGraphOf } from '../discovery/linksGraph.js';
import { historyHeadOf } from '../history/versionGraphs.js';
import { storedDigestOf, type StoredDocument } from './storedDocument.js';
import { storedDocumentOf, storedFrom } from './storedReads.js';

/** Documents a write reads whole at most (4 graphs each on a remote store: one request, a UNION of up to 16 graphs). */
export const WHOLE_READ_MAX = 4;

/**
 * Which graphs of a document are read: its hints always, the document itself (`whole`), the
 * history's too (`history`); `copied`: the store copies the live graphs out itself
 * (StoreCapabilities.graphCopies, a write of wire graphs), so the history reads the hints alone.
 */
export interface ReplacedGraphs {
  readonly whole: boolean;
  readonly history: boolean;
  readonly copied?: boolean;
}

/**
 * These documents' graphs, in one request; undefined when there are none or more than
 * WHOLE_READ_MAX (their digests are asked by query). An id that is no IRI is not stored (the gate
 * refuses it): not asked for (no digest, and its history reads as before).
 */
export async function readReplaced(
  store: QuadStore,
  ids: readonly string[],
  { whole, history, copied = false }: ReplacedGraphs,
): Promise<GraphsRead | undefined> {
  if (ids.length === 0 || ids.length > WHOLE_READ_MAX) return undefined;
  const stored = [...new Set(ids)].filter((id) => isAbsoluteIri(id) && iriProblem(id) === undefined);
  if (store.readForWrite)
    return store.readForWrite(stored.flatMap((id) => [id, hintGraphOf(id), linksGraphOf(id), historyHeadOf(id)]));
  const graphsOf = (id: string) =>
    history ? historyGraphsOf(id, copied && !whole) : whole ? [id, hintGraphOf(id)] : [hintGraphOf(id)];
  const names = stored.flatMap(graphsOf);
  return { names: new Set(names), quads: await store.readGraphs(names) };
}

/** The quads `read` holds of graph `name`. */
function quadsOf(read: GraphsRead, name: string): Quad[] {
  return read.quads.filter((q) => q.graph.value === name);
}

/** The stored digests of these documents as `read` holds them (absent: not stored, or stored before digests). */
export function digestsIn(read: GraphsRead, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    const digest = storedDigestOf(quadsOf(read, hintGraphOf(id)));
    if (digest !== undefined) out.set(id, digest);
  }
  return out;
}

/**
 * A conditional write's read of the one document it replaces, in one request: the stored
 * document for its precondition (`asked`), and the graphs its digest and history come from
 * (`copied`: as ReplacedGraphs').
 */
export async function readCurrent(
  store: QuadStore,
  id: string,
  asked: boolean,
  history: boolean,
  copied = false,
): Promise<{ current?: StoredDocument; read?: GraphsRead }> {
  const read = await readReplaced(store, [id], { whole: asked, history, copied });
  if (!asked) return { read };
  if (!read) return { current: await storedDocumentOf(store, id) };
  return { current: storedFrom(id, quadsOf(read, id), quadsOf(read, hintGraphOf(id))), read };
}

/** The stored digest of `id` as `current` (its read) gives it: the version a conditional write must replace. */
export function digestsOf(id: string, current: StoredDocument | undefined): Map<string, string> {
  const digest = current && storedDigestOf(current.hints);
  return new Map(digest === undefined ? [] : [[id, digest]]);
}
