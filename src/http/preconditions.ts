/**
 * Conditional writes (RFC 9110 §13): `If-Match`, `If-None-Match` and `If-Unmodified-Since` on
 * PUT and DELETE, so that two curators editing one record cannot overwrite each other
 * silently. The ETag compared is the one of the document's JSON-LD representation (what a
 * GET without Accept answers); the other formats' ETags never match. A failed precondition
 * is 412 naming the current ETag, and nothing is changed. The check runs in the write's own
 * turn (DocumentService.putIf / delete), so of two writes made with the same ETag only one
 * can succeed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Precondition } from '../service/documentWrites.js';
import type { StoredDocument } from '../service/storedDocument.js';
import { HttpError } from './HttpError.js';

/** The validators of the JSON-LD representation of a stored document (its `_links` included), read in the write's turn. */
export type ValidatorsOf = (stored: StoredDocument) => Promise<{ etag: string; lastModified: string | undefined }>;

/** The precondition the request's headers ask for; undefined when they ask none. */
export function writePrecondition(
  headers: IncomingHttpHeaders,
  jsonLdValidators: ValidatorsOf,
): Precondition | undefined {
  const ifMatch = headers['if-match'];
  const ifNoneMatch = headers['if-none-match'];
  const ifUnmodifiedSince = headers['if-unmodified-since'];
  if (ifMatch === undefined && ifNoneMatch === undefined && ifUnmodifiedSince === undefined) return undefined;
  return async (current) => {
    const validators = current && (await jsonLdValidators(current));
    const etag = validators?.etag;
    // §13.2.2: If-Match first; If-Unmodified-Since only without it; then If-None-Match.
    if (ifMatch !== undefined) {
      if (!matches(ifMatch, etag, 'strong')) fail(`If-Match ${ifMatch} does not match`, etag);
    } else if (ifUnmodifiedSince !== undefined && validators?.lastModified !== undefined) {
      const since = Date.parse(ifUnmodifiedSince);
      if (!Number.isNaN(since) && Math.floor(Date.parse(validators.lastModified) / 1000) > Math.floor(since / 1000)) {
        fail(
          `the document was modified (${validators.lastModified}) after If-Unmodified-Since ${ifUnmodifiedSince}`,
          etag,
        );
      }
    }
    if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag, 'weak')) {
      fail(
        ifNoneMatch.trim() === '*'
          ? 'If-None-Match * asks to create, and a document has this id'
          : `If-None-Match ${ifNoneMatch} matches`,
        etag,
      );
    }
  };
}

/** Whether a list of entity tags (or `*`) matches the current ETag (none: no document). */
function matches(header: string, etag: string | undefined, comparison: 'strong' | 'weak'): boolean {
  if (header.trim() === '*') return etag !== undefined;
  if (etag === undefined) return false;
  return header
    .split(',')
    .map((t) => t.trim())
    .some((tag) => {
      if (comparison === 'strong') return !tag.startsWith('W/') && tag === etag;
      return tag.replace(/^W\//, '') === etag.replace(/^W\//, '');
    });
}

function fail(why: string, etag: string | undefined): never {
  const state =
    etag === undefined ? 'no document has this id' : `the current ETag (of the JSON-LD representation) is ${etag}`;
  throw new HttpError(
    412,
    'Precondition failed',
    `${why}: ${state}; nothing was changed.`,
    etag === undefined ? {} : { ETag: etag },
    { currentEtag: etag ?? null },
  );
}
