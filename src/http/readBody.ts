/** A request body as bytes, refused with 413 past the limit (before reading it, when Content-Length says so). */
import type { Request } from 'express';
import { PayloadTooLarge } from './HttpError.js';

export async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLarge(declared, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.destroy();
      throw new PayloadTooLarge(size, limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
