/**
 * A GET that outlasts a publisher's bad moments: a 5xx answer (429 too), a timeout or a network
 * error is tried again after an exponential back-off (1 s, 2 s, 4 s... by default, with jitter so
 * many harvesters do not retry in step); any other answer, 4xx included, is returned for the
 * caller to judge. The body is read inside the attempt, so a body cut off midway is retried too.
 */
import http from 'node:http';
import https from 'node:https';
import { AddressRefused, checkLiteralAddress, guardedLookup, PUBLIC_ONLY, type AddressPolicy } from './addressGuard.js';

export interface RetryOptions {
  /** Attempts after the first (default 5). */
  readonly retries?: number;
  /** The first back-off; each next one doubles it (default 1000 ms). */
  readonly backoffMs?: number;
  /** Time limit of one attempt, body included (default 30000 ms). */
  readonly timeoutMs?: number;
  /** Told of each retry, to say so on the console. */
  readonly onRetry?: (url: string, reason: string, attempt: number, delayMs: number) => void;
  /** Waits between attempts (tests pass one that does not wait). */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly signal?: AbortSignal;
  /** Which addresses may be connected to (default: public ones only; addressGuard.ts). */
  readonly addresses?: AddressPolicy;
  /** The most bytes of a body read, and the flag that sets it (named when a body passes it). */
  readonly limit?: BodyLimit;
  /** Follow redirects (default); false: a redirect is the answer (a merged id's 308 and its `Link`s). */
  readonly followRedirects?: boolean;
}

export interface BodyLimit {
  readonly bytes: number;
  readonly flag: string;
}

export interface Answer {
  readonly status: number;
  /** The URL answered after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
  /** The `Link` header, when the answer has one. */
  readonly link?: string;
}

/** Every attempt failed: the last reason, with how many were made. */
export class RetriesExhausted extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    attempts: number,
  ) {
    super(`${url}: ${reason} (after ${attempts} attempts)`);
    this.name = 'RetriesExhausted';
  }
}

/**
 * An answer refused whatever is tried again: larger than the limit, a redirect loop or to a
 * non-http(s) URL, an address not allowed. `reason` says why without the URL.
 */
export class AnswerRefused extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'AnswerRefused';
  }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits, or stops waiting (rejecting) as soon as the harvest is stopped. */
function abortable(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return wait;
  return new Promise<void>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    if (signal.aborted) {
      stop();
      return;
    }
    signal.addEventListener('abort', stop, { once: true });
    wait.then(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, reject);
  });
}

/** Whether an answer with this status is worth asking again (the server's trouble, not the request's). */
export function isTransient(status: number): boolean {
  return status >= 500 || status === 429;
}

