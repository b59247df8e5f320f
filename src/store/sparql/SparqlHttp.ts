/**
 * The SPARQL 1.1 Protocol, as a client, written for what stores actually accept (Virtuoso 7
 * most of all, as measured against Debian's Virtuoso 7): queries and updates are always POSTed
 * form-encoded (Virtuoso hangs on `application/sparql-query`), always with a Content-Length
 * (a chunked body is silently dropped), always with an Accept (its defaults are XML and
 * Turtle). Credentials go as the store's challenge asks: Digest (Virtuoso's /sparql-auth) or Basic.
 */
import { digestAuthorization, parseDigestChallenge, type DigestChallenge } from './digestAuth.js';
import {
  deadlockPause,
  DEADLOCK_RETRIES,
  isDeadlock,
  StoreAnswerCut,
  StoreRequestFailed,
  StoreUnavailable,
} from './errors.js';
import { multipartForm, type MultipartForm } from './multipartForm.js';

export interface SparqlEndpoints {
  /** Where queries go. */
  readonly queryUrl: string;
  /** Where updates go (default: the query URL). */
  readonly updateUrl?: string;
  readonly user?: string;
  readonly password?: string;
  /** Give up on a request of the service's own after this long (default 60 s). */
  readonly requestTimeoutMs?: number;
}

export interface SparqlDataset {
  readonly defaultGraphs?: readonly string[];
  readonly namedGraphs?: readonly string[];
}

/** A connection closed under a request (undici's code, or the system's). */
const SOCKET_CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
/** Tries of a query whose connection turned out closed (post). */
const CLOSED_SOCKET_TRIES = 4;

export class SparqlHttp {
  private challenge: DigestChallenge | undefined;
  /** The store asked for Basic: send it with every request from now on. */
  private basic = false;
  private nonceCount = 0;

  constructor(readonly endpoints: SparqlEndpoints) {}

  /**
   * The body of a query's answer in the `accept` format. `timeoutMs` also asks the store to stop
   * by then (Virtuoso's `timeout` parameter, ignored by stores without one). A store that cut the
   * answer short (Virtuoso's ResultSetMaxRows, or its timeout's partial "anytime" answer) is an
   * error, never a shorter answer.
   */
  async query(
    sparql: string,
    accept: string,
    options: { dataset?: SparqlDataset; timeoutMs?: number } = {},
  ): Promise<string> {
    const form = new URLSearchParams({ query: sparql });
    for (const g of options.dataset?.defaultGraphs ?? []) form.append('default-graph-uri', g);
    for (const g of options.dataset?.namedGraphs ?? []) form.append('named-graph-uri', g);
    if (options.timeoutMs !== undefined) form.append('timeout', String(options.timeoutMs));
    // The client waits a little longer than the store was asked to, so the store's own answer wins.
    const post = () =>
      this.post(this.endpoints.queryUrl, form, accept, options.timeoutMs && options.timeoutMs + 2000, sparql, true);
    // Virtuoso can make even a read a deadlock's victim (40001, "Transaction deadlocked", seen with four
    // processes writing): a read changed nothing, and is sent again.
    let answer: Awaited<ReturnType<typeof post>>;
    for (let attempt = 0; ; attempt++) {
      try {
        answer = await post();
        break;
      } catch (error) {
        if (!isDeadlock(error) || attempt >= DEADLOCK_RETRIES) throw error;
        await deadlockPause(attempt);
      }
    }
    const { text, headers } = answer;
    const state = headers.get('x-sql-state');
    if (state === 'S1TAT')
      throw new StoreUnavailable(
        `SPARQL store at ${this.endpoints.queryUrl} stopped the query at its time limit`,
        true,
      );
    if (headers.has('x-sparql-maxrows')) {
      throw new StoreAnswerCut(this.endpoints.queryUrl, headers.get('x-sparql-maxrows'), sparql);
    }
    return text;
  }

