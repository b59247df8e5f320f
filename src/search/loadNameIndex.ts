/**
 * The name search index built from the store, at start: one query (on a remote store with
 * more rows than it answers at once, one for each part: graphParts.ts) reads, for every entity
 * graph, the entity's classes, `_label`s, and each Name's or Identifier's content (and its statements,
 * classifications' labels and the beginning of its production, creation or birth); the rows are
 * grouped by graph and go through the same derivation as a write (searchableNamesOf). Whatever
 * wrote the documents (this process, a load, an earlier run, another tool), the quads have the names.
 * The merged-away ids' tombstones are read first (one small query): their texts are searched as
 * the labels of the documents they went to (NameIndex.merged).
 */
import type { QuadStore, QueryResult } from '../store/QuadStore.js';
import { quadsByGraph, selectInParts } from '../store/graphParts.js';
import { df, fromPlainTerm, RDF_TYPE, type Quad } from '../rdf/terms.js';
import { iri } from '../rdf/sparqlTerm.js';
import { classNamesByIri } from '../linkedart/kinds.js';
import { NameIndex } from './NameIndex.js';
import { MERGED_INTO, MERGED_NAME } from '../feed/mergedId.js';
import {
  CLASSIFIED_AS,
  CONTENT,
  IDENTIFIED_BY,
  IDENTIFIER_CLASS,
  NAME_CLASS,
  PRIMARY_NAME,
  RDFS_LABEL,
  REFERRED_TO_BY,
  BEGINNINGS,
  TIMESPAN,
  BEGIN_OF_THE_BEGIN,
  searchableNamesOf,
} from './searchableNames.js';

/**
 * Only what searchableNamesOf reads, one row per text: the entity's classes and `_label`s (?p), and
 * each Name's or Identifier's content with its class (?c) and, for a Name, whether it is the
 * primary one. Fewer and narrower rows than the triples themselves: half the time at 100,000 documents.
 *
 * The entity is ?s, compared with ?g as text, and ?s is read back: Virtuoso, read in parts
 * (the FILTER on MD5(?g)), once answered `?g identified_by ?a` with the Names of the time-spans
 * inside the document too, as if ?g as subject were a variable of its own (a CI run gave an
 * activity its Move's date as its name). A row whose ?s is not its graph is never the entity's.
 */
const NAMES_PATTERN = `GRAPH ?g {
  { { ?s ?p ?t . VALUES ?p { ${iri(RDF_TYPE)} ${iri(RDFS_LABEL)} } }
  UNION
  { ?s ${iri(IDENTIFIED_BY)} ?a . ?a ${iri(RDF_TYPE)} ?c . VALUES ?c { ${iri(NAME_CLASS)} ${iri(IDENTIFIER_CLASS)} } ?a ${iri(CONTENT)} ?t .
    OPTIONAL { ?a ${iri(CLASSIFIED_AS)} ?primary . VALUES ?primary { ${iri(PRIMARY_NAME)} } } }
  UNION
  { ?s ?k ?a . VALUES ?k { ${iri(REFERRED_TO_BY)} } ?a ${iri(CONTENT)} ?t . }
  UNION
  { ?s ?k ?a . VALUES ?k { ${iri(CLASSIFIED_AS)} } ?a ${iri(RDFS_LABEL)} ?t . }
  UNION
  { ?s ?k ?a . VALUES ?k { ${BEGINNINGS.map(iri).join(' ')} } ?a ${iri(TIMESPAN)} ?ts . ?ts ${iri(BEGIN_OF_THE_BEGIN)} ?t . } }
  FILTER (STR(?s) = STR(?g))
}`;

/**
 * A remote store cuts an answer at its row limit (Virtuoso's ResultSetMaxRows; the client then
 * refuses it): there, the rows are counted first and read in parts of about this many
 * (graphParts.ts; a part still cut is read again as sixteen). The embedded store has no limit.
 */
