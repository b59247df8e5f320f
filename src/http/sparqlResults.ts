/**
 * Which format a query's answer gets, and sending it. SELECT/ASK results and CONSTRUCT/DESCRIBE
 * graphs have different formats; the query is parsed first, so the choice is made among the
 * formats of its form before it runs (a request nothing can satisfy is refused without running
 * anything, and the 406 lists what a query of that form can have). `?format=` (for people
 * typing URLs) wins over Accept; `*\/*` or no Accept gets the form's first format (JSON, Turtle).
 */
import type { Request, Response } from 'express';
import type { QueryForm } from '../sparql/parseSparql.js';
import {
  acceptedMediaTypes,
  GRAPH_FORMATS,
  resultFormatNamed,
  resultFormatsOf,
  serializeResult,
  SOLUTION_FORMATS,
  type ResultFormat,
} from '../sparql/results/resultFormats.js';
import { SerializationError } from '../rdf/syntax/serialize.js';
import type { QueryResult } from '../store/QuadStore.js';
import { setCorsHeaders } from './cors.js';
import { BadRequest, NotAcceptable } from './HttpError.js';

/** Every media type a query can be answered in (each format's own). */
export const RESULT_MEDIA_TYPES: readonly string[] = [...SOLUTION_FORMATS, ...GRAPH_FORMATS].map((f) => f.mediaType);

const FORMS_NAMED = (form: QueryForm): string =>
  form === 'select' || form === 'ask' ? 'SELECT and ASK' : 'CONSTRUCT and DESCRIBE';

/** The format of the answer to a query of this form; throws 400 for a `format` that is not one of its formats, 406 when Accept allows none. */
export function chooseResultFormat(req: Request, formatName: string | undefined, form: QueryForm): ResultFormat {
  const formats = resultFormatsOf(form);
  if (formatName !== undefined) {
    const named = resultFormatNamed(formatName);
    const names = formats.map((f) => f.name).join(', ');
    if (!named)
      throw new BadRequest(
        `format=${formatName.slice(0, 40)} is not a result format; a ${form.toUpperCase()} answers in ${names}.`,
      );
    if (!formats.includes(named))
      throw new BadRequest(
        `format=${named.name} is not a format of ${FORMS_NAMED(form)} results; use one of ${names}.`,
      );
    return named;
  }
  const accept = req.headers.accept;
  if (accept === undefined || accept.trim() === '' || accept.trim() === '*/*') return formats[0];
  const types = acceptedMediaTypes(formats);
  const chosen = req.accepts(types);
  if (chosen === false) throw new NotAcceptable(accept.slice(0, 200), types);
  return formats.find((f) => f.mediaType === chosen || f.alsoAccepted?.includes(chosen))!;
}

export async function sendResult(res: Response, result: QueryResult, format: ResultFormat): Promise<void> {
  let text: string;
  try {
    text = await serializeResult(result, format);
  } catch (error) {
    // Some graphs have no form in some syntaxes (RDF/XML needs predicates that end in an XML name).
    if (!(error instanceof SerializationError)) throw error;
    const others = acceptedMediaTypes(GRAPH_FORMATS).filter((t) => t !== format.mediaType);
    throw new NotAcceptable(
      format.mediaType,
      others,
      `The answer cannot be written as ${format.mediaType}: ${error.message}; ask for another format.`,
    );
  }
  const body = Buffer.from(text, 'utf8');
  res.statusCode = 200;
  setCorsHeaders(res);
  res.setHeader(
    'Content-Type',
    format.mediaType.startsWith('text/') ? `${format.mediaType}; charset=utf-8` : format.mediaType,
  );
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept');
  res.end(body);
}
