/**
 * From a request target to the ids of the entity it may name: the base URL's origin plus
 * the path. Paths that cannot be ids are refused here, with a reason, and never reach the
 * store: too long, an encoded control character, a character no IRI may hold, or outside
 * the base URL's path.
 *
 * Clients percent-encode what is not ASCII (`é` arrives as `%C3%A9`), while an id may be
 * written as an IRI with the character itself. So the path is also tried with the escapes
 * of non-ASCII UTF-8 and of unreserved characters decoded (RFC 3987 §3.2, RFC 3986 §6.2.2.2),
 * first; the path exactly as received second, when it differs.
 */
import { isHttpIri } from '../ingest/iris.js';
import { BadRequest, NotFound } from './HttpError.js';

export const MAX_ID_LENGTH = 2048;

const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const ESCAPE_RUN = /(?:%[0-9a-f]{2})+/gi;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const NOT_IN_IRI = /[\u0000-\u0020<>"{}|\\^`\u007f-\u009f]/;

/** The candidate ids, most likely first. Throws BadRequest / NotFound for a path that names nothing. */
export function entityIdsFor(base: URL, target: string): string[] {
  let path = target;
  if (!path.startsWith('/')) {
    // Absolute-form request target (`GET http://host/path`): only the path counts.
    try {
      path = new URL(path).pathname;
    } catch {
      throw new BadRequest('The request target is neither a path nor a URL.');
    }
  }
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  if (path.length > MAX_ID_LENGTH) {
    throw new BadRequest(`The path is ${path.length} characters long; an id is at most ${MAX_ID_LENGTH}.`);
  }
  const control = ENCODED_CONTROL.exec(path);
  if (control)
    throw new BadRequest(`The path holds the encoded control character ${control[0]}, which no id contains.`);
  if (/%(?![0-9A-Fa-f]{2})/.test(path))
    throw new BadRequest('The path holds a "%" that starts no escape (% and two hex digits).');
  const bad = NOT_IN_IRI.exec(path);
  if (bad)
    throw new BadRequest(`The path holds ${JSON.stringify(bad[0])}, which an IRI cannot contain; percent-encode it.`);
  if (!path.startsWith(base.pathname)) {
    throw new NotFound(`No entity has a path outside ${base.pathname} (ids are under ${base.href}).`);
  }
  const raw = base.origin + path;
  const decoded = base.origin + decodeSafeEscapes(path);
  const ids = decoded === raw ? [raw] : [decoded, raw];
  const valid = ids.filter(isHttpIri);
  if (valid.length === 0) throw new BadRequest(`${JSON.stringify(raw.slice(0, 200))} is not a valid IRI.`);
  return valid;
}

/** Decode escapes of unreserved ASCII characters and of whole non-ASCII UTF-8 sequences; keep the rest. */
function decodeSafeEscapes(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(ESCAPE_RUN, (run) => {
    let out = '';
    let i = 0;
    while (i < run.length) {
      const byte = parseInt(run.slice(i + 1, i + 3), 16);
      if (byte < 0x80) {
        const ch = String.fromCharCode(byte);
        out += UNRESERVED.test(ch) ? ch : run.slice(i, i + 3).toUpperCase();
        i += 3;
        continue;
      }
      // A UTF-8 sequence: as many escapes as its lead byte says; kept escaped if malformed.
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      const escapes = run.slice(i, i + 3 * length);
      let text: string | undefined;
      try {
        text = length > 1 && escapes.length === 3 * length ? decodeURIComponent(escapes) : undefined;
      } catch {
        text = undefined;
      }
      if (text !== undefined && !NOT_IN_IRI.test(text)) {
        out += text;
        i += 3 * length;
      } else {
        out += run.slice(i, i + 3).toUpperCase();
        i += 3;
      }
    }
    return out;
  });
}
