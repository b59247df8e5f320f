/**
 * What can go wrong talking to a remote SPARQL store, said so that an operator knows which
 * store, which request and what it answered. Both are 503s to an HTTP client: the service is
 * fine, its store is not.
 */

/** The store could not be reached, or did not answer in time. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
  readonly status = 503;

  static from(url: string, error: unknown): StoreUnavailable {
    const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? 'no answer in time'
        : (e.cause?.code ?? e.cause?.message ?? e.message ?? String(error));
    return new StoreUnavailable(`SPARQL store at ${url} is unavailable: ${why}`, e.name === 'TimeoutError');
  }

  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** The store answered with an error status. */
export class StoreRequestFailed extends Error {
  override name = 'StoreRequestFailed';
  readonly status = 503;

  constructor(
    readonly url: string,
    readonly storeStatus: number,
    readonly body: string,
    sparql: string,
  ) {
    const said = storeMessage(body).replace(/\s+/g, ' ').trim().slice(0, 500);
    super(
      `SPARQL store at ${url} answered ${storeStatus}: ${said || '(no message)'} [request: ${sparql.slice(0, 120).replace(/\s+/g, ' ')}${sparql.length > 120 ? '…' : ''}]`,
    );
  }
}

/**
 * A store's error answer without the request it echoes (Virtuoso: after "SPARQL query:"): what the
 * store said, which no text of the request (an operation's signal state, a document's literal) can say in its stead.
 */
export function storeMessage(body: string): string {
  return body.split('\nSPARQL query:')[0];
}

/** The store cut its answer at its row limit (Virtuoso's ResultSetMaxRows): refused, never taken as the whole answer. */
export class StoreAnswerCut extends StoreRequestFailed {
  override name = 'StoreAnswerCut';

  constructor(url: string, maxRows: string | null, sparql: string) {
    super(
      url,
      200,
      `the answer was cut at the store's row limit (${maxRows} rows; Virtuoso: raise ResultSetMaxRows)`,
      sparql,
    );
  }
}

/** Virtuoso's answer to a transaction chosen as a deadlock's victim (SQLSTATE 40001): nothing of it was done, and it may be sent again. */
export function isDeadlock(error: unknown): error is StoreRequestFailed {
  return error instanceof StoreRequestFailed && /\b40001\b|deadlock/i.test(storeMessage(error.body));
}

/**
 * Times a request the store made a deadlock's victim is sent again, waiting about 20 ms, then twice as
 * long each time (about 5 s in all). Five, with waits the same for every victim, let one write of 40,000
 * fail in the issue-34 target run: four processes starting at once, their write-turn requests made
 * victims together and sent again together (23 victims in those seconds, none after).
 */
export const DEADLOCK_RETRIES = 8;

/** Milliseconds to wait before sending again a request that was a deadlock's victim `attempt` times before: a random half to one and a half of 20 × 2^attempt, so victims of one deadlock do not meet again. */
export function deadlockWait(attempt: number, random: () => number = Math.random): number {
  return Math.round(20 * 2 ** attempt * (0.5 + random()));
}

/** The wait before sending again a request that was a deadlock's victim `attempt` times before (deadlockWait). */
export function deadlockPause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, deadlockWait(attempt)));
}
