/**
 * The change feed's new activities numbered by the store, in the write's own request
 * (SparqlStore.replaceGraphsPlacing): the request's claim takes the first free number at or
 * after the one this process gave its first activity, and its activities are inserted at that
 * number and the ones after it. Two processes writing different documents at once then both
 * succeed, one after the other in the write turn (writeTurn.ts), instead of the second losing its
 * place and making its write again from the start (at four processes, nearly one write in two).
 *
 * Why the number is free and the feed has no gap: the claim runs in the write turn, where no
 * other guarded request is under way, and every request that adds activities is guarded; the
 * feed's numbers 1…n exist and none after n, so the lowest empty graph among the candidates is
 * n + 1 (when the process's number is at most n + 1: its known length is a length the feed had),
 * and the numbers after it are empty too. None of the WINDOW candidates empty (this process knew a
 * feed shorter by WINDOW or more): the claim inserts nothing, the check fails the request
 * (CLAIM_LOST), and the write is made again after the length is found again.
 *
 * Only activity graphs of the plain form are placed (every quad's subject the graph itself, its
 * object no blank node and not the graph): the change feed's (activityGraph.ts). The numbers the
 * activities got are read from the store's answer to the request (placedAnswer.ts), or, where it
 * does not say, back by the claim's token after the request (placesQuery).
 */
import { iri, literal } from '../../rdf/sparqlTerm.js';
import type { SolutionsResult } from '../../sparql/results/readJson.js';
import { ACTIVITY_GRAPH_PREFIX } from '../internalGraphs.js';
import { termText } from './sparqlTerms.js';
import { REGISTERED_CLASS, REGISTRY_GRAPH, type Run } from './graphWrites.js';

/**
 * Candidate numbers a claim looks at, from the one given: more than the activities other processes
 * add between two of this one's writes (one in four at four processes; a process further behind
 * loses its claim once, then finds the length again). Each candidate row costs the write turn:
 * Virtuoso plans the rows apart (64 rows held the turn 30-40 ms of a 40-80 ms write, 16 rows 6 ms,
 * measured with raw requests on the test store).
 *
 * A candidate is taken when its graph states anything of the activity itself (every activity's
 * quads have it as their subject: activityGraph.ts) or the registry lists it (every graph the
 * service wrote: graphWrites.ts); both are index lookups. Any quad of the candidate's graph, as
 * this was first written, Virtuoso reads by scanning in an update's WHERE: the claim grew with the
 * store, 12 → 28 ms from 300 to 1,500 writes of two documents with their history, and at 4
 * processes it held the write turn for most of a write.
 */
const WINDOW = 24;
const INTEGER = iri('http://www.w3.org/2001/XMLSchema#integer');

/** A request's activities as the store places them. */
export interface PlacedActivities {
  /** The activity graphs as given (left out of the request's data: `insert` writes them). */
  readonly graphs: ReadonlySet<string>;
  /** The number given to the first. */
  readonly first: number;
  readonly count: number;
  /** The claim's WHERE part binding ?claimed to the first free candidate (none free: no solution). */
  readonly slot: string;
  /**
   * The operation inserting the activities from ?claimed on (`claimed`: the claim's pattern binding
   * it), and their registry entries; `mark`: a predicate and object (SPARQL text) the first also states.
   */
  insert(claimed: string, mark: string): string;
}

/** The number of activity graph `graph`; undefined when it is not one. */
function numberOf(graph: string): number | undefined {
  if (!graph.startsWith(ACTIVITY_GRAPH_PREFIX)) return undefined;
  const text = graph.slice(ACTIVITY_GRAPH_PREFIX.length);
  return /^[1-9]\d*$/.test(text) ? Number(text) : undefined;
}

/**
 * The activities `names` (in order, graphs of `run`) placed by the store, from `turn` (the write
 * turn's pattern, the anchor Virtuoso needs under an OPTIONAL); undefined when they are not
 * numbered one after another or not of the plain form: they then keep their numbers.
 */
