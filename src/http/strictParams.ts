/**
 * Parameters of a query string or a form body (application/x-www-form-urlencoded), decoded as
 * URLSearchParams decodes them but strictly: an escape sequence that is not UTF-8 (`%FF`, a
 * surrogate such as `%ED%A0%80`) is a 400 naming the parameter and the byte offset in its value,
 * where URLSearchParams would read U+FFFD.
 */
import { decodeUtf8, NotUtf8 } from '../ingest/utf8.js';
import { BadRequest } from './HttpError.js';

/** The parameters of `query` (no leading `?`); `where` says where they came from, for the 400 ("the URL", "the form body"). */
export function strictParams(query: string, where: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decoded(rawName, () => `A parameter's name in ${where}`);
    params.append(
      name,
      decoded(eq < 0 ? '' : pair.slice(eq + 1), () => `The value of ${name.slice(0, 100)}= in ${where}`),
    );
  }
  return params;
}

/** The parameters of a request's URL, strictly decoded. */
export function urlParams(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return strictParams(q < 0 ? '' : url.slice(q + 1), 'the URL');
}

function decoded(raw: string, what: () => string): string {
  // The fast way when there is nothing to decode strictly: no escape at all.
  if (!raw.includes('%')) return raw.replaceAll('+', ' ');
  try {
    return decodeUtf8(percentDecode(Buffer.from(raw.replaceAll('+', ' '), 'utf8')));
  } catch (error) {
    if (error instanceof NotUtf8)
      throw new BadRequest(`${what()} is, once percent-decoded, ${error.problem}; percent-encode its text as UTF-8.`);
    throw error;
  }
}

/** WHATWG URL percent-decode: `%` and two hex digits is a byte; anything else stays as it is. */
function percentDecode(bytes: Buffer): Buffer {
  const out = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[n++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

function isHex(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}
