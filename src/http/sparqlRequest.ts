/**
 * The three ways the SPARQL 1.1 Protocol sends an operation, read into one shape: GET
 * `?query=`, POST form-encoded (`query=` or `update=`), POST `application/sparql-query` or
 * `application/sparql-update` (the body is the text, the dataset — default-graph-uri / named-graph-uri
 * for a query, using-graph-uri / using-named-graph-uri for an update — in the URL). Anything
 * ambiguous (two queries, a query and an update, an update by GET) is a 400 here, before
 * anything runs.
 */
import type { Request } from 'express';
import type { UpdateDataset } from '../sparql/parseSparql.js';
import type { QueryDataset } from '../sparql/SparqlEngine.js';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from './HttpError.js';
import { bodyText, readBody } from './readBody.js';
import { strictParams, urlParams as strictUrlParams } from './strictParams.js';
import { iriParameter } from './iriParameter.js';

export interface SparqlRequest {
  readonly kind: 'query' | 'update';
  readonly text: string;
  /** From default-graph-uri / named-graph-uri; empty for updates. */
  readonly dataset: QueryDataset;
  /** From using-graph-uri / using-named-graph-uri; empty for queries. */
  readonly using: UpdateDataset;
  /** `format` (json, xml, csv, ...), overriding Accept, if given. */
  readonly format: string | undefined;
}

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
export const QUERY_MEDIA_TYPE = 'application/sparql-query';
export const UPDATE_MEDIA_TYPE = 'application/sparql-update';
/** What POST /sparql takes, for 415 answers. */
export const ACCEPTED_POST_TYPES: readonly string[] = [FORM_MEDIA_TYPE, QUERY_MEDIA_TYPE, UPDATE_MEDIA_TYPE];

/** Percent-encoding can triple a text's size in a form: a form body may be this much larger than the text limit. */
const FORM_OVERHEAD = (limit: number): number => 3 * limit + 4096;

const WHAT_TO_SEND =
  `Send a SPARQL query as ?query=… (GET), as query=… in a POST form (${FORM_MEDIA_TYPE}) ` +
  `or as the body of a POST with Content-Type ${QUERY_MEDIA_TYPE}; an update as update=… in a POST form or as the body of a POST with Content-Type ${UPDATE_MEDIA_TYPE}.`;

/** Whether a GET asks for nothing (no query): a browser opening /sparql gets the query page instead. */
export function asksNothing(req: Request): boolean {
  const params = urlParams(req);
  return !params.has('query') && !params.has('update');
}

export async function readSparqlRequest(req: Request, maxQueryBytes: number): Promise<SparqlRequest> {
  const url = urlParams(req);
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (url.has('update')) throw new BadRequest('A SPARQL Update is sent by POST, never by GET. ' + WHAT_TO_SEND);
    return fromParams(url, url);
  }
  if (url.has('query') || url.has('update')) {
    throw new BadRequest('With POST, the query or update goes in the body, not in the URL. ' + WHAT_TO_SEND);
  }
  const type = mediaTypeOf(req);
  switch (type) {
    case FORM_MEDIA_TYPE: {
      const form = strictParams(await readText(req, FORM_OVERHEAD(maxQueryBytes), maxQueryBytes), 'the form body');
      return fromParams(form, url);
    }
    case QUERY_MEDIA_TYPE:
      refuseUsingGraphs(url);
      return {
        kind: 'query',
        text: await readText(req, maxQueryBytes, maxQueryBytes),
        dataset: datasetOf(url),
        using: {},
        format: url.get('format') ?? undefined,
      };
    case UPDATE_MEDIA_TYPE:
      refuseQueryDataset(url);
      return {
        kind: 'update',
        text: await readText(req, maxQueryBytes, maxQueryBytes),
        dataset: {},
        using: usingOf(url),
        format: undefined,
      };
    default:
      throw new UnsupportedMediaType(
        `POST /sparql takes ${ACCEPTED_POST_TYPES.join(', ')}, not ${JSON.stringify((req.headers['content-type'] ?? '(none)').slice(0, 100))}.`,
        ACCEPTED_POST_TYPES,
      );
  }
}

