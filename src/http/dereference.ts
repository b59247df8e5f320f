/**
 * Dereference: `GET {path}` answers the document whose id is the base URL's origin plus the
 * path, in the negotiated format, with its validators; 304 when the client's copy is current.
 * HEAD gets exactly GET's headers.
 */
import type { Request, Response } from 'express';
import { FORMATS, type Format } from '../render/formats.js';
import { DESCRIBED_BY_TYPE } from '../render/html/EntityPage.js';
import type { Representations } from '../service/Representations.js';
import type { Representation } from '../service/represent.js';
import type { Logger } from '../log/logger.js';
import { sendAnswer, type AnswerHeaders } from './conditionalAnswer.js';
import { representationHeaders } from './representationHeaders.js';
import { entityIdsFor } from './entityIdFor.js';
import { SerializationError } from '../rdf/syntax/serialize.js';
import { Gone, HttpError, NotAcceptable, NotFound } from './HttpError.js';
import { AVAILABLE_MEDIA_TYPES, formatParameterOf, negotiateFormat } from './negotiate.js';
import { setRouteKind } from './routeKind.js';
import { LINKS_OFF, prefersNoLinks } from './preferLinks.js';
import { validationLink } from './validationLink.js';
import { answerTimeGate, type HistoryAccess } from './history/timeGate.js';
import { goneLinks, liveHistoryLinks } from './history/mementoLinks.js';
import { lastWithContent } from '../history/storedHistory.js';
import { redirectedToMerged } from './mergedRedirect.js';

export interface DereferenceOptions {
  readonly baseUrl: string;
  readonly cacheControl: string;
  readonly representations: Representations;
  readonly logger: Logger;
  /** When a document with this id was deleted, while its tombstone stands (410 instead of 404). */
  readonly deletedAt?: (id: string) => Promise<Date | undefined>;
  /** Where a document with this id was merged into, while its tombstone stands (308 there). */
  readonly mergedInto?: (id: string) => Promise<string | undefined>;
  /** The documents' history, when versions are kept: the live document is its own TimeGate and links its TimeMap. */
  readonly history?: HistoryAccess;
  /**
   * Whether representations are kept (a render cache): then each one's headers are kept with it. Without a cache
   * every answer is a new representation, and a header set kept for it would only be garbage (a weak map's entry).
   */
  readonly cached: boolean;
}

export function dereference(options: DereferenceOptions) {
  const { baseUrl, cacheControl, representations, logger, mergedInto, history, cached } = options;
  const base = new URL(baseUrl);
  const missingAnswer = (ids: readonly string[]) => missingAnswerOf(ids, options);
  const redirected = (req: Request, res: Response, ids: readonly string[]) =>
    redirectedToMerged(req, res, ids, mergedInto, history && (async (id) => lastVersionLinks(history, id)));
  return async (req: Request, res: Response): Promise<void> => {
    const ids = entityIdsFor(base, req.url);
    const datetime = req.get('accept-datetime');
    if (history && datetime !== undefined && (await answerTimeGate(req, res, ids, history, datetime))) return;
    let format: Format;
    try {
      format = negotiateFormat(req, formatParameterOf(req.url));
      if (format.name === 'html') setRouteKind(res, 'page');
    } catch (error) {
      // A missing document is the better answer than an unacceptable one.
      if (error instanceof NotAcceptable && !(await anyExists(representations, ids))) {
        if (await redirected(req, res, ids)) return;
        throw await missingAnswer(ids);
      }
      throw error;
    }
    // `_links` on request: the JSON-LD answer varies with Prefer too.
    const linked = format.name === 'jsonld' && representations.linked;
    const omitLinks = linked && prefersNoLinks(req);
    let found: { id: string; representation: Representation } | undefined;
    for (const id of ids) {
      const representation = await representations.get(id, format, { omitLinks }).catch((error: unknown) => {
        // Some graphs have no form in some syntaxes (RDF/XML needs predicates that end in an XML name).
        if (error instanceof SerializationError) {
          throw new NotAcceptable(
            format.contentType,
            AVAILABLE_MEDIA_TYPES,
            `${id} cannot be written as ${format.contentType}: ${error.message}`,
          );
        }
        throw error;
      });
      if (representation) {
        found = { id, representation };
        break;
      }
    }
    if (!found) {
      if (await redirected(req, res, ids)) return;
      throw await missingAnswer(ids);
    }
    const { id, representation } = found;
    for (const warning of representation.warnings) logger.warn({ id, warning }, 'render warning');

    // All headers in one writeHead: the cached representation keeps them ready (the warm path).
    let headers = cached ? HEADERS.get(representation) : undefined;
    if (!headers) {
      headers = headersOf(id, format, representation, cacheControl, baseUrl, { linked, omitLinks }, !!history);
      if (cached) HEADERS.set(representation, headers);
    }
    sendAnswer(req, res, representation.body, representation, headers);
  };
}

