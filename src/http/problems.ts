/**
 * Errors as `application/problem+json` (RFC 9457). Anything that is not an HttpError is a
 * 500 whose answer says nothing of the cause (no stack, no message): the log has it.
 */
import { setCorsHeaders } from './cors.js';
import type { Response } from 'express';
import { HttpError, InsufficientStorage, PayloadTooLarge } from './HttpError.js';
import { StoreFull } from '../store/StoreFull.js';
import { StoreWriteTooLarge } from '../store/StoreWriteTooLarge.js';
import { StoreFailed } from '../store/StoreFailed.js';
import { OutsideScope } from '../linkedart/Actor.js';
import { Forbidden } from './curatorAuth.js';
import { WriteConflict } from '../store/WriteConflict.js';
import { StoreRequestFailed, StoreUnavailable } from '../store/sparql/errors.js';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export function sendProblem(res: Response, error: HttpError): void {
  const body = Buffer.from(
    JSON.stringify({
      type: 'about:blank',
      title: error.title,
      status: error.status,
      detail: error.message,
      ...error.extensions,
    }),
  );
  res.status(error.status);
  setCorsHeaders(res);
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', PROBLEM_MEDIA_TYPE);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  // JSON, never sniffed as something a browser would run or render.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The HttpError to answer for anything thrown (a write the store or its disk has no room for: 507; a store that failed, did not answer, or whose writers kept conflicting: 503). */
export function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof StoreFull) return new InsufficientStorage(error);
  // A scoped token's write naming an id outside its prefix: nothing was written.
  if (error instanceof OutsideScope)
    return new Forbidden(`${error.message}; nothing was written.`, {
      under: error.actor.under,
      ids: error.ids.slice(0, 100),
    });
  // One document larger than the remote store takes in one request: its size is refused (the detail says the store's limit, so no limit is given).
  if (error instanceof StoreWriteTooLarge)
    return new PayloadTooLarge(
      error.requestBytes,
      Number.NaN,
      undefined,
      `${error.message[0].toUpperCase()}${error.message.slice(1)}.`,
      { documents: error.documents, requestBytes: error.requestBytes },
    );
  // The store must be reopened: no request goes through until the service restarts (/ready says so too).
  if (error instanceof StoreFailed)
    return new HttpError(503, 'Service unavailable', `${error.message}; restart the service.`);
  // Other processes on the same store kept writing these documents first, past every retry: nothing was stored.
  if (error instanceof WriteConflict)
    return new HttpError(
      503,
      'Service unavailable',
      'Other service processes kept writing the same documents first; nothing of this write was stored. Try again.',
      { 'Retry-After': '1' },
    );
  // The remote store did not answer, or refused: the service is fine, its store is not (which store, and what it said, is logged, not told).
  if (error instanceof StoreUnavailable || error instanceof StoreRequestFailed)
    return new HttpError(503, 'Service unavailable', 'The store did not answer; try again shortly.', {
      'Retry-After': '5',
    });
  return new HttpError(500, 'Internal error', 'The request could not be answered; the error has been logged.');
}
