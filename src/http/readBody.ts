/**
 * A request body as bytes, refused with 413 past the limit: before reading it, when
 * Content-Length says so; as soon as it goes past, when it comes chunked. A refused body is
 * not read further here and the connection is not cut: the error handler answers the 413,
 * and drainRefusedBody reads the rest away, so the client reads the answer rather than a reset.
 */
import type { Request } from 'express';
import { decodeUtf8, NotUtf8 } from '../ingest/utf8.js';
import { BadRequest, PayloadTooLarge } from './HttpError.js';

export async function readBody(req: Request, limit: number, flag = '--max-body-mb'): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLarge(declared, limit, flag);
  // Listeners, not `for await`: leaving a for-await loop early destroys the request, and its socket with it.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        // (Node holds a body to its Content-Length: only a chunked one gets here, its size unknown.)
        reject(new PayloadTooLarge(undefined, limit, flag));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The body as UTF-8 text, strictly: bytes that are not UTF-8 are a 400 naming their offset, never read as U+FFFD. */
export async function readText(req: Request, limit: number, flag = '--max-body-mb'): Promise<string> {
  return bodyText(await readBody(req, limit, flag));
}

/** Bytes of a body as its text; 400 naming the offset of the first bytes that are not UTF-8. */
export function bodyText(body: Uint8Array): string {
  try {
    return decodeUtf8(body);
  } catch (error) {
    if (error instanceof NotUtf8) throw new BadRequest(`The request body is ${error.problem}; send it as UTF-8.`);
    throw error;
  }
}
