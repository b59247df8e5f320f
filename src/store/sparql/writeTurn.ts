/**
 * One order of writes for every service process on one remote store. Each write request is one
 * transaction in the store and carries its own checks, so no process decides from what it read
 * before the request:
 *
 *   1. It takes the store's write turn: it inserts one fixed quad (deleted at its end). Virtuoso
 *      locks a row a transaction inserts until it commits, and a second transaction inserting the
 *      same row waits for that lock (docs.openlinksw.com/virtuoso/locking: row-level locks,
 *      held by "insert, update or delete" until commit; a deadlock is SQLSTATE 40001 and the
 *      request is sent again, SparqlStore). Reads alone would not do: Virtuoso's read committed
 *      reads the state before an uncommitted change without waiting for it (same page,
 *      "Historical Read Committed"). After the wait everything the request reads is committed,
 *      and no other guarded write is under way: the checks below hold until it commits.
 *   2. It claims its first activity number: one quad naming a token of its own goes into that
 *      activity's graph, only if the graph is still empty (and the run's last one too) and
 *      each document it writes is still the version it was made from (its stored digest, or
 *      no document at all).
 *   3. Every other operation of the request is conditional on that claim (its WHERE is the
 *      claim's quad), so when the claim did not happen nothing else does.
 *
 * Whether the claim happened is read back after the request (the token is this request's
 * alone): when it did not, the write lost its place to another process (WriteConflict).
 * A run without an activity (bookkeeping graphs only) takes the turn and is not checked.
 *
 * Guards are written as OPTIONAL + !BOUND after a pattern that matches (the turn's own quad):
 * Virtuoso 7.2 takes `FILTER NOT EXISTS` in a WHERE without another pattern as always true,
 * and a WHERE of OPTIONALs alone on IRIs it has never stored as matching nothing.
 */
import { randomBytes } from 'node:crypto';
import type { PlainQuad } from '../../rdf/terms.js';
import { iri, literal } from '../../rdf/sparqlTerm.js';
import { DIGEST_PREDICATE } from '../../hints/digest.js';
import { hintGraphOf } from '../../hints/Skeleton.js';
import { ACTIVITY_GRAPH_PREFIX, INTERNAL_GRAPH_PREFIX, isInternalGraph } from '../internalGraphs.js';
import { WriteConflict } from '../WriteConflict.js';
import { termText } from './sparqlTerms.js';
import type { Held, Run } from './graphWrites.js';

const TURN_GRAPH = iri(`${INTERNAL_GRAPH_PREFIX}write-turn`);
const TURN = `GRAPH ${TURN_GRAPH} { ${iri(`${INTERNAL_GRAPH_PREFIX}store`)} ${iri(`${INTERNAL_GRAPH_PREFIX}writeTurn`)} "held" }`;
/** Who wrote an activity: the token of the request that claimed its number. */
export const WRITTEN_BY = `${INTERNAL_GRAPH_PREFIX}writtenBy`;

/**
 * The operations that take the turn. The DELETE first: should a failed request have left the
 * quad behind, deleting it locks it as inserting a new one would.
 */
export const TAKE_TURN = `DELETE DATA { ${TURN} } ;\nINSERT DATA { ${TURN} }`;
/** The operation that gives the turn back, last in the request. */
export const GIVE_TURN = `DELETE DATA { ${TURN} }`;

/** What the store must still hold for a write request to apply, and the claim that says it did. */
export interface WriteGuard {
  /** The activity graph the request claims (its first). */
  readonly activity: string;
  readonly token: string;
  /** The operation that claims it, if the checks hold. */
  readonly claim: string;
}

/** The expected digest of each document a write replaces; undefined: the document is not stored. */
export type ExpectedVersions = ReadonlyMap<string, string | undefined>;

/** The claim's quad: the pattern every other operation of the request is conditional on. */
export function heldPattern(guard: Pick<WriteGuard, 'activity' | 'token'>, token = literal(guard.token)): string {
  const activity = iri(guard.activity);
  return `GRAPH ${activity} { ${activity} ${iri(WRITTEN_BY)} ${token} }`;
}

/** The claim as graphWrites conditions a request's operations on it. */
export function heldBy(guard: WriteGuard): Held {
  return {
    pattern: heldPattern(guard),
    binding: { pattern: heldPattern(guard, '?held'), value: literal(guard.token) },
  };
}

/** Whether the claim of `guard` is in the store (read back after its request). */
export function claimQuery(guard: WriteGuard): string {
  return `ASK { ${heldPattern(guard)} }`;
}

/**
 * The guard of a request writing `run`: its first and last new activities (those in `fresh`),
 * and its documents as `current` (read just before) holds them. Undefined when the run records
 * no activity. Throws WriteConflict when a document is not the version `expected` says.
 */
export function guardOf(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  fresh: ReadonlySet<string> | undefined,
  expected: ExpectedVersions | undefined,
): WriteGuard | undefined {
  const activities = run.map(([graph]) => graph).filter((g) => g.startsWith(ACTIVITY_GRAPH_PREFIX) && fresh?.has(g));
  const first = activities[0];
  const last = activities[activities.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const checks = [TURN, ...[first, ...(last === first ? [] : [last])].map((g, i) => emptyGraph(iri(g), `a${i}`))];
  const digests: string[] = [];
  const absent: string[] = [];
  for (const [graph] of run) {
    if (isInternalGraph(graph)) continue;
    const digest = current.get(hintGraphOf(graph))?.find((q) => q[1].v === DIGEST_PREDICATE);
    if (expected?.has(graph) && expected.get(graph) !== digest?.[2].v)
      throw new WriteConflict(`${graph} is no longer the version this write was made from`);
    if (digest) digests.push(`(${iri(hintGraphOf(graph))} ${termText(digest[0])} ${termText(digest[2])})`);
    else if ((current.get(graph) ?? []).length === 0) absent.push(iri(graph));
  }
  // One pattern for all documents, not one each: Virtuoso refuses a WHERE nested as deep as one OPTIONAL per document.
  if (absent.length > 0) checks.push(emptyGraph(`?absent`, 'd', `VALUES ?absent { ${absent.join(' ')} } `));
  if (digests.length > 0)
    checks.push(
      `{ SELECT (COUNT(*) AS ?versions) WHERE { VALUES (?hints ?document ?digest) { ${digests.join(' ')} } ` +
        `GRAPH ?hints { ?document ${iri(DIGEST_PREDICATE)} ?digest } } } FILTER (?versions = ${digests.length})`,
    );
  const token = randomBytes(12).toString('base64url');
  const claim = `INSERT { ${heldPattern({ activity: first, token })} } WHERE { ${checks.join(' ')} }`;
  return { activity: first, token, claim };
}

/** A check that `graph` (SPARQL text: an IRI, or a variable `values` binds) holds nothing; `name`: its variables' own prefix. */
function emptyGraph(graph: string, name: string, values = ''): string {
  return `OPTIONAL { ${values}GRAPH ${graph} { ?${name}s ?${name}p ?${name}o } } FILTER (!BOUND(?${name}s))`;
}
