/**
 * Typed HTTP errors: thrown anywhere in a handler, answered as `application/problem+json`
 * (RFC 9457) by the error handler. The detail is a short human sentence naming the problem;
 * extra members (e.g. the formats available) go to `extensions`, extra headers to `headers`.
 */
import type { StoreFull } from '../store/StoreFull.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** 400; a title that names the kind of problem (e.g. 'SPARQL syntax error') and members where one says more. */
export class BadRequest extends HttpError {
  constructor(detail: string, extensions: Readonly<Record<string, unknown>> = {}, title = 'Bad request') {
    super(400, title, detail, {}, extensions);
  }
}

export class NotFound extends HttpError {
  constructor(detail: string) {
    super(404, 'Not found', detail);
  }
}

/** A document that was here and was deleted (its tombstone stands): when, in Last-Modified and `deleted`. */
export class Gone extends HttpError {
  constructor(id: string, deletedAt: Date, headers: Readonly<Record<string, string>> = {}) {
    super(
      410,
      'Gone',
      `The document ${id} was deleted at ${deletedAt.toISOString()}; its Delete activity is in the change feed.`,
      { 'Last-Modified': deletedAt.toUTCString(), ...headers },
      { deleted: deletedAt.toISOString() },
    );
  }
}

export class MethodNotAllowed extends HttpError {
  constructor(method: string, allow: readonly string[]) {
    super(405, 'Method not allowed', `${method} is not supported here; use ${allow.join(', ')}.`, {
      Allow: allow.join(', '),
    });
  }
}

/** 406: nothing matches the Accept header, or (`detail`) the format asked for cannot write this answer. */
export class NotAcceptable extends HttpError {
  constructor(
    accept: string,
    available: readonly string[],
    detail = `Nothing here can be served as ${JSON.stringify(accept)}; available: ${available.join(', ')}.`,
  ) {
    super(406, 'Not acceptable', detail, {}, { available });
  }
}

/**
 * 413: `size` when the body said it (Content-Length); a body sent chunked is refused once past the limit, its size unknown.
 * `detail` and `extensions` where the refusal says more (a SPARQL request, one document larger than the store takes).
 */
export class PayloadTooLarge extends HttpError {
  constructor(
    size: number | undefined,
    limit: number,
    flag = '--max-body-mb',
    detail = `The request body is ${size === undefined ? `over ${limit} bytes (sent without a length, refused once past the limit)` : `${size} bytes`}; ` +
      `the limit is ${limit} bytes (${flag}).`,
    extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(413, 'Payload too large', detail, {}, extensions);
  }
}

/**
 * 507 (RFC 4918 §11.5): the embedded store, or the disk under its data directory, has no room
 * for the write (StoreFull); nothing of it was stored. The members say the limit, how full the store is, and the way beyond.
 */
export class InsufficientStorage extends HttpError {
  constructor(full: StoreFull, extensions: Readonly<Record<string, unknown>> = {}, detail = full.message) {
    const d = full.details;
    super(
      507,
      'Insufficient storage',
      detail,
      {},
      d.limitSetBy === 'disk'
        ? {
            dataDir: d.dataDir,
            limitSetBy: 'the disk',
            availableBytes: d.availableBytes,
            limitBytes: d.limitBytes,
            usedBytes: d.usedBytes,
            neededBytes: d.neededBytes,
            quads: d.quads,
            beyond: `free space in ${d.dataDir}`,
            ...extensions,
          }
        : {
            limitBytes: d.limitBytes,
            limitSetBy: d.limitSetBy === 'max-store-mb' ? '--max-store-mb' : 'the WebAssembly memory (4 GiB)',
            usedBytes: d.usedBytes,
            neededBytes: d.neededBytes,
            quads: d.quads,
            beyond: '--store sparql',
            ...extensions,
          },
    );
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(detail: string) {
    super(503, 'Service unavailable', detail, { 'Retry-After': '1' });
  }
}

/** 415; `accepted` (Accept-Post and a member) where a POST takes a list of types, none where it says nothing more than `detail`. */
export class UnsupportedMediaType extends HttpError {
  constructor(detail: string, accepted?: readonly string[]) {
    super(
      415,
      'Unsupported media type',
      detail,
      accepted ? { 'Accept-Post': accepted.join(', ') } : {},
      accepted ? { accepted } : {},
    );
  }
}

/** 422: well-formed, but refused by the rules; `extensions` carries the problems found. */
export class UnprocessableContent extends HttpError {
  constructor(detail: string, extensions: Readonly<Record<string, unknown>> = {}, title = 'Unprocessable content') {
    super(422, title, detail, {}, extensions);
  }
}
