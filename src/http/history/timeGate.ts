/**
 * The live document is its own TimeGate (RFC 7089 §4.1.1, pattern 1.1): a GET with
 * `Accept-Datetime` answers 302 to the version in force at that time (the first version for a
 * time before it), with `Vary: Accept-Datetime` and the document's history Links. The versions
 * themselves carry `Memento-Datetime`.
 */
import type { Request, Response } from 'express';
import { versionUri } from '../../history/mementoUris.js';
import { versionAt } from '../../history/storedHistory.js';
import type { VersionRecord } from '../../history/versionRecord.js';
import { CORS_HEADER_PAIRS } from '../cors.js';
import { BadRequest } from '../HttpError.js';
import { liveHistoryLinks } from './mementoLinks.js';

/** What the TimeGate needs: where versions are, and each document's versions (versionsOf). */
export interface HistoryAccess {
  readonly baseUrl: string;
  readonly versions: (id: string) => Promise<readonly VersionRecord[]>;
}

/** An HTTP date as RFC 9110 §5.6.7 writes it (IMF-fixdate), as Accept-Datetime must be. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** The time an Accept-Datetime header asks for; a clear 400 when it is not an HTTP date. */
export function acceptDatetime(text: string): Date {
  const when = IMF_FIXDATE.test(text.trim()) ? new Date(text.trim()) : undefined;
  if (!when || Number.isNaN(when.getTime()))
    throw new BadRequest(
      `Accept-Datetime must be an HTTP date (RFC 7089 §2.1.1), such as "Fri, 27 Nov 2026 09:40:00 GMT"; got ${JSON.stringify(text.slice(0, 60))}.`,
    );
  return when;
}

/** Answers the 302 for the first of `ids` with a history; false when none has one (the caller answers as without the header). */
export async function answerTimeGate(
  req: Request,
  res: Response,
  ids: readonly string[],
  history: HistoryAccess,
  header: string,
): Promise<boolean> {
  const when = acceptDatetime(header);
  for (const id of ids) {
    const chosen = versionAt(await history.versions(id), when);
    if (!chosen) continue;
    res.writeHead(302, [
      ...CORS_HEADER_PAIRS,
      'Location',
      versionUri(history.baseUrl, id, chosen.n),
      'Vary',
      'Accept-Datetime',
      'Link',
      liveHistoryLinks(history.baseUrl, id),
      'Content-Length',
      '0',
    ]);
    res.end();
    return true;
  }
  return false;
}
