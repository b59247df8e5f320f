/**
 * One order of writes for every service process on one remote store. Each write request is one
 * transaction in the store and carries its own checks, so no process decides from what it read
 * before the request:
 *
 *   1. It takes the store's write turn: it deletes one fixed quad and inserts it again, and the
 *      quad stays between requests. Virtuoso locks a row a transaction deletes or inserts until it
 *      commits, and a second transaction deleting the same row waits for that lock
 *      (docs.openlinksw.com/virtuoso/locking: row-level locks, held by "insert, update or delete"
 *      until commit; a deadlock is SQLSTATE 40001 and the request is sent again, SparqlStore).
 *      The quad is kept, not deleted at the request's end: deleting a row that is there locks it
 *      at once, where two requests deleting an absent one and then both inserting it could
 *      deadlock (seen at 4 processes: the victims were the turn's own operations). Where it is
 *      absent all the same (a new store, or one Virtuoso lost on a crash: it has come back
 *      without a triple a request deleted and inserted again), the first request inserts it, as
 *      every request did before. Reads alone would not do: Virtuoso's read committed
 *      reads the state before an uncommitted change without waiting for it (same page,
 *      "Historical Read Committed"). After the wait everything the request reads is committed,
 *      and no other guarded write is under way: the checks below hold until it commits.
 *   2. It claims its first activity number: one quad naming the number and a token of its own
 *      goes into the claims graph, only if the activity's graph is still empty (and the run's
 *      last one too) and each document it writes is still the version it was made from (its
 *      stored digest, or no document at all). A service's own writes let the store pick the
 *      number (the first free one from the number given, placedActivities.ts): then only a
 *      document's version can make the claim fail.
 *   3. The next operation fails the request when the claim is not there (`bif:signal`, with a
 *      state of our own, CLAIM_LOST), before any of its DELETE/INSERT DATA: Virtuoso keeps
 *      the operations of a request before the one that fails (the turn's quad, the claim
 *      attempt that inserted nothing) and runs none after it. The data operations stay DATA:
 *      conditional templates (`INSERT {…} WHERE {claim}`) are compiled into SQL, and a large
 *      document's passed Virtuoso's limits (SP031, 10,000 lines of SQL; SQ199, a 32 KB code
 *      vector), where INSERT DATA takes it.
 *   4. Its last operation empties the claims graph again (so does its first, after the turn is
 *      taken: a claim a failed request left, or this request's own when it is sent again after a
 *      deadlock with the same token).
 *
 * The claim is never in the activity's own graph: a request that fails after its claim (Virtuoso
 * keeps what ran before the failing operation) would leave the number taken without its activity,
 * an activity graph the feed's readers cannot read (its length counts it, its pages and followers
 * stop at it). Left in the claims graph, such a claim takes no number: the activity graph stays
 * empty, free for the next write. The activities the store places carry the claim's token in their
 * first graph, inserted with them in one operation (their numbers read from the store's answer,
 * placedAnswer.ts, or back by the token, placesQuery).
 *
 * A request answered without that error held its claim (the token is this request's alone);
 * one answered with it lost its place to another process (ClaimLost → WriteConflict).
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
import { storeMessage } from './errors.js';
import { termText } from './sparqlTerms.js';
import type { Run } from './graphWrites.js';
import { placedActivities, type PlacedActivities } from './placedActivities.js';

const TURN_GRAPH = iri(`${INTERNAL_GRAPH_PREFIX}write-turn`);
const TURN = `GRAPH ${TURN_GRAPH} { ${iri(`${INTERNAL_GRAPH_PREFIX}store`)} ${iri(`${INTERNAL_GRAPH_PREFIX}writeTurn`)} "held" }`;
/** Who wrote an activity: the token of the request that claimed its number. */
export const WRITTEN_BY = `${INTERNAL_GRAPH_PREFIX}writtenBy`;
/** Where a request's claim is while the request runs (<activity> WRITTEN_BY "token"). */
const CLAIMS_GRAPH = iri(`${INTERNAL_GRAPH_PREFIX}claims`);

