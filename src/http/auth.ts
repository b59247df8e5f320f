/**
 * Writes need the curator's bearer token. Tokens are compared in constant time (as hashes,
 * so neither their content nor their length shows in the timing). A service configured
 * without a token is read-only: its write methods answer 405.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from './HttpError.js';

export class Unauthorized extends HttpError {
  constructor(detail: string) {
    super(401, 'Unauthorized', detail, { 'WWW-Authenticate': 'Bearer realm="linkedart"' });
  }
}

export function tokenChecker(token: string | undefined): ((req: Request) => void) | undefined {
  if (token === undefined) return undefined;
  const expected = digest(token);
  return (req) => {
    const header = req.headers.authorization;
    if (header === undefined) throw new Unauthorized('Writes need the curator token: Authorization: Bearer <token>.');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m || !timingSafeEqual(digest(m[1]), expected))
      throw new Unauthorized('The bearer token is not the curator token.');
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the request passes a token check (a 401 is a no; any other error is thrown on). */
export function passes(check: (req: Request) => void, req: Request): boolean {
  try {
    check(req);
    return true;
  } catch (error) {
    if (error instanceof Unauthorized) return false;
    throw error;
  }
}
