/**
 * The headers of a document's representation, live (dereference.ts) or a past version
 * (history/versionRoute.ts): its type and validators, caching, what it varies with, its links,
 * and a page's own headers (the strict CSP) for the HTML.
 */
import type { Format } from '../render/formats.js';
import type { Representation } from '../service/represent.js';
import { answerHeaders, type AnswerHeaders } from './conditionalAnswer.js';
import { CORS_HEADER_PAIRS } from './cors.js';
import { PAGE_HEADERS } from './pageHeaders.js';

export interface RepresentationHeaderParts {
  readonly format: Format;
  readonly representation: Representation;
  readonly cacheControl: string;
  /** The request headers the answer varies with. */
  readonly vary: string;
  readonly link: string;
  /** More about the representation, said after its validators (a past version's Memento-Datetime). */
  readonly about?: readonly string[];
  /** How the request was answered, said before Link (Preference-Applied). */
  readonly applied?: readonly string[];
}

export function representationHeaders(parts: RepresentationHeaderParts): AnswerHeaders {
  const { format, representation } = parts;
  const headers = [
    ...CORS_HEADER_PAIRS,
    'Content-Type',
    format.contentType,
    'ETag',
    representation.etag,
    ...(representation.lastModified ? ['Last-Modified', representation.lastModified] : []),
    ...(parts.about ?? []),
    'Cache-Control',
    parts.cacheControl,
    'Vary',
    parts.vary,
    ...(parts.applied ?? []),
    'Link',
    parts.link,
    ...(format.name === 'html' ? PAGE_HEADERS : []),
  ];
  return answerHeaders(headers, representation.body.length);
}