export async function getWithRetries(url: string, accept: string, options: RetryOptions = {}): Promise<Answer> {
  const retries = options.retries ?? 5;
  const backoff = options.backoffMs ?? 1000;
  const sleep = options.sleep ?? sleepFor;
  let reason = '';
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      const response = await getOnce(url, accept, options.timeoutMs ?? 30000, options);
      if (!isTransient(response.status)) return response;
      reason = `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (error instanceof AnswerRefused) throw error;
      if (error instanceof AddressRefused) throw new AnswerRefused(url, error.message);
      // An answer that is not HTTP (headers past Node's 16 KB, garbage): the same next time, not retried.
      const code = (error as Error & { code?: string }).code;
      if (code?.startsWith('HPE_')) throw new AnswerRefused(url, `not a valid HTTP answer (${code}): not asked again`);
      reason = describeFailure(error as Error, options.timeoutMs ?? 30000);
    }
    if (attempt >= retries) throw new RetriesExhausted(url, reason, attempt + 1);
    // Doubling, with up to a quarter more at random.
    const delay = Math.round(backoff * 2 ** attempt * (1 + Math.random() / 4));
    options.onRetry?.(url, reason, attempt + 1, delay);
    await abortable(sleep(delay), options.signal);
  }
}

/** A failed request in words: a timeout, or the network error's code (ECONNREFUSED...). */
function describeFailure(error: Error, timeoutMs: number): string {
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  return (error as Error & { code?: string }).code ?? error.message;
}

// Connections kept open between requests: a harvest asks one publisher for thousands of documents.
// (node:http rather than fetch: fetch's streams cost the harvesting thread about as much as checking.)
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/**
 * One attempt: a GET following redirects, the whole body read within `timeoutMs`. The body is
 * counted as it comes: past the limit (or announced so by content-length) the connection is
 * closed at once, so a publisher's endless answer costs no more than the limit.
 */
function getOnce(
  url: string,
  accept: string,
  timeoutMs: number,
  options: RetryOptions,
): Promise<Answer & { statusText: string }> {
  const { signal, limit } = options;
  const policy = options.addresses ?? PUBLIC_ONLY;
  return new Promise((resolve, reject) => {
    let request: http.ClientRequest | undefined;
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs / 1000} s`);
      error.name = 'TimeoutError';
      request?.destroy(error);
    }, timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const get = (at: string, redirects: number): void => {
      const to = requestTarget(url, at, redirects, policy);
      if (to instanceof AnswerRefused) {
        fail(to);
        return;
      }
      const send = to.target.protocol === 'https:' ? https.get : http.get;
      request = send(
        to.target,
        { agent: to.agent, headers: { accept }, signal, lookup: guardedLookup(to.target, policy) },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (options.followRedirects !== false && REDIRECTS.has(status) && location !== undefined) {
            response.resume();
            if (redirects >= MAX_REDIRECTS) {
              fail(
                new AnswerRefused(url, `more than ${MAX_REDIRECTS} redirects (a redirect loop?): not followed further`),
              );
              return;
            }
            let next: string;
            try {
              next = new URL(location, at).href;
            } catch {
              next = location;
            }
            get(next, redirects + 1);
            return;
          }
          readAnswer(response, at, limit, {
            tooLarge: () => {
              response.destroy();
              request?.destroy();
              fail(new AnswerRefused(url, `response larger than ${limit!.flag} ${limit!.bytes}: not read further`));
            },
            fail,
            done: (answer) => {
              clearTimeout(timer);
              resolve(answer);
            },
          });
        },
      );
      request.on('error', (error) =>
        fail(
          error instanceof AddressRefused
            ? new AnswerRefused(url, `${redirects > 0 ? `redirected to ${at}: ` : ''}${error.message}`)
            : error,
        ),
      );
    };
    get(url, 0);
  });
}

/** Where one request of an attempt at `url` goes (`at`, after `redirects` redirects) and its agent, or why it may not. */
function requestTarget(
  url: string,
  at: string,
  redirects: number,
  policy: AddressPolicy,
): { target: URL; agent: http.Agent } | AnswerRefused {
  let target: URL;
  try {
    target = new URL(at);
  } catch {
    return new AnswerRefused(url, `redirected to ${at}, not a URL: not followed`);
  }
  const agent =
    target.protocol === 'https:' ? agents['https:'] : target.protocol === 'http:' ? agents['http:'] : undefined;
  if (!agent) {
    return redirects === 0
      ? new AnswerRefused(url, 'not an http(s) URL')
      : new AnswerRefused(url, `redirected to ${at}, not an http(s) URL: not followed`);
  }
  try {
    checkLiteralAddress(target, policy);
  } catch (error) {
    return new AnswerRefused(url, `${redirects > 0 ? `redirected to ${at}: ` : ''}${(error as Error).message}`);
  }
  return { target, agent };
}

/**
 * Reads an answer (from `at`) whole: `done` with it, `fail` if it was cut off, or `tooLarge` as
 * soon as its body passes `limit` (or its content-length says it will).
 */
function readAnswer(
  response: http.IncomingMessage,
  at: string,
  limit: BodyLimit | undefined,
  on: {
    readonly tooLarge: () => void;
    readonly fail: (error: Error) => void;
    readonly done: (answer: Answer & { statusText: string }) => void;
  },
): void {
  const announced = Number(response.headers['content-length']);
  if (limit && announced > limit.bytes) {
    on.tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (limit && bytes > limit.bytes) {
      on.tooLarge();
      return;
    }
    chunks.push(chunk);
  });
  response.on('error', on.fail);
  response.on('end', () => {
    if (!response.complete) {
      on.fail(new Error('the answer was cut off'));
      return;
    }
    const header = response.headers.link;
    const link = Array.isArray(header) ? header.join(', ') : header;
    on.done({
      ...(link !== undefined ? { link } : {}),
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      url: at,
      contentType: response.headers['content-type'] ?? '',
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
}
