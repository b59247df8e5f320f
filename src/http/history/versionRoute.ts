/**
 * `GET {base}_version/{n}{path}`: version n of a document (a Memento, RFC 7089), in every format
 * the live document has (negotiated the same way), with `Memento-Datetime` and its Links; the
 * page marked as a past version, linking to now. A deletion's version answers 410; a version
 * never written or dropped past the retention, 404.
 */
import type { Request, Response } from 'express';
import { httpDate } from '../../history/timeMapText.js';
import { timeMapUri, VERSION_PATH } from '../../history/mementoUris.js';
import { storedVersion } from '../../history/storedHistory.js';
import { modifiedFrom } from '../../hints/lastModified.js';
import type { Representations } from '../../service/Representations.js';
import type { QuadStore } from '../../store/QuadStore.js';
import { sendAnswer } from '../conditionalAnswer.js';
import { Gone, NotFound } from '../HttpError.js';
import { formatParameterOf, negotiateFormat } from '../negotiate.js';
import { representationHeaders } from '../representationHeaders.js';
import { prefersNoLinks } from '../preferLinks.js';
import { entityIdsFor } from '../entityIdFor.js';
import { historyTarget } from './historyTarget.js';
import { goneLinks, versionLinks } from './mementoLinks.js';

export interface VersionRouteOptions {
  readonly baseUrl: string;
  readonly cacheControl: string;
  readonly store: QuadStore;
  readonly representations: Representations;
}

export function versionRoute({ baseUrl, cacheControl, store, representations }: VersionRouteOptions) {
  const base = new URL(baseUrl);
  return async (req: Request, res: Response): Promise<void> => {
    const { rest } = historyTarget(base, req, VERSION_PATH);
    const match = /^\/([1-9]\d{0,8})(\/.*)$/.exec(rest);
    if (!match) throw new NotFound('A version is at _version/{n}{path of the document}, n a whole number from 1.');
    const n = Number(match[1]);
    const ids = entityIdsFor(base, match[2]);
    const format = negotiateFormat(req, formatParameterOf(req.url));
    for (const id of ids) {
      const version = await storedVersion(store, id, n);
      if (!version) continue;
      const datetime = httpDate(version.record.time);
      if (version.quads.length === 0)
        // A deletion's version: the document as it then was, gone.
        throw new Gone(id, new Date(version.record.time), {
          Link: goneLinks(baseUrl, id, undefined),
          'Memento-Datetime': datetime,
        });
      const stored = { id, quads: version.quads, hints: version.hints, lastModified: modifiedFrom(version.hints) };
      const { record } = version;
      const representation = await representations.ofPastVersion(stored, format, {
        omitLinks: format.name === 'jsonld' && representations.linked && prefersNoLinks(req),
        memento: { n, time: record.time, actor: record.actor },
      });
      const headers = representationHeaders({
        format,
        representation,
        cacheControl,
        vary: representations.linked && format.name === 'jsonld' ? 'Accept, Prefer' : 'Accept',
        about: ['Memento-Datetime', datetime],
        link: versionLinks(baseUrl, id, n, datetime),
      });
      sendAnswer(req, res, representation.body, representation, headers);
      return;
    }
    throw new NotFound(`${ids[0]} has no version ${n}; its versions are listed at ${timeMapUri(baseUrl, ids[0])}.`);
  };
}
