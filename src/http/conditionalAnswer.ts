/**
 * An answer with a body and a strong ETag, sent the one way every GET here sends it: 304 with
 * the same headers but Content-Length when the client's copy is current (a 200's only), HEAD
 * answered with GET's headers, and the body's size noted for the access log.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { isNotModified } from './conditional.js';
import { CORS_HEADER_PAIRS } from './cors.js';

/** The headers of an answer: of the 200 (Content-Length included) and of the 304 (the same but Content-Length). */
export interface AnswerHeaders {
  readonly ok: string[];
  readonly notModified: string[];
}

export function answerHeaders(headers: string[], bodyBytes: number): AnswerHeaders {
  return { ok: [...headers, 'Content-Length', String(bodyBytes)], notModified: headers };
}

/** The validators of the body, as its headers say them. */
export interface BodyValidators {
  readonly etag: string;
  readonly lastModified: string | undefined;
}

/** A strong ETag of these bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** `status`: 200, or another answer with a body (e.g. 300 Multiple Choices, a 404 page): only a 200 answers 304. */
export function sendAnswer(
  req: Request,
  res: Response,
  body: Buffer,
  validators: BodyValidators,
  headers: AnswerHeaders,
  status = 200,
): void {
  if (status === 200 && isNotModified(req.headers, validators.etag, validators.lastModified)) {
    res.writeHead(304, headers.notModified);
    res.end();
    return;
  }
  (res.locals as { bodyBytes?: number }).bodyBytes = body.length;
  res.writeHead(status, headers.ok);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export interface OwnBody {
  readonly contentType: string;
  readonly cacheControl: string;
  readonly status?: number;
  /** Headers said right after CORS's (a page's own). */
  readonly lead?: readonly string[];
}

/** A body of the service's own making (a page, a JSON answer): no Last-Modified, varies with Accept. */
export function sendOwnBody(req: Request, res: Response, body: Buffer, own: OwnBody): void {
  const etag = etagOf(body);
  const headers = [
    ...CORS_HEADER_PAIRS,
    ...(own.lead ?? []),
    'Content-Type',
    own.contentType,
    'ETag',
    etag,
    'Cache-Control',
    own.cacheControl,
    'Vary',
    'Accept',
  ];
  sendAnswer(req, res, body, { etag, lastModified: undefined }, answerHeaders(headers, body.length), own.status);
}