/**
 * The operations that take the turn: the DELETE locks the quad (there since the last request), the
 * INSERT puts it back for the next one, in this request's transaction. The turn is given back when
 * the request commits or fails.
 */
export const TAKE_TURN = `DELETE DATA { ${TURN} } ;\nINSERT DATA { ${TURN} }`;

/** What the store must still hold for a write request to apply, and the claim that says it did. */
export interface WriteGuard {
  /** The activity graph the request claims (its first). */
  readonly activity: string;
  readonly token: string;
  /** The operation that claims it, if the checks hold. */
  readonly claim: string;
  /** The operation that fails the request when the claim did not happen (CLAIM_LOST). */
  readonly check: string;
  /** The operation that empties the claims graph (first and last in the request). */
  readonly release: string;
  /** Its activities as the store numbers them (placedActivities.ts), with the operation that inserts them; none: they keep their numbers. */
  readonly placed?: PlacedActivities & { readonly insertion: string };
}

/** The SQL state the check signals (a class of our own: not a deadlock's 40001, which is retried). */
export const CLAIM_LOST = 'LAC01';
const CLAIM_LOST_SAID = new RegExp(`\\b${CLAIM_LOST}\\b`);

/** A guarded request's check failed: another process took its place first; nothing after the claim was stored. */
export class ClaimLost extends Error {
  override name = 'ClaimLost';

  constructor(readonly guard: WriteGuard) {
    super(`the change feed's place ${guard.activity} or a document's version was taken`);
  }
}

/**
 * Whether a store's error body is the check's signal: in its message, not in the request it echoes
 * (every guarded request's text names CLAIM_LOST: a request failing for another reason after its
 * claim was taken as a lost claim, and made again while its claim stood).
 */
export function isClaimLost(body: string): boolean {
  return CLAIM_LOST_SAID.test(storeMessage(body));
}

/** The expected digest of each document a write replaces; undefined: the document is not stored. */
export type ExpectedVersions = ReadonlyMap<string, string | undefined>;

/** The claim's quad: the pattern every other operation of the request is conditional on. `activity`: an IRI, or a variable (a placed claim's ?claimed). */
export function heldPattern(guard: Pick<WriteGuard, 'activity' | 'token'>, token = literal(guard.token)): string {
  const activity = guard.activity.startsWith('?') ? guard.activity : iri(guard.activity);
  return `GRAPH ${CLAIMS_GRAPH} { ${activity} ${iri(WRITTEN_BY)} ${token} }`;
}

/**
 * The operation emptying the claims graph. Run in the turn, where no other guarded request is under
 * way: any claim there is this request's, or one a failed request left.
 */
const RELEASE = (() => {
  const claims = `GRAPH ${CLAIMS_GRAPH} { ?claim ${iri(WRITTEN_BY)} ?token }`;
  return `DELETE { ${claims} } WHERE { ${claims} }`;
})();

/**
 * The guard of a request writing `run`: its first and last new activities (those in `fresh`),
 * and its documents as `current` (read just before) holds them. Undefined when the run records
 * no activity. Throws WriteConflict when a document is not the version `expected` says.
 * `placing`: its activities take the first free numbers in the store (placedActivities.ts), not
 * the ones given, where they are of the plain form.
 */
