/**
 * The corpus, the demo and the real-world records loaded together, twice: as the reverse-link index keeps them (each
 * document's rows from reverseLinksOf, into MemoryReverseLinks), and as an Oxigraph dataset of
 * their entity graphs, where a relation's SPARQL is evaluated over the union of the graphs.
 */
import { Store, blankNode, fromTerm, namedNode, quad } from 'oxigraph';
import {
  Parser as SparqlParser,
  Generator as SparqlGenerator,
  type SelectQuery,
  type Pattern,
  type Term as SparqlTerm,
} from 'sparqljs';
import { repairDocument } from '../../src/ingest/repairs/repairDocument.js';
import { admitDocument } from '../../src/validate/admitDocument.js';
import type { IngestedDocument } from '../../src/ingest/ingestDocument.js';
import { demoDocuments, DEMO_BASE_URL } from '../../src/service/demoCollection.js';
import { reverseLinksOf } from '../../src/discovery/reverseLinksOf.js';
import { classNamesByIri } from '../../src/linkedart/kinds.js';
import { linksGraphOf, linksQuads } from '../../src/discovery/linksGraph.js';
import { MemoryReverseLinks } from '../../src/discovery/MemoryReverseLinks.js';
import { QUERY_PREFIXES } from '../../src/discovery/relations/curies.js';
import type { Relation } from '../../src/discovery/relations/Relation.js';
import { RDF_TYPE } from '../../src/rdf/terms.js';
import { readdirSync } from 'node:fs';
import { acceptedCorpus } from './accepted.js';
import { readDocuments, REAL_WORLD_DIR } from './corpus.js';

const REAL_WORLD = REAL_WORLD_DIR;

export interface RelationDataset {
  readonly documents: readonly IngestedDocument[];
  readonly index: MemoryReverseLinks;
  readonly oxigraph: Store;
  /** Class names of each document's top-level entity. */
  readonly classes: ReadonlyMap<string, ReadonlySet<string>>;
}

let dataset: RelationDataset | undefined;

