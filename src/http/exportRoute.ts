/**
 * `GET /_export?format=F[&id=…][&type=…][&withHistory=true]`: the stored documents streamed out,
 * as `linkedart export --server` asks for them (the same generator as the CLI's).
 */
import { setCorsHeaders } from './cors.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  ExportRequestError,
  exportDocuments,
  isExportFormat,
} from '../export/exportDocuments.js';
import type { QuadStore } from '../store/QuadStore.js';
import { BadRequest, HttpError } from './HttpError.js';
import { urlParams } from './strictParams.js';
import { iriParameter } from './iriParameter.js';

export function exportRoute(store: QuadStore) {
  return async (req: Request, res: Response): Promise<void> => {
    const params = urlParams(req.url);
    const format = params.get('format') ?? '';
    if (!isExportFormat(format)) throw new BadRequest(`?format= is one of ${EXPORT_FORMATS.join(', ')}.`);
    const ids = params.getAll('id').map((id) => iriParameter('id', id));
    const type = params.get('type') ?? undefined;
    // A class name (Person) is looked up in a list; anything with a colon is an IRI or a compact one.
    if (type?.includes(':')) iriParameter('type', type.trim());
    const withHistory = booleanParameter(params, 'withHistory');
    const chunks = exportDocuments(store, { format, ids: ids.length ? ids : undefined, type, withHistory });
    // The first chunk decides between an error answer and a stream: nothing is sent before it.
    let first: IteratorResult<string>;
    try {
      first = await chunks.next();
    } catch (error) {
      if (error instanceof ExportRequestError)
        throw new HttpError(
          error.reason === 'unknown-id' ? 404 : 400,
          error.reason === 'unknown-id' ? 'Not found' : 'Bad request',
          error.message,
        );
      throw error;
    }
    setCorsHeaders(res);
    res.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    async function* all(): AsyncGenerator<string> {
      if (!first.done) yield first.value;
      yield* chunks;
    }
    await pipeline(Readable.from(all()), res);
  };
}

/** A parameter that is `true` or `false` (absent: false); anything else is a 400. */
function booleanParameter(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequest(`?${name}= is true or false, not ${JSON.stringify(value.slice(0, 100))}.`);
}
