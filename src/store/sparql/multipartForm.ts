/**
 * A multipart/form-data body (RFC 7578) of text fields, built whole: the store is sent a
 * Content-Length (Virtuoso drops a chunked body), which a streamed FormData would not give.
 */
import { randomBytes } from 'node:crypto';

export interface MultipartForm {
  readonly contentType: string;
  readonly body: Buffer<ArrayBuffer>;
}

export function multipartForm(fields: Readonly<Record<string, string>>): MultipartForm {
  const boundary = `linkedart-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    // A boundary inside a value would end the part early: 96 random bits make it never happen, and it is checked.
    if (value.includes(boundary)) throw new Error(`form field ${name} contains the multipart boundary`);
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`, 'utf8'),
      Buffer.from(value, 'utf8'),
      Buffer.from('\r\n', 'utf8'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
