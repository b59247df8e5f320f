/**
 * What the store holds of the documents admitted with violations (the `report` conformance
 * policy; kept in their hint graphs, validate/violationsGraph.ts): one document's report, the
 * counts for the landing page and /metrics, and the documents by rule for `linkedart report`.
 * Each is one read, the same SPARQL on either store.
 */
import { HINT_GRAPH_PREFIX, hintGraphOf } from '../hints/Skeleton.js';
import type { Problem } from '../linkedart/Problem.js';
import { iri } from '../rdf/sparqlTerm.js';
import type { QuadStore } from '../store/QuadStore.js';
import { BREAKS_PREDICATE, violationsFrom } from '../validate/violationsGraph.js';

/** The violations document `id` was stored with ([] for one that conforms); undefined when no document has the id. */
export async function violationsOf(store: QuadStore, id: string): Promise<Problem[] | undefined> {
  // Every stored document has a hint graph (its modification stamp): one read says whether it exists and what it breaks.
  const quads = await store.readGraphs([hintGraphOf(id)]);
  if (quads.length === 0) return undefined;
  return violationsFrom(id, quads);
}

const BREAKS = iri(BREAKS_PREDICATE);
/** A hint graph's name: the prefix, then the id (SPARQL's STRSTARTS keeps the query to these graphs). */
const IN_VALIDATION_GRAPH = `FILTER (STRSTARTS(STR(?g), ${JSON.stringify(HINT_GRAPH_PREFIX)}))`;

/** How many documents are stored with violations. */
export async function violatedCount(store: QuadStore): Promise<number> {
  const result = await store.query(
    `SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ${BREAKS} ?rule } ${IN_VALIDATION_GRAPH} }`,
  );
  return result.kind === 'bindings' ? Number(result.rows[0]?.n?.v ?? 0) : 0;
}

/** Per rule, how many documents stored with violations break it. */
export async function violatedCountsByRule(store: QuadStore): Promise<Map<string, number>> {
  const result = await store.query(
    `SELECT ?rule (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ${BREAKS} ?rule } ${IN_VALIDATION_GRAPH} } GROUP BY ?rule`,
  );
  const byRule = new Map<string, number>();
  if (result.kind === 'bindings')
    for (const row of result.rows) if (row.rule && row.n) byRule.set(row.rule.v, Number(row.n.v));
  return byRule;
}

/** Per rule, the ids of the documents that break it (each list in code point order). */
export async function documentsByRule(store: QuadStore): Promise<Map<string, string[]>> {
  const result = await store.query(
    `SELECT DISTINCT ?rule ?g WHERE { GRAPH ?g { ?s ${BREAKS} ?rule } ${IN_VALIDATION_GRAPH} }`,
  );
  const out = new Map<string, string[]>();
  if (result.kind !== 'bindings') return out;
  for (const row of result.rows) {
    if (!row.rule || !row.g) continue;
    const ids = out.get(row.rule.v) ?? [];
    ids.push(row.g.v.slice(HINT_GRAPH_PREFIX.length));
    out.set(row.rule.v, ids);
  }
  for (const ids of out.values()) ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return out;
}
