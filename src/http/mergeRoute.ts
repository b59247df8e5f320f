/**
 * `POST /_merge` with a curator token: merge one document into another, as `linkedart merge`
 * does. The body is JSON, `{"from": A, "to": B, "rewriteReferences": true|false}` (ids as
 * absolute IRIs; rewriteReferences defaults to false). 200 answers what was done: the merged
 * id, where it went, the documents that referred to it and those rewritten. A merge that cannot
 * be made answers 404 (an id with no document), 409 (an id merged already, or into itself), 422
 * (a rewritten reference the gate refuses, every problem listed), 403 (a token whose scope does
 * not hold A or a rewritten document); nothing is written then.
 */
import type { Request, Response } from 'express';
import type { ConformancePolicy } from '../validate/conformance.js';
import { formatProblem } from '../linkedart/Problem.js';
import type { DocumentService } from '../service/DocumentService.js';
import { mergeDocuments } from '../merge/mergeDocuments.js';
import { MergeRefused } from '../merge/MergeRefused.js';
import { actorOf } from './curatorAuth.js';
import { sendUncachedJson } from './jsonAnswer.js';
import { BadRequest, HttpError, NotFound, UnprocessableContent, UnsupportedMediaType } from './HttpError.js';
import { readBody } from './readBody.js';
import { UNNAMED_CURATOR } from '../linkedart/Actor.js';

export const MERGE_PATH = '/_merge';

export interface MergeRouteOptions {
  readonly documents: DocumentService;
  readonly maxBodyBytes: number;
  readonly conformance?: ConformancePolicy;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const KEYS = new Set(['from', 'to', 'rewriteReferences']);

export function mergeRoute({ documents, maxBodyBytes, conformance }: MergeRouteOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const type = req.headers['content-type'] ?? '';
    if (!JSON_TYPE.test(type))
      throw new UnsupportedMediaType(
        `POST ${MERGE_PATH} takes JSON (application/json): {"from": A, "to": B}, not ${JSON.stringify(type || '(none)')}.`,
      );
    const { from, to, rewriteReferences } = mergeAsked(await readBody(req, maxBodyBytes));
    const actor = actorOf(req) ?? UNNAMED_CURATOR;
    const outcome = await mergeDocuments(documents, { from, to, rewriteReferences, actor, conformance }).catch(
      (error: unknown) => {
        throw error instanceof MergeRefused ? refusal(error) : error;
      },
    );
    sendUncachedJson(res, 200, outcome);
  };
}

/** The body read as a merge request; 400 saying what is wrong with it otherwise. */
function mergeAsked(body: Buffer): { from: string; to: string; rewriteReferences: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new BadRequest(`The body is not JSON: ${(error as Error).message}.`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new BadRequest('The body is a JSON object: {"from": A, "to": B, "rewriteReferences": false}.');
  const fields = json as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => !KEYS.has(k));
  if (unknown.length > 0)
    throw new BadRequest(`Unknown member ${JSON.stringify(unknown[0])}; a merge takes from, to and rewriteReferences.`);
  const { from, to, rewriteReferences = false } = fields;
  if (typeof from !== 'string' || typeof to !== 'string')
    throw new BadRequest('"from" and "to" are the two ids, as strings: the id merged away, and the id it becomes.');
  if (typeof rewriteReferences !== 'boolean') throw new BadRequest('"rewriteReferences" is true or false.');
  return { from, to, rewriteReferences };
}

function refusal(error: MergeRefused): HttpError {
  switch (error.reason) {
    case 'notFound':
      return new NotFound(error.message);
    case 'conflict':
      return new HttpError(409, 'Conflict', error.message);
    case 'invalid':
      return new BadRequest(error.message);
    case 'rejected':
      return new UnprocessableContent(
        error.message,
        { problems: error.problems, errors: error.problems.map(formatProblem) },
        'Unprocessable merge',
      );
  }
}
