/**
 * Who may use /sparql: updates only with the curator token (as every write); queries by
 * anyone, unless anonymous queries are switched off, then with the read token or the curator
 * token. Tokens are compared by auth.ts's constant-time checker and never logged.
 */
import type { Request } from 'express';
import type { Config } from '../config/Config.js';
import { passes, tokenChecker, Unauthorized } from './auth.js';

export interface SparqlAccess {
  /** Throws Unauthorized (401) unless the request may run a query. */
  checkQuery(req: Request): void;
  /** Throws Unauthorized (401) unless the request carries the curator token. */
  checkUpdate(req: Request): void;
}

type Check = (req: Request) => void;

export function sparqlAccess(config: Pick<Config, 'token' | 'readToken' | 'anonymousQueries'>): SparqlAccess {
  const curator = tokenChecker(config.token);
  const reader = tokenChecker(config.readToken);
  const queryChecks = [reader, curator].filter((c): c is Check => c !== undefined);
  return {
    checkQuery(req) {
      if (config.anonymousQueries) return;
      if (!queryChecks.some((check) => passes(check, req))) {
        throw new Unauthorized(
          req.headers.authorization === undefined
            ? 'SPARQL queries need a token on this service: Authorization: Bearer <read token>.'
            : 'The bearer token is neither the read token nor the curator token.',
        );
      }
    },
    checkUpdate(req) {
      if (!curator)
        throw new Unauthorized('SPARQL Update needs the curator token; this service has none configured (--token).');
      if (!passes(curator, req)) {
        throw new Unauthorized(
          req.headers.authorization === undefined
            ? 'SPARQL Update needs the curator token: Authorization: Bearer <token>.'
            : 'The bearer token is not the curator token.',
        );
      }
    },
  };
}