  /**
   * Runs an update; resolves with the store's answer once it has answered 2xx (Virtuoso says what
   * each operation did: placedAnswer.ts). `fields`: more form fields the
   * update reads (nquadsInserts.ts), sent as multipart/form-data: megabytes of quads are not
   * percent-encoded (three bytes for each `<`, `/`, `:`) only to be decoded again.
   */
  async update(sparql: string, timeoutMs?: number, fields: Readonly<Record<string, string>> = {}): Promise<string> {
    const url = this.endpoints.updateUrl ?? this.endpoints.queryUrl;
    const accept = 'application/json, text/plain;q=0.5, */*;q=0.1';
    const form =
      Object.keys(fields).length === 0
        ? new URLSearchParams({ update: sparql })
        : multipartForm({ update: sparql, ...fields });
    return (await this.post(url, form, accept, timeoutMs, sparql)).text;
  }

  /** `idempotent`: a query, sent once more when a kept-alive connection turns out closed (below). */
  private async post(
    url: string,
    form: URLSearchParams | MultipartForm,
    accept: string,
    timeoutMs: number | undefined,
    sparql: string,
    idempotent = false,
  ): Promise<{ text: string; headers: Headers }> {
    const body = form instanceof URLSearchParams ? Buffer.from(form.toString(), 'utf8') : form.body;
    const send = (authorization?: string): Promise<Response> => {
      const headers: Record<string, string> = {
        'content-type':
          form instanceof URLSearchParams ? 'application/x-www-form-urlencoded; charset=utf-8' : form.contentType,
        'content-length': String(body.length),
        accept,
      };
      if (authorization) headers.authorization = authorization;
      return fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs ?? this.endpoints.requestTimeoutMs ?? 60_000),
      });
    };
    let response: Response;
    try {
      // A connection kept alive past the store's KeepAliveTimeout (Virtuoso: 10 s), or across a
      // restart of the store, can be closed as it is reused, before any answer: a query is sent
      // again on another. Each closed one leaves the pool as it fails; a store restarted under a
      // busy client leaves several, so a few tries, not one.
      for (let attempt = 1; ; attempt++) {
        try {
          response = await send(this.authorization('POST', url));
          break;
        } catch (error) {
          const closed = SOCKET_CLOSED.has((error as { cause?: { code?: string } }).cause?.code ?? '');
          if (!idempotent || !closed || attempt >= CLOSED_SOCKET_TRIES) throw error;
        }
      }
      // Credentials go as the store asks (first contact, or a Digest nonce gone stale): answered once.
      if (response.status === 401 && this.endpoints.user !== undefined) {
        const asked = response.headers.get('www-authenticate') ?? '';
        const challenge = parseDigestChallenge(asked);
        if (challenge || (/^\s*Basic\b/i.test(asked) && !this.basic)) {
          await response.body?.cancel();
          if (challenge) {
            this.challenge = challenge;
            this.nonceCount = 0;
          } else this.basic = true;
          response = await send(this.authorization('POST', url));
        }
      }
    } catch (error) {
      throw StoreUnavailable.from(url, error);
    }
    const text = await response.text().catch((error: unknown) => {
      throw StoreUnavailable.from(url, error);
    });
    if (!response.ok) throw new StoreRequestFailed(url, response.status, text, sparql);
    return { text, headers: response.headers };
  }

  private authorization(method: string, url: string): string | undefined {
    const { user, password } = this.endpoints;
    if (user === undefined) return undefined;
    if (this.challenge)
      return digestAuthorization(
        this.challenge,
        { user, password: password ?? '' },
        method,
        new URL(url).pathname,
        ++this.nonceCount,
      );
    // Nothing before the store asks: Virtuoso refuses a Digest answer after an unasked-for Basic.
    return this.basic ? 'Basic ' + Buffer.from(`${user}:${password ?? ''}`).toString('base64') : undefined;
  }
}
