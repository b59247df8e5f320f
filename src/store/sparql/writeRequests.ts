/**
 * The update requests that take a run of documents (graphWrites.ts) to their new quads: one,
 * or, when its inserts go as N-Quads (nquadsInserts.ts) and the field would pass what the
 * store reads into one string (Virtuoso: 10 MB), the run cut in two between documents, again
 * until each fits. A single document larger than that goes as INSERT DATA text, where the
 * store says what it refuses. (A request the store refuses as too large to compile is cut
 * likewise when it is refused: SparqlStore.)
 */
import type { PlainQuad } from '../../rdf/terms.js';
import { planRuns, requestText, type Run, type WriteRequest } from './graphWrites.js';
import { NQUADS_FIELD } from './nquadsInserts.js';
import type { Skolemizer } from './storedTerms.js';
import type { WriteGuard } from './writeTurn.js';

/** Bytes of N-Quads in one request: below Virtuoso's 10,485,760 for a string, with room for the update's own. */
export const MAX_NQUADS_BYTES = 8_000_000;

/** A request and the run of documents it writes (to cut it again should the store refuse it as too large). */
export interface WriteStep {
  readonly run: Run;
  readonly request: WriteRequest;
  /** What the store must still hold for it to apply (writeTurn.ts); none for a run that records no change. */
  readonly guard?: WriteGuard;
}

/** The guard of a request writing a run (writeTurn.ts guardOf, with what was read). */
export type GuardOf = (run: Run) => WriteGuard | undefined;

export function writeRequests(
  run: Run,
  current: ReadonlyMap<string, readonly PlainQuad[]>,
  skolem: Skolemizer,
  nquads: boolean,
  maxBytes = MAX_NQUADS_BYTES,
  guardOf: GuardOf = () => undefined,
): WriteStep[] {
  const guard = guardOf(run);
  // A guarded request (it records changes) goes as INSERT DATA: Virtuoso's TTLP commits what it
  // parses at once, outside the request's transaction (seen by another request while this one ran,
  // and kept when it is rolled back), so N-Quads would break the request's atomicity.
  if (!nquads || guard) {
    // Activities the store places are inserted by the guard's own operation (placedActivities.ts).
    const data = guard?.placed ? run.filter(([graph]) => !guard.placed!.graphs.has(graph)) : run;
    return [{ run, request: { update: requestText(data, current, skolem), fields: {} }, guard }];
  }
  const request = requestText(run, current, skolem, true);
  const field = request.fields[NQUADS_FIELD];
  if (field === undefined || field.length <= maxBytes / 3 || Buffer.byteLength(field, 'utf8') <= maxBytes)
    return [{ run, request, guard }];
  const parts = halves(run);
  if (parts.length < 2) return [{ run, request: { update: requestText(run, current, skolem), fields: {} }, guard }];
  return parts.flatMap((half) => writeRequests(half, current, skolem, true, maxBytes, guardOf));
}

/** A run cut in two between documents (one part only when it is a single document). */
export function halves(run: Run): Run[] {
  const triples = run.reduce((n, [, quads]) => n + quads.length, 0);
  return planRuns(new Map(run), { maxTriples: Math.ceil(triples / 2), maxGraphs: Number.POSITIVE_INFINITY });
}
