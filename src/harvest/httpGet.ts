/**
 * A GET that outlasts a publisher's bad moments: a 5xx answer (429 too), a timeout or a network
 * error is tried again after an exponential back-off (1 s, 2 s, 4 s... by default, with jitter so
 * many harvesters do not retry in step); any other answer, 4xx included, is returned for the
 * caller to judge. The body is read inside the attempt, so a body cut off midway is retried too.
 */

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
}

export interface Answer {
  readonly status: number;
  /** The URL answered after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly body: string;
}

/** Every attempt failed: the last reason, with how many were made. */
export class RetriesExhausted extends Error {
  constructor(readonly url: string, readonly reason: string, attempts: number) {
    super(`${url}: ${reason} (after ${attempts} attempts)`);
    this.name = 'RetriesExhausted';
  }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
      const signals = [AbortSignal.timeout(options.timeoutMs ?? 30000), ...(options.signal ? [options.signal] : [])];
      const response = await fetch(url, { headers: { accept }, redirect: 'follow', signal: AbortSignal.any(signals) });
      const body = await response.text();
      if (!isTransient(response.status)) {
        return { status: response.status, url: response.url || url, contentType: response.headers.get('content-type') ?? '', body };
      }
      reason = `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      reason = describeFailure(error as Error, options.timeoutMs ?? 30000);
    }
    if (attempt >= retries) throw new RetriesExhausted(url, reason, attempt + 1);
    // Doubling, with up to a quarter more at random.
    const delay = Math.round(backoff * 2 ** attempt * (1 + Math.random() / 4));
    options.onRetry?.(url, reason, attempt + 1, delay);
    await sleep(delay);
  }
}

/** A failed fetch in words: a timeout, or the network error's own cause (fetch says only "fetch failed"). */
function describeFailure(error: Error, timeoutMs: number): string {
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