const ROWS_PER_PART = 250_000;

export async function loadNameIndex(store: QuadStore, rowsPerPart = ROWS_PER_PART): Promise<NameIndex> {
  const index = new NameIndex();
  await addMerged(index, store);
  // On a remote store, the rows counted first: parts of about rowsPerPart from the start.
  await selectInParts(store, '?g ?s ?p ?a ?c ?t ?primary ?k ?ts', NAMES_PATTERN, rowsPerPart, (result) =>
    addNames(index, result),
  );
  return index;
}

/** The merged-away ids, where each went and the texts it was found by (kept in its tombstone). */
async function addMerged(index: NameIndex, store: QuadStore): Promise<void> {
  const result = await store.query(
    `SELECT ?a ?b ?t WHERE { GRAPH ?g { ?a ${iri(MERGED_INTO)} ?b . ?a ${iri(MERGED_NAME)} ?t } }`,
  );
  if (result.kind !== 'bindings') throw new Error(`reading the merged ids' names got a ${result.kind} answer`);
  const merged = new Map<string, { target: string; texts: string[] }>();
  for (const row of result.rows) {
    if (!row.a || !row.b || !row.t) continue;
    let entry = merged.get(row.a.v);
    if (!entry) merged.set(row.a.v, (entry = { target: row.b.v, texts: [] }));
    entry.texts.push(row.t.v);
  }
  for (const [id, { target, texts }] of merged) index.merged(id, target, texts);
}

/** The rows of a names read (NAMES_PATTERN) into the index, a document at a time. */
export function addNames(index: NameIndex, result: QueryResult): void {
  const byGraph = quadsByGraph(result, (row, g) => {
    // A row of something else in the document (see NAMES_PATTERN): not the entity's own.
    if (row.s?.v !== g.value) return [];
    const text = fromPlainTerm(row.t) as Quad['object'];
    if (row.p) return [df.quad(g, df.namedNode(row.p.v), text, g)];
    const node = fromPlainTerm(row.a) as Quad['subject'];
    if (row.k)
      return statementQuads(g, df.namedNode(row.k.v), node, text, row.ts && (fromPlainTerm(row.ts) as Quad['subject']));
    // The appellation's triples as searchableNamesOf reads them (its own quads, as a write gives them).
    return [
      df.quad(g, df.namedNode(IDENTIFIED_BY), node, g),
      df.quad(node, df.namedNode(RDF_TYPE), df.namedNode(row.c.v), g),
      df.quad(node, df.namedNode(CONTENT), text, g),
      ...(row.primary ? [df.quad(node, df.namedNode(CLASSIFIED_AS), df.namedNode(row.primary.v), g)] : []),
    ];
  });
  // Only documents: a graph whose entity has no Linked Art class is a store's own (Virtuoso's
  // GRAPH ?g reaches its system graphs, e.g. http://localuriqaserver/sparql, typed and labelled).
  const linkedArt = classNamesByIri();
  for (const [id, quads] of byGraph) {
    if (quads.some((q) => q.subject.value === id && q.predicate.value === RDF_TYPE && linkedArt.has(q.object.value)))
      index.replace(searchableNamesOf(id, quads));
  }
}

/** The quads of a statement, classification or dated event row, as searchableNamesOf reads them. */
function statementQuads(
  g: ReturnType<typeof df.namedNode>,
  k: Quad['predicate'],
  node: Quad['subject'],
  text: Quad['object'],
  timespan: Quad['subject'] | undefined,
): Quad[] {
  const link = df.quad(g, k, node, g);
  if (timespan)
    return [
      link,
      df.quad(node, df.namedNode(TIMESPAN), timespan, g),
      df.quad(timespan, df.namedNode(BEGIN_OF_THE_BEGIN), text, g),
    ];
  const p = k.value === CLASSIFIED_AS ? RDFS_LABEL : CONTENT;
  return [link, df.quad(node, df.namedNode(p), text, g)];
}
