/**
 * What the write path reads of stored documents in bulk, a VALUES block or a graph list at a time:
 * their digests (is a document unchanged?) and their classes (a Delete activity names it).
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { isAbsoluteIri } from '../ingest/iris.js';
import { iri, iriProblem } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { documentLinksFrom, linksGraphOf } from '../discovery/linksGraph.js';

/** Ids per digest query (a VALUES block). */
const DIGEST_BATCH = 500;

/** The Linked Art classes of these stored documents (a deleted document's Delete activity names it). */
export async function storedClasses(store: QuadStore, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += DIGEST_BATCH) {
    for (const q of await store.readGraphs(ids.slice(i, i + DIGEST_BATCH).map(linksGraphOf))) {
      const type = documentLinksFrom(q.subject.value, [q]).type;
      if (type) out.set(q.subject.value, type);
    }
  }
  return out;
}

/** The stored digests of these documents (absent: not stored, or stored before digests). */
export async function storedDigests(store: QuadStore, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const values of hintGraphValues(ids, DIGEST_BATCH)) {
    const result = await store.query(
      `SELECT ?g ?d WHERE { VALUES ?g { ${values} } GRAPH ?g { ?s ${iri(DIGEST_PREDICATE)} ?d } }`,
    );
    if (result.kind !== 'bindings') continue;
    for (const row of result.rows) {
      const g = row.g?.v;
      if (g && row.d) out.set(g.slice(hintGraphOf('').length), row.d.v);
    }
  }
  return out;
}

/**
 * The hint graphs of these documents as the terms of VALUES blocks, `perQuery` to a block. An id
 * that is no IRI is not stored (the gate refuses its record, naming it): not asked for, nor put
 * in a query.
 */
export function hintGraphValues(ids: readonly string[], perQuery: number): string[] {
  const unique = [...new Set(ids)].filter((id) => isAbsoluteIri(id) && iriProblem(id) === undefined);
  const blocks: string[] = [];
  for (let i = 0; i < unique.length; i += perQuery) {
    blocks.push(
      unique
        .slice(i, i + perQuery)
        .map((id) => iri(hintGraphOf(id)))
        .join(' '),
    );
  }
  return blocks;
}
