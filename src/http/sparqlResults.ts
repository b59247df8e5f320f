/**
 * Which format a query's answer gets, and sending it. SELECT/ASK results and CONSTRUCT/DESCRIBE
 * graphs have different formats; the query's form is known only once it is parsed, so both
 * choices are made before the query runs (a request nothing can satisfy is refused without
 * running anything) and the one matching the result is used. `?format=` (for people typing
 * URLs) wins over Accept; `*\/*` or no Accept gets the first format (JSON, Turtle).
 */
import type { Request, Response } from 'express';
import { GRAPH_FORMATS, resultFormatNamed, serializeResult, SOLUTION_FORMATS, type ResultFormat } from '../sparql/results/resultFormats.js';
import type { QueryResult } from '../store/QuadStore.js';
import { setCorsHeaders } from './cors.js';
import { BadRequest, HttpError, NotAcceptable } from './HttpError.js';

/** For each shape of result, its format, or the error to answer if a result of that shape comes. */
export interface ResultFormatChoice {
  readonly solutions: ResultFormat | HttpError;
  readonly graph: ResultFormat | HttpError;
}

const ALL_FORMATS: readonly ResultFormat[] = [...SOLUTION_FORMATS, ...GRAPH_FORMATS];
/** Every media type a query can be answered in. */
export const RESULT_MEDIA_TYPES: readonly string[] = ALL_FORMATS.map((f) => f.mediaType);

/** Both choices; throws at once when neither shape of result could be answered. */
export function chooseResultFormats(req: Request, formatName: string | undefined): ResultFormatChoice {
  if (formatName !== undefined) {
    const named = resultFormatNamed(formatName);
    if (!named) {
      throw new BadRequest(`format=${formatName.slice(0, 40)} is not a result format; use one of ${ALL_FORMATS.map((f) => f.name).join(', ')}.`);
    }
    return { solutions: namedFor(named, SOLUTION_FORMATS, 'SELECT and ASK'), graph: namedFor(named, GRAPH_FORMATS, 'CONSTRUCT and DESCRIBE') };
  }
  const choice = { solutions: byAccept(req, SOLUTION_FORMATS), graph: byAccept(req, GRAPH_FORMATS) };
  if (choice.solutions instanceof HttpError && choice.graph instanceof HttpError) {
    throw new NotAcceptable((req.headers.accept ?? '').slice(0, 200), RESULT_MEDIA_TYPES);
  }
  return choice;
}

/** The format for this result, or the error chosen for its shape. */
export function formatFor(result: QueryResult, choice: ResultFormatChoice): ResultFormat {
  const format = result.kind === 'quads' ? choice.graph : choice.solutions;
  if (format instanceof HttpError) throw format;
  return format;
}

export async function sendResult(res: Response, result: QueryResult, format: ResultFormat): Promise<void> {
  const body = Buffer.from(await serializeResult(result, format), 'utf8');
  res.statusCode = 200;
  setCorsHeaders(res);
  res.setHeader('Content-Type', format.mediaType.startsWith('text/') ? `${format.mediaType}; charset=utf-8` : format.mediaType);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept');
  res.end(body);
}

function namedFor(named: ResultFormat, formats: readonly ResultFormat[], forms: string): ResultFormat | HttpError {
  if (formats.includes(named)) return named;
  return new BadRequest(`format=${named.name} is not a format of ${forms} results; use one of ${formats.map((f) => f.name).join(', ')}.`);
}

function byAccept(req: Request, formats: readonly ResultFormat[]): ResultFormat | HttpError {
  const accept = req.headers.accept;
  if (accept === undefined || accept.trim() === '' || accept.trim() === '*/*') return formats[0]!;
  const chosen = req.accepts(formats.map((f) => f.mediaType));
  if (chosen === false) return new NotAcceptable(accept.slice(0, 200), formats.map((f) => f.mediaType));
  return formats.find((f) => f.mediaType === chosen)!;
}
