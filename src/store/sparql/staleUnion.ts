/**
 * A remote store's union graph (the default graph curators' queries see: graphWrites.ts) cleared
 * of triples only past versions state. Builds before this file kept a triple a write removed in
 * the union while any other graph stated it, a past version included (src/history), so a store
 * they wrote answers a query of the default graph with every value a document ever had.
 * `linkedart reindex` runs it; a store with no past version (or the embedded store, which keeps
 * no union graph and no registry) has nothing to check.
 *
 * Only triples a past version states can be stale (before history, no other graph stated an
 * entity's triples), so the past versions are read from the registry and their triples checked a
 * few versions at a time, each batch one request: what no entity graph states leaves the union.
 */
import { iri, literal } from '../../rdf/sparqlTerm.js';
import { selectInParts } from '../graphParts.js';
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';
import type { QuadStore } from '../QuadStore.js';
import { REGISTERED_CLASS, REGISTRY_GRAPH, UNION_GRAPH } from './graphWrites.js';

/** Past versions' graphs checked in one request. */
const VERSIONS_PER_REQUEST = 100;
/** Registry rows read in one query. */
const ROWS_PER_PART = 200_000;
const VERSION_PREFIX = `${INTERNAL_GRAPH_PREFIX}version-`;

export interface UnionRepair {
  /** Past versions' graphs checked. */
  readonly versions: number;
  /** Triples removed from the union graph: stated by a past version alone. */
  readonly removed: number;
}

/** The union graph cleared of what only past versions state; `progress`: graphs checked of all. */
export async function staleUnionRemoved(
  store: QuadStore,
  progress?: (done: number, total: number) => void,
): Promise<UnionRepair> {
  const versions: string[] = [];
  await selectInParts(
    store,
    '?g',
    `GRAPH ${iri(REGISTRY_GRAPH)} { ?g a ${iri(REGISTERED_CLASS)} } FILTER (STRSTARTS(STR(?g), ${literal(VERSION_PREFIX)}))`,
    ROWS_PER_PART,
    (result) => {
      if (result.kind === 'bindings') for (const row of result.rows) if (row.g) versions.push(row.g.v);
    },
  );
  let removed = 0;
  for (let i = 0; i < versions.length; i += VERSIONS_PER_REQUEST) {
    const batch = versions.slice(i, i + VERSIONS_PER_REQUEST);
    const stale =
      `VALUES ?version { ${batch.map(iri).join(' ')} } GRAPH ?version { ?s ?p ?o } GRAPH ${iri(UNION_GRAPH)} { ?s ?p ?o } ` +
      `FILTER NOT EXISTS { GRAPH ?entity { ?s ?p ?o } FILTER (!STRSTARTS(STR(?entity), ${literal(INTERNAL_GRAPH_PREFIX)})) }`;
    const counted = await store.query(`SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ${stale} } }`);
    const n = counted.kind === 'bindings' ? Number(counted.rows[0]?.n?.v ?? 0) : 0;
    if (n > 0) await store.update(`DELETE { GRAPH ${iri(UNION_GRAPH)} { ?s ?p ?o } } WHERE { ${stale} }`);
    removed += n;
    progress?.(Math.min(i + VERSIONS_PER_REQUEST, versions.length), versions.length);
  }
  return { versions: versions.length, removed };
}
