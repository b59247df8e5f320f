/**
 * `GET /_validation?id=…`: the validation report of a stored document, the violations of the
 * shapes it was stored with under the `report` conformance policy, in the Problem format (JSON;
 * a page for a browser). 404 when no document has the id. A stored document that conforms
 * answers 200 with an empty report (`conforms: true`): the report of a document exists as long
 * as the document does, and "nothing to fix" is its true content, so a client checking after a
 * fix reads success, not an error it must tell apart from a wrong id.
 */
import type { Request, Response } from 'express';
import type { PageFrame } from '../render/html/Page.js';
import { validationPageHtml } from '../pages/ValidationPage.js';
import type { DocumentService } from '../service/DocumentService.js';
import { violationsOf } from '../service/validationReports.js';
import { BadRequest, NotFound } from './HttpError.js';
import { sendHtml } from './htmlAnswer.js';
import { iriParameter } from './iriParameter.js';
import { sendJson } from './jsonAnswer.js';
import { prefersHtml } from './prefersHtml.js';
import { urlParams } from './strictParams.js';

export interface ValidationRouteOptions {
  readonly documents: DocumentService;
  readonly cacheControl: string;
  readonly frame: PageFrame;
}

export function validationRoute({ documents, cacheControl, frame }: ValidationRouteOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const given = urlParams(req.url).get('id');
    if (given === null || given === '')
      throw new BadRequest('?id= is missing: give the document whose validation report to show, as an absolute IRI.');
    const id = iriParameter('id', given);
    const violations = await violationsOf(documents.store, id);
    if (violations === undefined) throw new NotFound(`No document has the id ${id}.`);
    if (prefersHtml(req)) {
      sendHtml(req, res, validationPageHtml({ frame, id, violations }), cacheControl);
      return;
    }
    sendJson(req, res, { id, conforms: violations.length === 0, violations }, 'application/json', cacheControl);
  };
}
