/**
 * A replaceGraphs as SPARQL Update requests. Each request takes a run of whole documents from
 * what the store holds (read just before) to their new triples, in few operations (Virtuoso
 * compiles a request into one statement and gives up on long ones: "Query too large"):
 *
 *   1. DELETE DATA the triples a graph no longer states,
 *   2. INSERT DATA the triples it newly states, into the graph and into the union graph,
 *      with registry entries for graphs that were empty and a DELETE DATA of those that are now,
 *   3. drop from the union graph what was removed and no entity graph states any more: the removed
 *      triples are put in a graph of the request's own and joined from there, then it is emptied.
 *      Not as a VALUES block: Virtuoso plans each VALUES row apart (about 3 ms a row, measured),
 *      and a large document's 465 removed values of 1.5 KB took 29 s in its write request (3.4 s
 *      alone), against 0.75 s joined from a graph.
 *
 * The union graph is the default graph curators' queries see: the set union of the entity
 * graphs, as the embedded store's query replica keeps it (a store's own default graph is
 * the bag of every graph, system and internal graphs included). The registry lists the graphs
 * this service wrote, so listing them never means listing a store's own.
 *
 * A request is one transaction in the store; it is cut only between documents (a graph and its
 * hint graph, adjacent in the map, always travel together).
 */
import { literalKey } from '../../hints/Skeleton.js';
import { fromPlainTerm, type PlainQuad } from '../../rdf/terms.js';
import { documentOfGraph, INTERNAL_GRAPH_PREFIX, isInternalGraph, recordsPreviousDocument } from '../internalGraphs.js';
import { iriText, termText } from './sparqlTerms.js';
import { randomBytes } from 'node:crypto';
import { iri, literal } from '../../rdf/sparqlTerm.js';
import type { Skolemizer } from './storedTerms.js';
import { NQUADS_FIELD, NQUADS_INSERT, nquadsText } from './nquadsInserts.js';

export const UNION_GRAPH = `${INTERNAL_GRAPH_PREFIX}union`;
export const REGISTRY_GRAPH = `${INTERNAL_GRAPH_PREFIX}graphs`;
export const REGISTERED_CLASS = `${INTERNAL_GRAPH_PREFIX}Graph`;
/** Where a request puts the triples it removes, to drop them from the union graph (a name of its own, then emptied). */
export const REMOVED_GRAPH_PREFIX = `${INTERNAL_GRAPH_PREFIX}removed:`;
/** A graph nobody writes: where a curator's query or an update's WHERE naming an internal graph looks (it finds nothing, as on the embedded store). */
export const NO_GRAPH = `${INTERNAL_GRAPH_PREFIX}trial:none`;

/** Spelled out, not `a`: the same text is also an N-Quads line (nquadsInserts.ts). */
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

/** Most triples in one INSERT DATA (Virtuoso fails near 4,990). */
const TRIPLES_PER_INSERT = 4000;

export interface WritePlanOptions {
  /** Most triples (union copies included) a request carries before the next document starts a new one. */
  readonly maxTriples: number;
  /** Most graphs a request replaces. */
  readonly maxGraphs: number;
}

/** A document run: graphs replaced together in one request. */
export type Run = Array<readonly [string, readonly PlainQuad[]]>;

