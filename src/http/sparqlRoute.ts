/**
 * The SPARQL 1.1 Protocol endpoint, /sparql: GET and POST run a query (answered in the format
 * negotiated), POST runs an update with the curator token (answered with the documents it
 * created, replaced, deleted or left unchanged). The checks and the running are the
 * SparqlService's; this module reads requests, checks access and answers.
 */
import type { Request, Response } from 'express';
import type { Config } from '../config/Config.js';
import type { SparqlService } from '../service/SparqlService.js';
import type { Actor } from '../linkedart/Actor.js';
import { sendUncachedJson } from './jsonAnswer.js';
import { setRouteKind } from './routeKind.js';
import { sparqlAccess } from './sparqlAccess.js';
import { answeringSparqlErrors } from './sparqlErrors.js';
import { asksNothing, readSparqlRequest, type SparqlRequest } from './sparqlRequest.js';
import { chooseResultFormat, RESULT_MEDIA_TYPES, sendResult } from './sparqlResults.js';

export interface SparqlRouteOptions {
  readonly sparql: SparqlService;
  readonly config: Pick<Config, 'curators' | 'readToken' | 'anonymousQueries' | 'maxQueryBytes'>;
}

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * A GET asking for no query whose Accept prefers HTML to every result format: a browser
 * opening /sparql, which gets the query page. (text/html is offered last, so `*\/*` does not.)
 */
export function wantsQueryPage(req: Request): boolean {
  return (
    req.headers.accept !== undefined &&
    asksNothing(req) &&
    req.accepts([...RESULT_MEDIA_TYPES, 'text/html']) === 'text/html'
  );
}

/** The handler of GET (and HEAD) and POST /sparql. */
export function sparqlEndpoint({ sparql, config }: SparqlRouteOptions): Handler {
  const access = sparqlAccess(config);
  return async (req, res) => {
    const operation = await readSparqlRequest(req, config.maxQueryBytes);
    if (operation.kind === 'update') {
      setRouteKind(res, 'sparql_update');
      await runUpdate(sparql, operation, res, access.checkUpdate(req));
    } else {
      access.checkQuery(req);
      await runQuery(sparql, operation, req, res);
    }
  };
}

/** The query checked first, so that its answer's format is chosen among its form's formats before it runs. */
async function runQuery(sparql: SparqlService, operation: SparqlRequest, req: Request, res: Response): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/require-await -- a throw in prepare must reach answeringSparqlErrors as a rejection
  const prepared = await answeringSparqlErrors(async () => sparql.prepare(operation.text));
  const format = chooseResultFormat(req, operation.format, prepared.form);
  const answer = await answeringSparqlErrors(() => sparql.query(prepared, operation.dataset));
  await sendResult(res, answer.result, format);
}

async function runUpdate(sparql: SparqlService, operation: SparqlRequest, res: Response, actor: Actor): Promise<void> {
  const { created, replaced, deleted, unchanged } = await answeringSparqlErrors(() =>
    sparql.update(operation.text, operation.using, actor),
  );
  sendUncachedJson(res, 200, { created, replaced, deleted, unchanged });
}
