/**
 * Curators' writes of single documents, at their ids: PUT stores a Linked Art JSON-LD
 * document (201 created, 200 replaced or unchanged), checked by the same gate as every
 * write (422 with every problem when refused); DELETE removes one (204). Both honour
 * If-Match / If-None-Match / If-Unmodified-Since (preconditions.ts: 412 when they fail), and a
 * PUT answers the new version's ETag and Last-Modified.
 *
 * Repairs (src/ingest/repairs) are opt-in for a PUT: a curator writing one document should see
 * what the gate thinks of it as written. `Prefer: handling=lenient` (RFC 7240 §4.4; answered with
 * `Preference-Applied`) or `?repair=all` repairs first, relative ids resolved against the PUT's
 * URL (as JSON-LD takes a document's location as its base); the answer lists what was repaired.
 */
import { setCorsHeaders } from './cors.js';
import type { Request, Response } from 'express';
import { DocumentRejected, formatProblem } from '../linkedart/Problem.js';
import type { Representations } from '../service/Representations.js';
import type { DocumentService } from '../service/DocumentService.js';
import { admitDocument } from '../validate/admitDocument.js';
import { entityIdsFor } from './entityIdFor.js';
import { BadRequest, HttpError, NotFound } from './HttpError.js';
import { writePrecondition } from './preconditions.js';
import { bodyText, readBody } from './readBody.js';
import { REPAIR_POLICIES, repairDocument, repairPolicyNamed, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { formatRepair } from '../ingest/repairs/RepairNote.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../ingest/documentLimits.js';
import { refuseOverLimits, refuseTooLarge } from './documentLimitProblems.js';

export interface WriteOptions {
  readonly baseUrl: string;
  readonly maxBodyBytes: number;
  readonly documents: DocumentService;
  /** The validators of what a GET answers, for conditional writes. */
  readonly representations: Representations;
  /** The limits on one document (413 past its size, 422 past its depth or an array's items). */
  readonly documentLimits?: DocumentLimits;
}

const JSON_TYPES = /^application\/(ld\+)?json\s*(;|$)/i;

export function putDocument({ baseUrl, maxBodyBytes, documents, representations, documentLimits = DEFAULT_DOCUMENT_LIMITS }: WriteOptions) {
  const base = new URL(baseUrl);
  return async (req: Request, res: Response): Promise<void> => {
    const id = entityIdsFor(base, req.url)[0]!;
    const type = req.headers['content-type'] ?? '';
    if (!JSON_TYPES.test(type)) {
      throw new HttpError(415, 'Unsupported media type', `PUT takes a Linked Art JSON-LD document (application/ld+json), not ${JSON.stringify(type || '(none)')}.`);
    }
    const buffer = await readBody(req, maxBodyBytes);
    refuseTooLarge(buffer.length, documentLimits, id);
    const body = bodyText(buffer);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new BadRequest(`The body is not JSON: ${(error as Error).message}.`);
    }
    // Before anything walks it (repairs, the gate): those recurse, and a document 100,000 deep would overflow them.
    refuseOverLimits(json, documentLimits, id);
    const lenient = prefersLenient(req.headers['prefer']);
    const repair = lenient ? 'all' : repairAsked(req.url);
    let repairs: string[] = [];
    if (repair === 'all') {
      const repaired = repairDocument(json, { base: id });
      json = repaired.document;
      repairs = repaired.repairs.map(formatRepair);
    }
    if (lenient) res.setHeader('Preference-Applied', 'handling=lenient');
    const given = (json as { id?: unknown } | null)?.id;
    if (typeof given === 'string' && given !== id) {
      throw new BadRequest(`The document's id ${given} is not the id of this URL (${id}); PUT it at its own id.`);
    }
    let admitted;
    try {
      admitted = admitDocument(json, `PUT ${id}`);
    } catch (error) {
      if (!(error instanceof DocumentRejected)) throw error;
      // Refused as written, where repairs were not asked for: say which would apply, and how to ask.
      const offered = repair === 'none' ? repairDocument(json, { base: id }).repairs.map(formatRepair) : [];
      const offer = offered.length ? ` ${offered.length} repair(s) of form would apply (see "repairable"): send \`Prefer: handling=lenient\` or ?repair=all to make them.` : '';
      throw new HttpError(422, 'Unprocessable document', `The document breaks ${error.problems.filter((p) => p.severity === 'Violation').length} rule(s); nothing was stored.${offer}`,
        {}, { id, problems: error.problems, errors: error.problems.map(formatProblem), repairs, ...(offered.length ? { repairable: offered } : {}) });
    }
    const precondition = writePrecondition(req.headers, (stored) => representations.validators(stored, { inWriteTurn: true }));
    const outcome = precondition ? await documents.putIf(admitted, precondition) : await documents.putAll([admitted]);
    const result = outcome.created.length ? 'created' : outcome.replaced.length ? 'replaced' : 'unchanged';
    const answer = Buffer.from(JSON.stringify({ id, result, warnings: admitted.warnings.map(formatProblem), repairs }));
    res.statusCode = result === 'created' ? 201 : 200;
    setCorsHeaders(res);
    if (result === 'created') res.setHeader('Location', id);
    // The new version's validators, so a client can chain conditional edits.
    const stored = await documents.read(id);
    if (stored) {
      const { etag, lastModified } = await representations.validators(stored);
      res.setHeader('ETag', etag);
      if (lastModified !== undefined) res.setHeader('Last-Modified', lastModified);
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', answer.length);
    res.end(answer);
  };
}

/** Whether a `Prefer` header asks for `handling=lenient` (RFC 7240 §4.4: preferences are comma-separated, names case-insensitive). */
export function prefersLenient(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((v) => v.split(',').some((p) => /^\s*handling\s*=\s*"?lenient"?\s*(;|$)/i.test(p)));
}

/** `?repair=` of a PUT: 'none' when absent; a bad value is a 400. */
function repairAsked(url: string): RepairPolicy {
  const query = url.indexOf('?');
  const asked = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('repair');
  if (asked === null) return 'none';
  const policy = repairPolicyNamed(asked);
  if (!policy) throw new BadRequest(`?repair= is one of ${REPAIR_POLICIES.join(', ')}.`);
  return policy;
}

export function deleteDocument({ baseUrl, documents, representations }: WriteOptions) {
  const base = new URL(baseUrl);
  return async (req: Request, res: Response): Promise<void> => {
    const ids = entityIdsFor(base, req.url);
    const precondition = writePrecondition(req.headers, (stored) => representations.validators(stored, { inWriteTurn: true }));
    // The id as written, or escaped otherwise: the one stored (the first, when none is).
    let id = ids[0]!;
    for (const candidate of ids) if (await documents.store.hasGraph(candidate)) { id = candidate; break; }
    if (await documents.delete(id, precondition)) {
      res.statusCode = 204;
      setCorsHeaders(res);
      res.end();
      return;
    }
    throw new NotFound(`No document has the id ${ids[0]}.`);
  };
}
