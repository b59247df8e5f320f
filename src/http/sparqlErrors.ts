/**
 * The SPARQL layer's typed errors (src/sparql/errors.ts) as the HTTP answers the protocol
 * expects: 400 for what the client must change, 413 for size, 503 for a query stopped at the
 * time limit or SPARQL not ready yet (with Retry-After), 422 for an update the rules refuse (with every problem, as PUT lists them).
 */
import { formatProblem } from '../linkedart/Problem.js';
import {
  QueryTimedOut,
  SparqlNotReady,
  SparqlRefused,
  SparqlSyntaxError,
  SparqlTooLarge,
  TooManyRows,
  UpdateRefused,
} from '../sparql/errors.js';
import { BadRequest, HttpError, PayloadTooLarge, UnprocessableContent } from './HttpError.js';

/** After a timeout, how long a client should wait before trying again (seconds). */
const RETRY_AFTER_TIMEOUT = '5';

/** What `work` gives, a SPARQL error thrown by it turned into its HttpError. */
export async function answeringSparqlErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw sparqlHttpError(error);
  }
}

/** The HttpError for a SPARQL error; anything else is returned as it is. */
export function sparqlHttpError(error: unknown): unknown {
  if (error instanceof SparqlSyntaxError) {
    const position =
      error.line === undefined
        ? {}
        : { line: error.line, ...(error.column === undefined ? {} : { column: error.column }) };
    return new BadRequest(error.message, position, 'SPARQL syntax error');
  }
  if (error instanceof SparqlRefused) return new BadRequest(error.message, {}, 'SPARQL refused');
  if (error instanceof TooManyRows) return new BadRequest(error.message, { limit: error.limit }, 'Too many results');
  if (error instanceof SparqlTooLarge)
    return new PayloadTooLarge(undefined, error.limit, undefined, error.message, { limit: error.limit });
  if (error instanceof QueryTimedOut)
    return new HttpError(503, 'Query timed out', error.message, { 'Retry-After': RETRY_AFTER_TIMEOUT });
  if (error instanceof SparqlNotReady)
    return new HttpError(
      503,
      'SPARQL not ready',
      error.message,
      { 'Retry-After': String(error.retryAfterS) },
      { retryAfter: error.retryAfterS },
    );
  if (error instanceof UpdateRefused) {
    return new UnprocessableContent(error.message, {
      problems: error.problems,
      errors: error.problems.map((p) => (p.document ? `${p.document}: ` : '') + formatProblem(p)),
    });
  }
  return error;
}
