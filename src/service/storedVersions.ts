/**
 * What a load needs of the stored versions of a batch's documents, in one query per 500 ids:
 * each one's digest (is it unchanged?) and its kept Warnings (keptWarnings.ts; what to report
 * of it then). Documents stored before warnings were kept have a digest alone.
 */
import { DIGEST_PREDICATE } from '../hints/digest.js';
import { keptWarningsFrom, WARNINGS_PREDICATE } from '../hints/keptWarnings.js';
import { hintGraphOf } from '../hints/Skeleton.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { hintGraphValues } from './storedReads.js';

export interface StoredVersion {
  readonly digest: string;
  /** Its Warnings as report lines; undefined when not kept (stored before they were, or unreadable). */
  readonly warnings: string[] | undefined;
}

/** Ids per query (a VALUES block). */
const IDS_PER_QUERY = 500;

/** The stored versions of these documents (absent: not stored, or stored before digests). */
export async function storedVersions(store: QuadStore, ids: readonly string[]): Promise<Map<string, StoredVersion>> {
  const digests = new Map<string, string>();
  const warnings = new Map<string, string[] | undefined>();
  const prefix = hintGraphOf('').length;
  for (const values of hintGraphValues(ids, IDS_PER_QUERY)) {
    const result = await store.query(
      `SELECT ?g ?p ?v WHERE { VALUES ?g { ${values} } GRAPH ?g { ?s ?p ?v FILTER (?p IN (${iri(DIGEST_PREDICATE)}, ${iri(WARNINGS_PREDICATE)})) } }`,
    );
    if (result.kind !== 'bindings') continue;
    for (const row of result.rows) {
      const g = row.g?.v;
      const v = row.v?.v;
      if (!g || v === undefined) continue;
      if (row.p?.v === DIGEST_PREDICATE) digests.set(g.slice(prefix), v);
      else warnings.set(g.slice(prefix), keptWarningsFrom(v));
    }
  }
  return new Map([...digests].map(([id, digest]) => [id, { digest, warnings: warnings.get(id) }]));
}
