/**
 * Rebuilding the reverse-link index from the quads, the truth: every document's links graph
 * made again from its entity graph, links graphs of documents that are gone removed, then the
 * version of the relation table stamped. `linkedart reindex` runs it; so does `serve` at start
 * when the stamp is not the relations' version of this build (the table changed, or the store
 * predates the index). Batch by batch, each batch one atomic write; the stamp last, so a run
 * cut short is run again at the next start.
 */
import { createHash } from 'node:crypto';
import { df, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../store/internalGraphs.js';
import { documentOfLinksGraph, isLinksGraph, linksGraphOf, linksQuads } from './linksGraph.js';
import { RELATIONS } from './relations/index.js';
import { reverseLinksOf } from './reverseLinksOf.js';

export const LINKS_VERSION_GRAPH = `${INTERNAL_GRAPH_PREFIX}links-version`;
const VERSION_PREDICATE = `${INTERNAL_GRAPH_PREFIX}relationsVersion`;
const BATCH = 500;

let version: string | undefined;

/** A hash of what decides the rows: each relation's name, classes of hits and path. */
export function relationsVersion(): string {
  version ??= createHash('sha1')
    .update(JSON.stringify(RELATIONS.map((r) => [r.name, r.returns, r.path])))
    .digest('base64url');
  return version;
}

/** The stamp graph saying the links graphs were made by this relation table. */
export function linksVersionGraph(): [string, Quad[]] {
  const g = df.namedNode(LINKS_VERSION_GRAPH);
  return [LINKS_VERSION_GRAPH, [df.quad(g, df.namedNode(VERSION_PREDICATE), df.literal(relationsVersion()), g)]];
}

/** The relation table's version the store's links graphs were made with (undefined: never stamped). */
export async function storedLinksVersion(store: QuadStore): Promise<string | undefined> {
  const result = await store.query(
    `SELECT ?v WHERE { GRAPH ${iri(LINKS_VERSION_GRAPH)} { ?s ${iri(VERSION_PREDICATE)} ?v } }`,
  );
  return result.kind === 'bindings' ? result.rows[0]?.v?.v : undefined;
}

export interface ReindexOutcome {
  readonly documents: number;
  readonly rows: number;
  /** Links graphs removed because their document is gone. */
  readonly removed: number;
}

/** Rebuild every links graph from the entity graphs; `progress(done, total)` after each batch. */
export async function reindex(
  store: QuadStore,
  progress?: (done: number, total: number) => void,
): Promise<ReindexOutcome> {
  const names = await store.listGraphs();
  const documents = names.filter((g) => !isInternalGraph(g)).sort();
  const present = new Set(documents);
  let rows = 0;
  for (let i = 0; i < documents.length; i += BATCH) {
    const batch = documents.slice(i, i + BATCH);
    const quads = new Map<string, Quad[]>(batch.map((id) => [id, []]));
    for (const q of await store.readGraphs(batch)) quads.get(q.graph.value)?.push(q);
    const graphs = new Map<string, Quad[]>();
    for (const [id, docQuads] of quads) {
      const links = reverseLinksOf(id, docQuads);
      rows += links.links.length;
      graphs.set(linksGraphOf(id), linksQuads(id, links));
    }
    await store.replaceGraphs(graphs);
    progress?.(Math.min(i + BATCH, documents.length), documents.length);
  }
  const orphans = names.filter((g) => isLinksGraph(g) && !present.has(documentOfLinksGraph(g)));
  await store.replaceGraphs(
    new Map<string, Quad[]>([...orphans.map((g): [string, Quad[]] => [g, []]), linksVersionGraph()]),
  );
  return { documents: documents.length, rows, removed: orphans.length };
}

/** Whether the store holds any document (any graph outside the service's own). */
export async function hasDocuments(store: QuadStore): Promise<boolean> {
  // The store's own list: a remote store holds graphs of its own (Virtuoso's system graphs) besides ours.
  return (await store.listGraphs()).some((g) => !isInternalGraph(g));
}

/**
 * Before a store's first write in this process: the stamp to write with it when the store is
 * empty and unstamped (its links graphs, all to come, are this table's); undefined otherwise (a
 * store with documents and another stamp is left for `reindex`, which serve runs at start).
 */
export async function stampFor(store: QuadStore): Promise<[string, Quad[]] | undefined> {
  if ((await storedLinksVersion(store)) !== undefined || (await hasDocuments(store))) return undefined;
  return linksVersionGraph();
}

/** At start: reindex when the stamp is not this build's relations' (undefined: nothing to do). */
export async function ensureLinksCurrent(
  store: QuadStore,
  progress?: (done: number, total: number) => void,
): Promise<ReindexOutcome | undefined> {
  if ((await storedLinksVersion(store)) === relationsVersion()) return undefined;
  if (!(await hasDocuments(store))) {
    await store.replaceGraphs(new Map([linksVersionGraph()]));
    return undefined;
  }
  return reindex(store, progress);
}