export function guardOf(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  fresh: ReadonlySet<string> | undefined,
  expected: ExpectedVersions | undefined,
  placing = false,
): WriteGuard | undefined {
  const activities = run.map(([graph]) => graph).filter((g) => g.startsWith(ACTIVITY_GRAPH_PREFIX) && fresh?.has(g));
  const first = activities[0];
  const last = activities[activities.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const placed = placing ? placedActivities(run, activities, TURN) : undefined;
  const checks = [TURN];
  if (!placed) checks.push(...[first, ...(last === first ? [] : [last])].map((g, i) => emptyGraph(iri(g), `a${i}`)));
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
  // One pattern for all documents, not one each: Virtuoso refuses a WHERE nested as deep as one OPTIONAL per
  // document. A count, not OPTIONAL + !BOUND: Virtuoso 7.2 answers `OPTIONAL { VALUES ?g {…} GRAPH ?g {…} }`
  // with an empty solution even where a graph is stored, which let two processes both create one document.
  if (absent.length > 0)
    checks.push(
      `{ SELECT (COUNT(*) AS ?present) WHERE { { SELECT ?absent WHERE { VALUES ?absent { ${absent.join(' ')} } ` +
        `GRAPH ?absent { ?ds ?dp ?do } } LIMIT 1 } } } FILTER (?present = 0)`,
    );
  if (digests.length > 0)
    checks.push(
      `{ SELECT (COUNT(*) AS ?versions) WHERE { VALUES (?hints ?document ?digest) { ${digests.join(' ')} } ` +
        `GRAPH ?hints { ?document ${iri(DIGEST_PREDICATE)} ?digest } } } FILTER (?versions = ${digests.length})`,
    );
  const token = randomBytes(12).toString('base64url');
  if (placed) {
    const claimed = heldPattern({ activity: '?claimed', token });
    return {
      activity: first,
      token,
      claim: `INSERT { ${claimed} } WHERE { ${checks.join(' ')} ${placed.slot} }`,
      check: claimCheck('?claimed', token),
      release: RELEASE,
      placed: { ...placed, insertion: placed.insert(claimed, `${iri(WRITTEN_BY)} ${literal(token)}`) },
    };
  }
  const claim = `INSERT { ${heldPattern({ activity: first, token })} } WHERE { ${checks.join(' ')} }`;
  return { activity: first, token, claim, check: claimCheck(first, token), release: RELEASE };
}

/**
 * The operation that signals CLAIM_LOST unless this request's claim is in the store. It inserts
 * nothing (its FILTER never holds); the turn's quad (inserted by this request) is the pattern
 * the OPTIONAL hangs on, and IF calls the signal only when the claim is missing.
 */
function claimCheck(activity: string, token: string): string {
  const nowhere = iri(`${INTERNAL_GRAPH_PREFIX}check:none`);
  const lost = `bif:signal(${literal(CLAIM_LOST)}, ${literal(`linkedart: the claim of ${activity} did not hold`)})`;
  // A placed claim (?claimed) is found by its token, in whichever activity graph the store gave it.
  const [held, holds] = activity.startsWith('?')
    ? [heldPattern({ activity, token }), `BOUND(${activity})`]
    : [heldPattern({ activity, token }, '?held'), `BOUND(?held) && ?held = ${literal(token)}`];
  return (
    `INSERT { GRAPH ${nowhere} { ${nowhere} ${nowhere} ?checked } } WHERE { ${TURN} ` +
    `OPTIONAL { ${held} } ` +
    `BIND (IF(${holds}, ${literal('held')}, ${lost}) AS ?checked) ` +
    `FILTER (?checked = ${literal('never')}) }`
  );
}

/** A check that `graph` (an IRI, as SPARQL text) holds nothing; `name`: its variables' own prefix. */
function emptyGraph(graph: string, name: string): string {
  return `OPTIONAL { GRAPH ${graph} { ?${name}s ?${name}p ?${name}o } } FILTER (!BOUND(?${name}s))`;
}

/**
 * A request's text as sent in the write turn (after TAKE_TURN): the claims graph emptied, its claim
 * and the claim's check, `update` (its data), the placed activities and the claims graph emptied
 * again.
 */
export function guardedText(guard: WriteGuard | undefined, update: string): string {
  return [guard?.release, guard?.claim, guard?.check, update, guard?.placed?.insertion, guard?.release]
    .filter((op) => op !== undefined && op !== '')
    .join(' ;\n');
}