/** Per representation (dropped with it from the cache). */
const HEADERS = new WeakMap<Representation, AnswerHeaders>();

function headersOf(
  id: string,
  format: Format,
  representation: Representation,
  cacheControl: string,
  baseUrl: string,
  links: { readonly linked: boolean; readonly omitLinks: boolean },
  versioned: boolean,
): AnswerHeaders {
  // A document stored with violations (the `report` conformance policy) says so, linking to its report.
  let validation =
    representation.violations > 0 ? `, ${validationLink(baseUrl, id, representation.violations).header}` : '';
  // Kept versions: the document is its own TimeGate, and its answer varies with Accept-Datetime.
  if (versioned) validation += `, ${liveHistoryLinks(baseUrl, id)}`;
  return representationHeaders({
    format,
    representation,
    cacheControl,
    vary: (links.linked ? 'Accept, Prefer' : 'Accept') + (versioned ? ', Accept-Datetime' : ''),
    applied: links.omitLinks ? ['Preference-Applied', LINKS_OFF] : [],
    link:
      format.name === 'html'
        ? `<${id}>; rel="describedby"; ${DESCRIBED_BY_LINK_TYPE}, ${alternates(id, format)}${validation}`
        : alternates(id, format) + validation,
  });
}

async function anyExists(representations: Representations, ids: readonly string[]): Promise<boolean> {
  for (const id of ids) if (await representations.exists(id)) return true;
  return false;
}

/**
 * No document has any of these ids: 410 for one deleted (the first id with a tombstone; with
 * kept versions, linking its last version and its TimeMap), else 404.
 */
async function missingAnswerOf(ids: readonly string[], { deletedAt, history }: DereferenceOptions): Promise<HttpError> {
  for (const id of deletedAt ? ids : []) {
    const when = await deletedAt!(id);
    if (!when) continue;
    if (!history) return new Gone(id, when);
    return new Gone(id, when, { Link: await lastVersionLinks(history, id) });
  }
  return new NotFound(`No document has the id ${ids[0]}.`);
}

/** A gone or merged-away id's `Link`s: its last version with content, and its TimeMap. */
async function lastVersionLinks(history: HistoryAccess, id: string): Promise<string> {
  return goneLinks(history.baseUrl, id, lastWithContent(await history.versions(id))?.n);
}

/** `Link` to the same description in the other formats, at the `?format=` URLs. */
function alternates(id: string, current: Format): string {
  const [first, ...rest] = ALTERNATES.get(current)!;
  let link = `<${id}${first}`;
  for (const part of rest) link += `, <${id}${part}`;
  return link;
}

/** The `type` (and `profile`) parameters of a link to a media type: the profile as a parameter of the link's own. */
function linkType(contentType: string): string {
  const [type, ...params] = contentType.split(';');
  const profile = params.find((p) => p.startsWith('profile='));
  return `type="${type}"${profile ? `; ${profile}` : ''}`;
}

/** Of each format, its alternates' links after `<` and the id (made once: a cold GET makes this header for each answer). */
const ALTERNATES = new Map<Format, string[]>(
  FORMATS.map((current) => [
    current,
    FORMATS.filter((f) => f !== current).map(
      (f) => `?format=${f.extension}>; rel="alternate"; ${linkType(f.contentType)}`,
    ),
  ]),
);
const DESCRIBED_BY_LINK_TYPE = linkType(DESCRIBED_BY_TYPE);
