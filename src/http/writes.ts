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
 * `?dateOrder=ydm` says the source writes year-day-month (repair `date-order`, with the opt-in).
 *
 * The conformance policy is the server's (--conformance) unless the PUT asks for another
 * (`?conformance=report`): under `report` a document whose only Violations are the shapes' is
 * stored with them; the answer lists them and links to its validation report.
 */
import { setCorsHeaders } from './cors.js';
import type { Request, Response } from 'express';
import { formatProblem } from '../linkedart/Problem.js';
import type { Representations } from '../service/Representations.js';
import type { DocumentService } from '../service/DocumentService.js';
import { admitPut, storePut, type PutRefused } from '../service/putDocument.js';
import { entityIdsFor } from './entityIdFor.js';
import { BadRequest, HttpError, NotFound, UnprocessableContent, UnsupportedMediaType } from './HttpError.js';
import { writePrecondition } from './preconditions.js';
import { readBody } from './readBody.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../ingest/documentLimits.js';
import { overLimitsError, refuseTooLarge } from './documentLimitProblems.js';
import { REPAIR_POLICIES, repairPolicyNamed, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../validate/conformance.js';
import { conformanceAsked } from './conformanceParameter.js';
import { urlParams } from './strictParams.js';
import { validationLink } from './validationLink.js';
import { conventionsAsked } from './dateOrderParam.js';
import { actorOf } from './curatorAuth.js';

export interface WriteOptions {
  readonly baseUrl: string;
  readonly maxBodyBytes: number;
  readonly documents: DocumentService;
  /** The validators of what a GET answers, for conditional writes. */
  readonly representations: Representations;
  /** The limits on one document: past its size a 413, past its depth or an array's items a 422. */
  readonly documentLimits?: DocumentLimits;
  /** The server's conformance policy (--conformance): a PUT's, unless it asks for another. */
  readonly conformance?: ConformancePolicy;
}

const JSON_TYPES = /^application\/(ld\+)?json\s*(;|$)/i;

export function putDocument({
  baseUrl,
  maxBodyBytes,
  documents,
  representations,
  documentLimits = DEFAULT_DOCUMENT_LIMITS,
  conformance: serverConformance = DEFAULT_CONFORMANCE,
}: WriteOptions) {
  const base = new URL(baseUrl);
  return async (req: Request, res: Response): Promise<void> => {
    const id = entityIdsFor(base, req.url)[0];
    const type = req.headers['content-type'] ?? '';
    if (!JSON_TYPES.test(type)) {
      throw new UnsupportedMediaType(
        `PUT takes a Linked Art JSON-LD document (application/ld+json), not ${JSON.stringify(type || '(none)')}.`,
      );
    }
    const body = await readBody(req, maxBodyBytes);
    refuseTooLarge(body.length, documentLimits, id);
    const lenient = prefersLenient(req.headers['prefer']);
    const repair = lenient ? 'all' : repairAsked(req.url);
    const conformance = conformanceAsked(urlParams(req.url), serverConformance);
    const conventions = conventionsAsked(queryOf(req.url));
    const checks = { id, repair, limits: documentLimits, conventions, conformance };
    const admitted = await admitPut(representations, body, checks);
    if (lenient && admitted.kind !== 'notJson' && admitted.kind !== 'notUtf8')
      res.setHeader('Preference-Applied', 'handling=lenient');
    if (admitted.kind !== 'admitted') throw refusal(admitted, id);
    const precondition = writePrecondition(req.headers, (stored) =>
      representations.validators(stored, { inWriteTurn: true }),
    );
    const { result, validators } = await storePut(documents, representations, id, admitted, precondition, actorOf(req));
    const { warnings, repairs, violations } = admitted;
    const validation = violations.length > 0 ? validationLink(baseUrl, id) : undefined;
    const answer = Buffer.from(
      JSON.stringify({
        id,
        result,
        warnings,
        repairs,
        ...(validation ? { violations, validation: validation.href } : {}),
      }),
    );
    res.statusCode = result === 'created' ? 201 : 200;
    setCorsHeaders(res);
    if (validation) res.setHeader('Link', validation.header);
    if (result === 'created') res.setHeader('Location', id);
    // The new version's validators, so a client can chain conditional edits.
    if (validators) {
      res.setHeader('ETag', validators.etag);
      if (validators.lastModified !== undefined) res.setHeader('Last-Modified', validators.lastModified);
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', answer.length);
    res.end(answer);
  };
}

/** Why a body was refused, as the HTTP error answered. */
function refusal(verdict: PutRefused, id: string): HttpError {
  switch (verdict.kind) {
    case 'notUtf8':
      return new BadRequest(`The request body is ${verdict.problem}; send it as UTF-8.`);
    case 'notJson':
      return new BadRequest(`The body is not JSON: ${verdict.message}.`);
    case 'overLimits':
      return overLimitsError(verdict.exceeded, id);
    case 'otherId':
      return new BadRequest(
        `The document's id ${verdict.given} is not the id of this URL (${id}); PUT it at its own id.`,
      );
    case 'rejected': {
      const { problems, repairs, repairable } = verdict;
      const offer = repairable.length
        ? ` ${repairable.length} repair(s) of form would apply (see "repairable"): send \`Prefer: handling=lenient\` or ?repair=all to make them.`
        : '';
      return new UnprocessableContent(
        `The document breaks ${problems.filter((p) => p.severity === 'Violation').length} rule(s); nothing was stored.${offer}`,
        { id, problems, errors: problems.map(formatProblem), repairs, ...(repairable.length ? { repairable } : {}) },
        'Unprocessable document',
      );
    }
  }
}

/** Whether a `Prefer` header asks for `handling=lenient` (RFC 7240 §4.4: preferences are comma-separated, names case-insensitive). */
export function prefersLenient(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((v) => v.split(',').some((p) => /^\s*handling\s*=\s*"?lenient"?\s*(;|$)/i.test(p)));
}

/** A PUT's query parameters (none: empty). */
function queryOf(url: string): URLSearchParams {
  const query = url.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
}

/** `?repair=` of a PUT: 'none' when absent; a bad value is a 400. */
function repairAsked(url: string): RepairPolicy {
  const asked = queryOf(url).get('repair');
  if (asked === null) return 'none';
  const policy = repairPolicyNamed(asked);
  if (!policy) throw new BadRequest(`?repair= is one of ${REPAIR_POLICIES.join(', ')}.`);
  return policy;
}

export function deleteDocument({ baseUrl, documents, representations }: WriteOptions) {
  const base = new URL(baseUrl);
  return async (req: Request, res: Response): Promise<void> => {
    const ids = entityIdsFor(base, req.url);
    const precondition = writePrecondition(req.headers, (stored) =>
      representations.validators(stored, { inWriteTurn: true }),
    );
    // The id as written, or escaped otherwise: the one stored (the first, when none is).
    let id = ids[0];
    for (const candidate of ids)
      if (await documents.store.hasGraph(candidate)) {
        id = candidate;
        break;
      }
    if (await documents.delete(id, precondition, actorOf(req))) {
      res.statusCode = 204;
      setCorsHeaders(res);
      res.end();
      return;
    }
    throw new NotFound(`No document has the id ${ids[0]}.`);
  };
}
