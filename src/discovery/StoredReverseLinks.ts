/**
 * The reverse-link index read from the store's links graphs with SPARQL, request by request:
 * for a remote store that other service processes write to as well, where an index in this
 * process's memory would miss their writes. The rows are the same (written by the same write
 * path, in the same transaction as the documents); only where they are read differs.
 */
import type { QuadStore } from '../store/QuadStore.js';
import type { Quad } from '../rdf/terms.js';
import { linkedArtContext } from '../context/linkedArtContext.js';
import { LINKS_GRAPH_PREFIX, RELATION_PREDICATE_PREFIX, isLinksGraph } from './linksGraph.js';
import { RELATIONS, relationNamed } from './relations/index.js';
import { classNamesByIri } from './reverseLinksOf.js';
import type { HitPage, ReverseLinks } from './ReverseLinks.js';

const IN_LINKS_GRAPH = `FILTER(STRSTARTS(STR(?g), "${LINKS_GRAPH_PREFIX}"))`;

export class StoredReverseLinks implements ReverseLinks {
  constructor(private readonly store: QuadStore) {}

  async counts(target: string): Promise<ReadonlyMap<string, number>> {
    const out = new Map<string, number>();
    const direct = await this.rows(`SELECT ?p (COUNT(DISTINCT ?s) AS ?n) WHERE {
      GRAPH ?g { <${target}> ?p ?s } ${IN_LINKS_GRAPH} FILTER(STRSTARTS(STR(?p), "${RELATION_PREDICATE_PREFIX}")) } GROUP BY ?p`);
    for (const row of direct) {
      const relation = relationNamed(row.p!.slice(RELATION_PREDICATE_PREFIX.length));
      if (relation && !relation.internal) out.set(relation.name, Number(row.n));
    }
    for (const relation of RELATIONS.filter((r) => r.via)) {
      const [row] = await this.rows(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ${this.hitPattern(target, relation.name)} }`);
      const n = Number(row?.n ?? 0);
      if (n > 0) out.set(relation.name, n); else out.delete(relation.name);
    }
    return out;
  }

  async hits(target: string, relation: string, offset: number, limit: number): Promise<HitPage> {
    const pattern = this.hitPattern(target, relation);
    return this.page(pattern, offset, limit);
  }

  async ofClass(className: string, offset: number, limit: number): Promise<HitPage> {
    const iri = linkedArtContext().expandVocab(className);
    if (!iri) return { total: 0, items: [] };
    return this.page(`GRAPH ?g { ?s a <${iri}> } ${IN_LINKS_GRAPH}`, offset, limit);
  }

  async classCounts(): Promise<ReadonlyMap<string, number>> {
    const out = new Map<string, number>();
    for (const row of await this.rows(`SELECT ?type (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s a ?type } ${IN_LINKS_GRAPH} } GROUP BY ?type`)) {
      const name = classNamesByIri().get(row.type!);
      if (name) out.set(name, Number(row.n));
    }
    return out;
  }

  /** The rows are in the store already; the targets of the new rows are told (other changes are found by revalidation). */
  written(graphs: ReadonlyMap<string, readonly Quad[]>): string[] {
    const affected = new Set<string>();
    for (const [graph, quads] of graphs) {
      if (!isLinksGraph(graph)) continue;
      for (const q of quads) if (q.predicate.value.startsWith(RELATION_PREDICATE_PREFIX)) affected.add(q.subject.value);
    }
    return [...affected];
  }

  /** The pattern binding ?s to each hit of `relation` for `target` (its `via` included). */
  private hitPattern(target: string, relation: string): string {
    const direct = `GRAPH ?g { <${target}> <${RELATION_PREDICATE_PREFIX}${relation}> ?s } ${IN_LINKS_GRAPH}`;
    const via = relationNamed(relation)?.via;
    if (!via) return direct;
    return `{ ${direct} } UNION {
      GRAPH ?g1 { <${target}> <${RELATION_PREDICATE_PREFIX}${via.step}> ?through } FILTER(STRSTARTS(STR(?g1), "${LINKS_GRAPH_PREFIX}"))
      GRAPH ?g { ?through <${RELATION_PREDICATE_PREFIX}${via.through}> ?s } ${IN_LINKS_GRAPH} }`;
  }

  private async page(pattern: string, offset: number, limit: number): Promise<HitPage> {
    const [count] = await this.rows(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ${pattern} }`);
    const total = Number(count?.n ?? 0);
    if (total === 0 || offset >= total) return { total, items: [] };
    const rows = await this.rows(`SELECT DISTINCT ?s ?type WHERE { { SELECT DISTINCT ?s WHERE { ${pattern} } ORDER BY STR(?s) OFFSET ${offset} LIMIT ${limit} }
      GRAPH ?t { ?s a ?type } FILTER(STR(?t) = CONCAT("${LINKS_GRAPH_PREFIX}", STR(?s))) } ORDER BY STR(?s)`);
    const items = rows.map((row) => ({ id: row.s!, type: classNamesByIri().get(row.type!) ?? 'Entity' }));
    return { total, items };
  }

  private async rows(sparql: string): Promise<Array<Record<string, string | undefined>>> {
    const result = await this.store.query(sparql);
    if (result.kind !== 'bindings') return [];
    return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v?.v])));
  }
}