/** The graphs cut into runs of whole documents, each small enough for one request. */
export function planRuns(graphs: ReadonlyMap<string, readonly PlainQuad[]>, options: WritePlanOptions): Run[] {
  const runs: Run[] = [];
  let run: Run = [];
  let triples = 0;
  for (const [graph, quads] of graphs) {
    const previous = run[run.length - 1]?.[0];
    const sameDocument = previous !== undefined && belongTogether(previous, graph);
    if (!sameDocument && run.length > 0 && (triples >= options.maxTriples || run.length >= options.maxGraphs)) {
      runs.push(run);
      run = [];
      triples = 0;
    }
    run.push([graph, quads]);
    triples += quads.length * (isInternalGraph(graph) ? 1 : 2);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A document's graphs (`<id>`, `…hints:<id>`, `…links:<id>`) and the feed's record of its change must not be cut apart. */
function belongTogether(a: string, b: string): boolean {
  return documentOfGraph(a) === documentOfGraph(b) || recordsPreviousDocument(b);
}

/**
 * A quad's triple as SPARQL text, and its identity: the value, as a store keeps it (storedTerms.ts).
 * `byText`: the text is identity enough (nothing stored to compare with: a new graph).
 */
function tripleOf([s, p, o]: PlainQuad, byText = false): { text: string; key: string } {
  const subject = termText(s);
  const predicate = termText(p);
  const text = subject + ' ' + predicate + ' ' + termText(o);
  return { text, key: o.t === 'L' && !byText ? subject + ' ' + predicate + ' ' + literalKey(fromPlainTerm(o)) : text };
}

/**
 * The request that takes the graphs of `run` from `current` (their quads in the store, as read,
 * skolem IRIs and all) to their new quads. Only what differs is deleted and inserted: a
 * Virtuoso killed after committing a request that deleted and re-inserted the same triple
 * came back without it.
 */
export function requestText(run: Run, current: ReadonlyMap<string, readonly PlainQuad[]>, skolem: Skolemizer): string;
/** With `nquads`: the inserts go as N-Quads in a field of their own (nquadsInserts.ts), the update's one operation for them in their place. */
export function requestText(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  skolem: Skolemizer,
  nquads: true,
): WriteRequest;
export function requestText(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  skolem: Skolemizer,
  nquads: boolean,
): string | WriteRequest;
export function requestText(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  skolem: Skolemizer,
  nquads = false,
): string | WriteRequest {
  const removed: Array<[string, string]> = [];
  const added: Array<[string, string]> = [];
  const unionRemoved: string[] = [];
  const unionAdded: string[] = [];
  const registered: string[] = [];
  const unregistered: string[] = [];
  for (const [graph, quads] of run) {
    const entity = !isInternalGraph(graph);
    const g = iriText(graph);
    const before = new Map<string, string>();
    for (const q of current.get(graph) ?? []) {
      const t = tripleOf(q);
      before.set(t.key, t.text);
    }
    const after = new Set<string>();
    for (const [s, p, o, gr] of quads) {
      const t = tripleOf([skolem.term(s, graph), p, skolem.term(o, graph), gr], before.size === 0);
      if (after.has(t.key)) continue;
      after.add(t.key);
      if (before.has(t.key)) continue;
      added.push([g, t.text]);
      if (entity) unionAdded.push(t.text);
    }
    for (const [key, text] of before) {
      if (after.has(key)) continue;
      removed.push([g, text]);
      if (entity) unionRemoved.push(text);
    }
    if (before.size === 0 && after.size > 0) registered.push(g);
    if (before.size > 0 && after.size === 0) unregistered.push(g);
  }
  const ops: string[] = [];
  const data = (verb: 'DELETE' | 'INSERT', block: string) => `${verb} DATA {\n${block}}`;
  for (const block of blocks(removed)) ops.push(data('DELETE', block));
  const inserted = [
    ...added,
    ...unionAdded.map((t): [string, string] => [iri(UNION_GRAPH), t]),
    ...registered.map((g): [string, string] => [iri(REGISTRY_GRAPH), `${g} ${iri(RDF_TYPE)} ${iri(REGISTERED_CLASS)}`]),
  ];
  let fields: Record<string, string> = {};
  if (nquads && inserted.length > 0) {
    ops.push(NQUADS_INSERT);
    fields = { [NQUADS_FIELD]: nquadsText(inserted) };
  } else {
    for (const block of blocks(inserted)) ops.push(data('INSERT', block));
  }
  if (unregistered.length > 0) {
    const entries = `GRAPH ${iri(REGISTRY_GRAPH)} { ${unregistered.map((g) => `${g} a ${iri(REGISTERED_CLASS)} .`).join(' ')} }`;
    ops.push(`DELETE DATA { ${entries} }`);
  }
  // What a graph stopped stating leaves the union unless another graph still states it.
  if (unionRemoved.length > 0) {
    const staged = iri(REMOVED_GRAPH_PREFIX + randomBytes(9).toString('base64url'));
    const union = iri(UNION_GRAPH);
    for (const block of blocks(unionRemoved.map((t): [string, string] => [staged, t]))) ops.push(data('INSERT', block));
    // Only an entity graph keeps a triple in the union: a past version (src/history) holds the
    // triples its document stated then, and the union is of the live documents alone.
    ops.push(
      `DELETE { GRAPH ${union} { ?s ?p ?o } } WHERE { GRAPH ${staged} { ?s ?p ?o } GRAPH ${union} { ?s ?p ?o } ` +
        `FILTER NOT EXISTS { GRAPH ?other { ?s ?p ?o } FILTER (!STRSTARTS(STR(?other), ${literal(INTERNAL_GRAPH_PREFIX)})) } }`,
      `DELETE WHERE { GRAPH ${staged} { ?s ?p ?o } }`,
    );
  }
  return nquads ? { update: ops.join(' ;\n'), fields } : ops.join(' ;\n');
}

/** An update request with the form fields it reads (nquadsInserts.ts). */
export interface WriteRequest {
  readonly update: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** Triples grouped by graph, in blocks of at most TRIPLES_PER_INSERT. */
function blocks(triples: Array<[string, string]>): string[] {
  const out: string[] = [];
  for (let i = 0; i < triples.length; i += TRIPLES_PER_INSERT) {
    let text = '';
    let graph = '';
    for (const [g, t] of triples.slice(i, i + TRIPLES_PER_INSERT)) {
      if (g !== graph) {
        text += (graph ? '}\n' : '') + `GRAPH ${g} {\n`;
        graph = g;
      }
      text += t + ' .\n';
    }
    out.push(text + '}\n');
  }
  return out;
}
