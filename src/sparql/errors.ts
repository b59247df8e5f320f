/**
 * What can go wrong with a curator's SPARQL, as typed errors the HTTP layer and the CLI both
 * turn into a clear answer (HTTP status in each class's comment).
 */
import type { Problem } from '../linkedart/Problem.js';

/** 400: the text is not SPARQL 1.1; the message is the parser's, with line and column. */
export class SparqlSyntaxError extends Error {
  override name = 'SparqlSyntaxError';
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/** 400: valid SPARQL this endpoint will not run (SERVICE, LOAD, an update sent as a query, ...). */
export class SparqlRefused extends Error {
  override name = 'SparqlRefused';
}

/** 413: the query or update text is longer than the configured limit. */
export class SparqlTooLarge extends Error {
  override name = 'SparqlTooLarge';
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`The SPARQL text is ${bytes} bytes; the limit is ${limit} bytes (--max-query-kb).`);
  }
}

/** 503: the query ran past the time limit and was stopped. */
export class QueryTimedOut extends Error {
  override name = 'QueryTimedOut';
  constructor(readonly timeoutMs: number) {
    super(`The query ran longer than ${timeoutMs / 1000} s (--query-timeout-s) and was stopped.`);
  }
}

/** 503: SPARQL is still being made ready (the query replicas are seeded at start) and would not be in time. */
export class SparqlNotReady extends Error {
  override name = 'SparqlNotReady';
  constructor(
    readonly retryAfterS: number,
    readonly timeoutMs: number,
  ) {
    super(
      `SPARQL is not ready yet: the query replica is still being filled from the store, about ${retryAfterS} s more, ` +
        `longer than the query time limit (${timeoutMs / 1000} s, --query-timeout-s). Try again then.`,
    );
  }
}

/** 400: the answer would have more rows than allowed; nothing is cut silently. */
export class TooManyRows extends Error {
  override name = 'TooManyRows';
  constructor(
    readonly limit: number,
    what: 'solutions' | 'triples',
  ) {
    super(`The query has more than ${limit} ${what} (--max-rows); add LIMIT (and OFFSET to page through them).`);
  }
}

/** 422: an update that would leave documents breaking the rules; nothing was changed. */
export class UpdateRefused extends Error {
  override name = 'UpdateRefused';
  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}
