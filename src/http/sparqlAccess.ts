/**
 * Who may use /sparql: updates only with a curator token (as every write: its curator is the
 * update's actor); queries by anyone, unless anonymous queries are switched off, then with the
 * read token or any curator's token (a `read`-scoped one included). Tokens are compared by
 * constant-time checkers and never logged.
 */
import type { Request } from 'express';
import type { Config } from '../config/Config.js';
import type { Actor } from '../linkedart/Actor.js';
import { passes, tokenChecker, Unauthorized } from './auth.js';
import { curatorTokens } from './curatorAuth.js';

export interface SparqlAccess {
  /** Throws Unauthorized (401) unless the request may run a query. */
  checkQuery(req: Request): void;
  /** The curator running an update; throws Unauthorized (401) without a curator token, Forbidden (403) with one that only reads. */
  checkUpdate(req: Request): Actor;
}

export function sparqlAccess(config: Pick<Config, 'curators' | 'readToken' | 'anonymousQueries'>): SparqlAccess {
  const curators = curatorTokens(config.curators);
  const reader = tokenChecker(config.readToken);
  return {
    checkQuery(req) {
      if (config.anonymousQueries) return;
      if (!(reader && passes(reader, req)) && !curators?.curatorOf(req)) {
        throw new Unauthorized(
          req.headers.authorization === undefined
            ? 'SPARQL queries need a token on this service: Authorization: Bearer <read token>.'
            : 'The bearer token is neither the read token nor a curator token.',
        );
      }
    },
    checkUpdate(req) {
      if (!curators)
        throw new Unauthorized(
          'SPARQL Update needs the curator token; this service has none configured (--token), nor named ones (--tokens).',
        );
      if (req.headers.authorization === undefined)
        throw new Unauthorized('SPARQL Update needs the curator token: Authorization: Bearer <token>.');
      return curators.writerOf(req);
    },
  };
}
