/**
 * Content negotiation: which format a request gets. `?format=` (for people typing URLs)
 * wins; otherwise `Accept`, with q-values, by express's own negotiator. Ties go to the
 * order of FORMATS, so `*\/*` and no Accept at all get Linked Art JSON-LD.
 *
 * A media type with parameters in Accept only matches an offer with the same parameters,
 * so `application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"` is offered as
 * such, besides the bare `application/ld+json`.
 */
import type { Request } from 'express';
import { FORMATS, FORMAT_EXTENSIONS, formatNamed, type Format } from '../render/formats.js';
import { BadRequest, NotAcceptable } from './HttpError.js';

const OFFERS: readonly string[] = FORMATS.flatMap((f) => f.mediaTypes);
const FORMAT_OF_OFFER = new Map<string, Format>(FORMATS.flatMap((f) => f.mediaTypes.map((m) => [m, f] as const)));

/** Accept header → format, bounded (cleared when full: a client sending ever new headers only costs a renegotiation). */
const CHOSEN = new Map<string, Format>();
const CHOSEN_MAX = 512;

/** Media types a client can ask for, for 406 answers. */
export const AVAILABLE_MEDIA_TYPES: readonly string[] = FORMATS.map((f) => f.mediaTypes[0]);

export function negotiateFormat(req: Request, formatParameter: string | undefined): Format {
  if (formatParameter !== undefined) {
    const named = formatNamed(formatParameter);
    if (!named) {
      throw new BadRequest(
        `?format=${formatParameter.slice(0, 40)} is not a format here; use one of ${FORMAT_EXTENSIONS.join(', ')}.`,
      );
    }
    return named;
  }
  const accept = req.headers.accept;
  if (accept === undefined || accept === '' || accept === '*/*') return FORMATS[0];
  // Clients send the same few Accept headers again and again: remember what each one chose.
  const known = CHOSEN.get(accept);
  if (known) return known;
  const chosen = req.accepts(OFFERS as string[]);
  if (chosen === false) throw new NotAcceptable(accept.slice(0, 200), AVAILABLE_MEDIA_TYPES);
  const format = FORMAT_OF_OFFER.get(chosen)!;
  if (CHOSEN.size >= CHOSEN_MAX) CHOSEN.clear();
  CHOSEN.set(accept, format);
  return format;
}

/** The value of `format` in a raw query string, if any (only this parameter matters here). */
export function formatParameterOf(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const value = new URLSearchParams(url.slice(q + 1)).get('format');
  return value ?? undefined;
}
