/**
 * Which curator a request comes from: its bearer token, compared in constant time with every
 * curator's (as hashes, all of them each time, so neither a token's content, its length nor
 * which curator holds it shows in the timing). The curator's name becomes the write's actor
 * (the change feed's `actor`); a token's scope limits it to reading (403 on a write) or to ids
 * under a prefix (a write outside it: 403 naming the prefix, from the write itself).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Curator } from '../config/curatorTokens.js';
import type { Actor } from '../linkedart/Actor.js';
import { Unauthorized } from './auth.js';
import { HttpError } from './HttpError.js';

/** 403: the token is a curator's, but not one allowed this. */
export class Forbidden extends HttpError {
  constructor(detail: string, extensions: Readonly<Record<string, unknown>> = {}) {
    super(403, 'Forbidden', detail, {}, extensions);
  }
}

export interface CuratorTokens {
  /** The curator whose token the request carries; undefined when it carries none of theirs. */
  curatorOf(req: Request): Curator | undefined;
  /** The actor of a write: 401 without a curator's token, 403 for a token that only reads. */
  writerOf(req: Request): Actor;
}

/** The curators' tokens as a checker; undefined when there is none (the service is read-only). */
export function curatorTokens(curators: readonly Curator[]): CuratorTokens | undefined {
  if (curators.length === 0) return undefined;
  const digests = curators.map((c) => digest(c.token));
  const curatorOf = (req: Request): Curator | undefined => {
    const presented = bearerOf(req);
    if (presented === undefined) return undefined;
    const given = digest(presented);
    let found: Curator | undefined;
    // Every digest compared, the match or not: the time is the same for every token.
    digests.forEach((expected, i) => {
      if (timingSafeEqual(given, expected) && !found) found = curators[i];
    });
    return found;
  };
  return {
    curatorOf,
    writerOf(req) {
      if (req.headers.authorization === undefined)
        throw new Unauthorized('Writes need a curator token: Authorization: Bearer <token>.');
      const curator = curatorOf(req);
      if (!curator) throw new Unauthorized(NOT_A_CURATOR);
      if (curator.scope.kind === 'read')
        throw new Forbidden(
          `The token of ${curator.name} reads only (its scope in --tokens is "read"); it writes nothing.`,
        );
      return {
        type: 'Person',
        name: curator.name,
        ...(curator.scope.kind === 'under' ? { under: curator.scope.prefix } : {}),
      };
    },
  };
}

/** A token that is none of the curators'. */
export const NOT_A_CURATOR = "The bearer token is not the curator token (nor a named curator's).";

/** The token of an `Authorization: Bearer` header; undefined when there is none. */
function bearerOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Each authorised write request's actor, set by the gate in front of its handler (createApp's `guarded`). */
const ACTORS = new WeakMap<Request, Actor>();

export function setActorOf(req: Request, actor: Actor): void {
  ACTORS.set(req, actor);
}

/** Who the write request comes from (undefined: not through the curators' gate). */
export function actorOf(req: Request): Actor | undefined {
  return ACTORS.get(req);
}