/** The operation in a set of protocol parameters (the URL of a GET, the body of a form POST); `url` may add `format`. */
function fromParams(params: URLSearchParams, url: URLSearchParams): SparqlRequest {
  const queries = params.getAll('query');
  const updates = params.getAll('update');
  if (queries.length > 1) throw new BadRequest(`The request has ${queries.length} query parameters; send exactly one.`);
  if (updates.length > 1)
    throw new BadRequest(`The request has ${updates.length} update parameters; send exactly one.`);
  if (queries.length && updates.length)
    throw new BadRequest('The request has both a query and an update; send one operation per request.');
  const format = params.get('format') ?? url.get('format') ?? undefined;
  if (queries.length) {
    refuseUsingGraphs(params);
    return { kind: 'query', text: queries[0], dataset: datasetOf(params), using: {}, format };
  }
  if (updates.length) {
    refuseQueryDataset(params);
    return { kind: 'update', text: updates[0], dataset: {}, using: usingOf(params), format: undefined };
  }
  throw new BadRequest('No SPARQL query or update in the request. ' + WHAT_TO_SEND);
}

function datasetOf(params: URLSearchParams): QueryDataset {
  return givenGraphs(params, { defaultGraphs: 'default-graph-uri', namedGraphs: 'named-graph-uri' });
}

/** The dataset of an update's WHERE clauses (SPARQL 1.1 Protocol §2.2.3). */
function usingOf(params: URLSearchParams): UpdateDataset {
  return givenGraphs(params, { usingGraphs: 'using-graph-uri', usingNamedGraphs: 'using-named-graph-uri' });
}

/** The graphs of each parameter named (`key`: its parameter), under the key; a parameter not given, left out. */
function givenGraphs<K extends string>(
  params: URLSearchParams,
  parameters: Readonly<Record<K, string>>,
): Partial<Record<K, string[]>> {
  const given: Partial<Record<K, string[]>> = {};
  for (const key of Object.keys(parameters) as K[]) {
    const graphs = graphsOf(params, parameters[key]);
    if (graphs.length) given[key] = graphs;
  }
  return given;
}

/** Every value of a graph parameter, each an absolute IRI. */
function graphsOf(params: URLSearchParams, name: string): string[] {
  const graphs = params.getAll(name);
  // URL.canParse is not enough: it takes `>` and `}`, which would end the IRI in a query's text.
  return graphs.map((iri) => iriParameter(name, iri));
}

function refuseUsingGraphs(params: URLSearchParams): void {
  for (const name of ['using-graph-uri', 'using-named-graph-uri']) {
    if (params.has(name))
      throw new BadRequest(
        `${name} belongs to updates; a query names its graphs with default-graph-uri / named-graph-uri, FROM or FROM NAMED.`,
      );
  }
}

function refuseQueryDataset(params: URLSearchParams): void {
  for (const name of ['default-graph-uri', 'named-graph-uri']) {
    if (params.has(name))
      throw new BadRequest(`${name} belongs to queries; an update names its graphs with GRAPH, USING or WITH.`);
  }
}

function urlParams(req: Request): URLSearchParams {
  return strictUrlParams(req.url);
}

function mediaTypeOf(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** The body as UTF-8 (strictly: 400 naming the offset of bytes that are not), 413 past `limit` bytes, the detail naming the SPARQL text limit rather than the body limit. */
async function readText(req: Request, limit: number, maxQueryBytes: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  try {
    return bodyText(await readBody(req, limit));
  } catch (error) {
    if (!(error instanceof PayloadTooLarge)) throw error;
    throw new PayloadTooLarge(
      declared > limit ? declared : undefined,
      maxQueryBytes,
      '--max-query-kb',
      `The SPARQL request is ${declared > limit ? `${declared} bytes` : `over ${limit} bytes`}; the limit of a query or update is ${maxQueryBytes} bytes (--max-query-kb).`,
    );
  }
}