export function placedActivities(run: Run, names: readonly string[], turn: string): PlacedActivities | undefined {
  const first = numberOf(names[0] ?? '');
  if (first === undefined || names.some((name, i) => numberOf(name) !== first + i)) return undefined;
  const quadsOf = new Map(run);
  const rows: string[] = [];
  for (const [i, name] of names.entries()) {
    for (const [s, p, o] of quadsOf.get(name) ?? []) {
      if (s.t !== 'N' || s.v !== name || p.t !== 'N' || o.t === 'B' || (o.t === 'N' && o.v === name)) return undefined;
      rows.push(`(${i} ${termText(p)} ${termText(o)})`);
    }
  }
  const candidates = Array.from({ length: WINDOW }, (_, i) => `(${i} ${iri(ACTIVITY_GRAPH_PREFIX + (first + i))})`);
  const slot =
    `{ SELECT (MIN(?free) AS ?first) WHERE { ${turn} VALUES (?free ?candidate) { ${candidates.join(' ')} } ` +
    `OPTIONAL { GRAPH ?candidate { ?candidate ?cp ?cs } } ` +
    `OPTIONAL { GRAPH ${iri(REGISTRY_GRAPH)} { ?candidate a ?cr } } FILTER (!BOUND(?cs) && !BOUND(?cr)) } } ` +
    // Unbound, CONCAT would make the prefix alone an IRI (Virtuoso does): no candidate free, no solution.
    `FILTER (BOUND(?first)) BIND (IRI(CONCAT(${literal(ACTIVITY_GRAPH_PREFIX)}, STR(${first} + ?first))) AS ?claimed)`;
  return {
    graphs: new Set(names),
    first,
    count: names.length,
    slot,
    insert: (claimed, mark) =>
      `INSERT { GRAPH ?placed { ?placed ?p ?o } GRAPH ${iri(REGISTRY_GRAPH)} { ?placed a ${iri(REGISTERED_CLASS)} } } WHERE { ${claimed} ` +
      `BIND (${INTEGER}(STRAFTER(STR(?claimed), ${literal(ACTIVITY_GRAPH_PREFIX)})) AS ?n) ` +
      `VALUES (?i ?p ?o) { ${rows.join(' ')} (0 ${mark}) } ` +
      `BIND (IRI(CONCAT(${literal(ACTIVITY_GRAPH_PREFIX)}, STR(?n + ?i))) AS ?placed) }`,
  };
}

/** The query reading back, by their claims' tokens, the numbers the store gave each request's first activity (?token ?claimed). */
export function placesQuery(writtenBy: string, tokens: readonly string[]): string {
  return `SELECT ?token ?claimed WHERE { VALUES ?token { ${tokens.map((t) => literal(t)).join(' ')} } GRAPH ?claimed { ?claimed ${iri(writtenBy)} ?token } }`;
}

/**
 * Each placed activity's number as given → as stored, from placesQuery's answer for the requests
 * `placed` (their tokens, and the activities each placed); `known`: first numbers already known by
 * token (read from the requests' own answers, placedAnswer.ts).
 */
export function placesFrom(
  result: SolutionsResult,
  placed: ReadonlyArray<{
    readonly token: string;
    readonly placed?: { readonly first: number; readonly count: number };
  }>,
  known: ReadonlyMap<string, number> = new Map(),
): Map<number, number> {
  const stored = new Map<string, number>(known);
  for (const row of result.kind === 'bindings' ? result.rows : []) {
    const n = numberOf(row.claimed?.v ?? '');
    if (row.token && n !== undefined) stored.set(row.token.v, n);
  }
  const places = new Map<number, number>();
  for (const { token, placed: activities } of placed) {
    const first = stored.get(token);
    if (first === undefined) throw new Error(`the store holds no claim of the write's activities (token ${token})`);
    for (let i = 0; i < (activities?.count ?? 0); i++) places.set(activities!.first + i, first + i);
  }
  return places;
}
