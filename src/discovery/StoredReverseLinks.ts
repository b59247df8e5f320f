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
import { classNamesByIri } from '../linkedart/kinds.js';
import type { HitPage, ReverseLinks } from './ReverseLinks.js';
import { count, iri, literal } from '../rdf/sparqlTerm.js';

/** Rows a store sorts under a cut at most (Virtuoso's MaxSortedTopRows, by default). */
const SORT_CAP = 10000;
const IN_LINKS_GRAPH = `FILTER(STRSTARTS(STR(?g), ${literal(LINKS_GRAPH_PREFIX)}))`;
/** A relation's predicate: its name is the service's own (relations/), written as any IRI. */
const relationPredicate = (name: string): string => iri(RELATION_PREDICATE_PREFIX + name);
/**
 * Every relation's predicate, for the counts: with the predicate unbound, the store read every
 * statement about the target in every graph, its past versions' (src/history) included, and a
 * PUT's answer slowed as its document's history grew (4.6 → 15.9 ms at 750 versions on Virtuoso).
 */
const RELATION_PREDICATES = RELATIONS.map((r) => relationPredicate(r.name)).join(' ');

export class StoredReverseLinks implements ReverseLinks {
  constructor(private readonly store: QuadStore) {}

  /**
   * One query for every count: the direct relations grouped by predicate, and each relation with a
   * `via` counted over its hit pattern (replacing its direct count), as UNION branches. Asked by
   * every render with `_links` (every PUT's answer too), where one round trip a relation cost the
   * remote store a request each.
   */
  async counts(target: string): Promise<ReadonlyMap<string, number>> {
    const vias = RELATIONS.filter((r) => r.via);
    const direct = `{ SELECT ?p (COUNT(DISTINCT ?s) AS ?n) WHERE { VALUES ?p { ${RELATION_PREDICATES} }
      GRAPH ?g { ${iri(target)} ?p ?s } ${IN_LINKS_GRAPH} } GROUP BY ?p }`;
    const viaCounts = vias.map(
      (relation, i) =>
        `{ SELECT (${count(i)} AS ?via) (COUNT(DISTINCT ?s) AS ?n) WHERE { ${this.hitPattern(target, relation.name)} } }`,
    );
    const rows = await this.rows(`SELECT ?p ?via ?n WHERE { ${[direct, ...viaCounts].join(' UNION ')} }`);
    const out = new Map<string, number>();
    for (const row of rows) {
      if (row.p === undefined) continue;
      const relation = relationNamed(row.p.slice(RELATION_PREDICATE_PREFIX.length));
      if (relation && !relation.internal) out.set(relation.name, Number(row.n));
    }
    for (const [i, relation] of vias.entries()) {
      const n = Number(rows.find((row) => row.p === undefined && Number(row.via) === i)?.n ?? 0);
      if (n > 0) out.set(relation.name, n);
      else out.delete(relation.name);
    }
    return out;
  }

  async hits(target: string, relation: string, offset: number, limit: number): Promise<HitPage> {
    const pattern = this.hitPattern(target, relation);
    return this.page(pattern, offset, limit);
  }

  async ofClass(className: string, offset: number, limit: number): Promise<HitPage> {
    const classIri = linkedArtContext().expandVocab(className);
    if (!classIri) return { total: 0, items: [] };
    return this.page(`GRAPH ?g { ?s a ${iri(classIri)} } ${IN_LINKS_GRAPH}`, offset, limit);
  }

  async classCounts(): Promise<ReadonlyMap<string, number>> {
    const out = new Map<string, number>();
    for (const row of await this.rows(
      `SELECT ?type (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s a ?type } ${IN_LINKS_GRAPH} } GROUP BY ?type`,
    )) {
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
    const direct = `GRAPH ?g { ${iri(target)} ${relationPredicate(relation)} ?s } ${IN_LINKS_GRAPH}`;
    const via = relationNamed(relation)?.via;
    if (!via) return direct;
    return `{ ${direct} } UNION {
      GRAPH ?g1 { ${iri(target)} ${relationPredicate(via.step)} ?through } FILTER(STRSTARTS(STR(?g1), ${literal(LINKS_GRAPH_PREFIX)}))
      GRAPH ?g { ?through ${relationPredicate(via.through)} ?s } ${IN_LINKS_GRAPH} }`;
  }

  private async page(pattern: string, offset: number, limit: number): Promise<HitPage> {
    const [counted] = await this.rows(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ${pattern} }`);
    const total = Number(counted?.n ?? 0);
    if (total === 0 || offset >= total || limit === 0) return { total, items: [] };
    const ids = await this.ids(pattern, offset, Math.min(limit, total - offset));
    if (ids.length === 0) return { total, items: [] };
    const types = new Map<string, string>();
    const values = ids.map(iri).join(' ');
    for (const row of await this.rows(
      `SELECT ?s ?type WHERE { VALUES ?s { ${values} } GRAPH ?t { ?s a ?type } FILTER(STR(?t) = CONCAT(${literal(LINKS_GRAPH_PREFIX)}, STR(?s))) }`,
    )) {
      types.set(row.s!, classNamesByIri().get(row.type!) ?? types.get(row.s!) ?? 'Entity');
    }
    return { total, items: ids.map((id) => ({ id, type: types.get(id) ?? 'Entity' })) };
  }

  /**
   * Hits `offset`.. in id order, at most `limit`. A store may sort at most SORT_CAP rows under a cut
   * (Virtuoso's MaxSortedTopRows): deeper pages are reached by id, a chunk at a time.
   */
  private async ids(pattern: string, offset: number, limit: number): Promise<string[]> {
    let after: string | undefined;
    let skip = offset;
    const sorted = (cut: string): Promise<Array<Record<string, string | undefined>>> =>
      this.rows(
        `SELECT DISTINCT ?s WHERE { ${pattern} ${after === undefined ? '' : `FILTER(STR(?s) > ${literal(after)})`} } ORDER BY STR(?s) ${cut}`,
      );
    while (skip + Math.min(limit, 1) > SORT_CAP) {
      const [last] = await sorted(`OFFSET ${count(SORT_CAP - 1)} LIMIT 1`);
      if (!last?.s) return [];
      after = last.s;
      skip -= SORT_CAP;
    }
    const out: string[] = [];
    while (out.length < limit) {
      const want = Math.min(limit - out.length, SORT_CAP - skip);
      const rows = await sorted(`OFFSET ${count(skip)} LIMIT ${count(want)}`);
      for (const row of rows) out.push(row.s!);
      if (rows.length < want) break;
      after = out[out.length - 1];
      skip = 0;
    }
    return out;
  }

  private async rows(sparql: string): Promise<Array<Record<string, string | undefined>>> {
    const result = await this.store.query(sparql);
    if (result.kind !== 'bindings') return [];
    return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v?.v])));
  }
}