/** The corpus documents a load stores (after repairs), and the demo, indexed and in Oxigraph. */
export function relationDataset(): RelationDataset {
  if (dataset) return dataset;
  const admit = (json: unknown, file: string): IngestedDocument => admitDocument(repairDocument(json).document, file);
  const corpus = acceptedCorpus(admit);
  // The real-world records a load stores too: their references carry real ids, the examples' mostly none.
  const realWorld: IngestedDocument[] = [];
  for (const source of readdirSync(REAL_WORLD, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    for (const { file, json } of readDocuments(`${REAL_WORLD}${source}/`)) {
      for (const record of Array.isArray(json) ? (json as unknown[]) : [json]) {
        try {
          realWorld.push(admit(record, file));
        } catch {
          /* refused by the gate even after repairs: not stored, not indexed */
        }
      }
    }
  }
  const seen = new Set<string>();
  const unique = [...corpus, ...demoDocuments(DEMO_BASE_URL), ...realWorld].filter(
    (d) => !seen.has(d.id) && seen.add(d.id),
  );
  return (dataset = datasetOf(unique));
}

export function datasetOf(documents: readonly IngestedDocument[]): RelationDataset {
  const index = new MemoryReverseLinks();
  const oxigraph = new Store();
  const classes = new Map<string, Set<string>>();
  for (const [docIndex, doc] of documents.entries()) {
    const graph = namedNode(doc.id);
    const names = new Set<string>();
    for (const q of doc.quads) {
      oxigraph.add(oxigraphQuad(q, graph, docIndex));
      if (q.subject.value === doc.id && q.predicate.value === RDF_TYPE) {
        const name = classNamesByIri().get(q.object.value);
        if (name) names.add(name);
      }
    }
    classes.set(doc.id, names);
    index.written(new Map([[linksGraphOf(doc.id), linksQuads(doc.id, reverseLinksOf(doc.id, doc.quads))]]));
  }
  return { documents, index, oxigraph, classes };
}

/** The quad for Oxigraph, in the document's graph, its blank nodes kept apart from other documents'. */
function oxigraphQuad(
  q: IngestedDocument['quads'][number],
  graph: ReturnType<typeof namedNode>,
  docIndex: number,
): import('oxigraph').Quad {
  const term = (t: import('@rdfjs/types').Term): import('oxigraph').Term =>
    t.termType === 'BlankNode' ? blankNode(`d${docIndex}_${t.value}`) : (fromTerm(t) as import('oxigraph').Term);
  return quad(
    term(q.subject) as import('oxigraph').Quad_Subject,
    term(q.predicate) as import('oxigraph').NamedNode,
    term(q.object) as import('oxigraph').Quad_Object,
    graph,
  );
}

/**
 * Every (given entity, hit) pair the relation's SPARQL finds, its `<%current%>` made a variable
 * bound to each candidate in turn (one query, a VALUES block), the hits kept to documents of
 * the classes the relation returns (a hit is an entity with a document here, of the relation's kind).
 */
export function sparqlPairs(
  data: RelationDataset,
  relation: Relation,
  candidates: readonly string[],
  sparql = relation.sparql,
): Set<string> {
  const query = withCurrentVariable(sparql, candidates);
  const pairs = new Set<string>();
  const results = data.oxigraph.query(query, { use_default_graph_as_union: true }) as Array<
    Map<string, import('oxigraph').Term>
  >;
  const [, hitVariable] = projected(sparql);
  for (const row of results) {
    const current = row.get('current')?.value;
    const hit = row.get(hitVariable)?.value;
    if (current === undefined || hit === undefined) continue;
    const classes = data.classes.get(hit);
    if (!classes || !relation.returns.some((c) => classes.has(c))) continue;
    pairs.add(`${current} ${hit}`);
  }
  return pairs;
}

/** Every (given entity, hit) pair the index answers for the relation, for these candidates. */
export async function indexPairs(
  data: RelationDataset,
  relation: Relation,
  candidates: readonly string[],
): Promise<Set<string>> {
  const pairs = new Set<string>();
  for (const current of candidates) {
    const page = await data.index.hits(current, relation.name, 0, Number.MAX_SAFE_INTEGER);
    for (const hit of page.items) pairs.add(`${current} ${hit.id}`);
  }
  return pairs;
}

/** Every IRI that stands as an object in some document, and every document's id: the entities a link could be given on. */
export function candidateEntities(data: RelationDataset): string[] {
  const out = new Set<string>();
  for (const doc of data.documents) {
    out.add(doc.id);
    for (const q of doc.quads)
      if (q.object.termType === 'NamedNode' && q.predicate.value !== RDF_TYPE) out.add(q.object.value);
  }
  return [...out].sort();
}

const PLACEHOLDER = 'urn:x-current:placeholder';

/** The query with `<%current%>` replaced by ?current, bound by a VALUES block, and ?current projected. */
export function withCurrentVariable(sparql: string, candidates: readonly string[]): string {
  const prefixes = Object.entries(QUERY_PREFIXES)
    .map(([p, iri]) => `PREFIX ${p}: <${iri}>`)
    .join('\n');
  const parsed = new SparqlParser().parse(
    `${prefixes}\n${sparql.split('<%current%>').join(`<${PLACEHOLDER}>`)}`,
  ) as SelectQuery;
  const current = { termType: 'Variable', value: 'current' } as unknown as SparqlTerm;
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n.termType === 'NamedNode' && n.value === PLACEHOLDER) return current;
      return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, replace(v)]));
    }
    return node;
  };
  const where = replace(parsed.where) as Pattern[];
  const values: Pattern = {
    type: 'values',
    values: candidates.map((c) => ({ '?current': { termType: 'NamedNode', value: c } })),
  } as unknown as Pattern;
  const variables = [current, ...(parsed.variables as SparqlTerm[])];
  return new SparqlGenerator().stringify({ ...parsed, variables, where: [values, ...where] } as SelectQuery);
}

/** The projected variables' names: [all..., the hit's]. */
function projected(sparql: string): [string[], string] {
  const match = /SELECT\s+(?:DISTINCT\s+)?\?(\w+)/i.exec(sparql);
  if (!match) throw new Error(`no projected variable in ${sparql}`);
  return [[match[1]], match[1]];
}
