/**
 * What the service reads of stored documents: one document as stored, and in bulk (a VALUES
 * block or a graph list at a time) their digests (is a document unchanged?), their versions
 * and their classes (a Delete activity names it).
 */
import { hintGraphOf } from '../hints/Skeleton.js';
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { isAbsoluteIri } from '../ingest/iris.js';
import { iri, iriProblem } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { documentLinksFrom, linksGraphOf } from '../discovery/linksGraph.js';
import { MODIFIED_PREDICATE, modifiedFrom } from '../hints/lastModified.js';
import type { Quad } from '../rdf/terms.js';
import { versionText, type StoredDocument } from './storedDocument.js';

/** The document as stored (its graph and hint graph, one request), or undefined when there is none. */
export async function storedDocumentOf(store: QuadStore, id: string): Promise<StoredDocument | undefined> {
  const hintGraph = hintGraphOf(id);
  const quads: Quad[] = [];
  const hints: Quad[] = [];
  for (const q of await store.readGraphs([id, hintGraph])) {
    if (q.graph.value === id) quads.push(q);
    else if (q.graph.value === hintGraph) hints.push(q);
  }
  return storedFrom(id, quads, hints);
}

/** The stored document of these graphs' quads (undefined: none stored). */
export function storedFrom(id: string, quads: Quad[], hints: Quad[]): StoredDocument | undefined {
  return quads.length === 0 ? undefined : { id, quads, hints, lastModified: modifiedFrom(hints) };
}

/** The stored version of a document (DocumentService.version): its digest and stamp, one small query. */
export async function storedVersionOf(store: QuadStore, id: string): Promise<string | undefined> {
  const result = await store.query(
    `SELECT ?p ?v WHERE { GRAPH ${iri(hintGraphOf(id))} { ${iri(id)} ?p ?v FILTER (?p IN (${iri(DIGEST_PREDICATE)}, ${iri(MODIFIED_PREDICATE)})) } }`,
  );
  if (result.kind !== 'bindings' || result.rows.length === 0) return undefined;
  return versionText(result.rows.map((row) => [row.p?.v ?? '', row.v?.v ?? '']));
}

/** Whether any document is stored with a digest (DocumentService.hasDigests). */
export async function anyDigestStored(store: QuadStore): Promise<boolean> {
  const result = await store.query(`ASK { GRAPH ?g { ?s ${iri(DIGEST_PREDICATE)} ?d } }`);
  return result.kind === 'boolean' ? result.value : true;
}

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
