/**
 * A written document past the limits on one document (src/ingest/documentLimits.ts), as the
 * problem a PUT answers: 413 past its size, 422 past its depth or an array's items. The
 * problem names the limit, what was found, and where, and lists the Problem as a refusal by
 * the gate would (`problems`, `errors`), so a client reads both the same way.
 */
import { formatProblem } from '../linkedart/Problem.js';
import { limitProblem, shapeExceeded, sizeExceeded } from '../ingest/documentLimits.js';
import type { DocumentLimits, LimitExceeded } from '../ingest/documentLimits.js';
import { HttpError } from './HttpError.js';

/** Throws 413 when a body of `bytes` is larger than one document may be. */
export function refuseTooLarge(bytes: number, limits: DocumentLimits, id: string): void {
  const exceeded = sizeExceeded(bytes, limits);
  if (exceeded) throw limitError(413, 'Payload too large', exceeded, id);
}

/** Throws 422 when the parsed document nests too deep or holds too long an array. */
export function refuseOverLimits(json: unknown, limits: DocumentLimits, id: string): void {
  const exceeded = shapeExceeded(json, limits);
  if (exceeded) throw limitError(422, 'Unprocessable document', exceeded, id);
}

/** The 422 of a document found (by admitBody) to nest too deep or hold too long an array. */
export function overLimitsError(exceeded: LimitExceeded, id: string): HttpError {
  return limitError(422, 'Unprocessable document', exceeded, id);
}

function limitError(status: number, title: string, exceeded: LimitExceeded, id: string): HttpError {
  const problem = limitProblem(exceeded, id);
  const where = exceeded.path === '' ? '' : ` at ${exceeded.path}`;
  return new HttpError(
    status,
    title,
    `The document ${id} is refused${where}: ${exceeded.message}; nothing was stored.`,
    {},
    {
      id,
      rule: exceeded.rule,
      limit: exceeded.limit,
      found: exceeded.found,
      path: exceeded.path,
      problems: [problem],
      errors: [formatProblem(problem)],
    },
  );
}
