/**
 * A document's TimeMap (RFC 7089 §5): its versions as `application/link-format` (RFC 6690),
 * and the same as JSON. Each version's entry says when it was written (`datetime`), and, as
 * extension attributes, what the write did (`kind`: a `Delete` is a version without content,
 * which answers 410) and who wrote it (`actor`).
 */
import { versionUris, timeMapUri } from './mementoUris.js';
import type { VersionRecord } from './versionRecord.js';

export const LINK_FORMAT = 'application/link-format';

/** An HTTP date of a record's time. */
export function httpDate(time: string): string {
  return new Date(time).toUTCString();
}

/** A link-format quoted string: `"` and `\` escaped (RFC 8288 §3 quoted-string). */
function quoted(text: string): string {
  return /[\\"]/.test(text) ? `"${text.replace(/[\\"]/g, (c) => '\\' + c)}"` : `"${text}"`;
}

export function timeMapLinkFormat(baseUrl: string, id: string, records: readonly VersionRecord[]): string {
  const self = timeMapUri(baseUrl, id);
  const versionUri = versionUris(baseUrl, id);
  const lines = [
    `<${id}>; rel="original timegate"`,
    `<${self}>; rel="self"; type="${LINK_FORMAT}"` +
      (records.length > 0
        ? `; from=${quoted(httpDate(records[0].time))}; until=${quoted(httpDate(records[records.length - 1].time))}`
        : ''),
  ];
  records.forEach((r, i) => {
    const rel = `${i === 0 ? 'first ' : ''}${i === records.length - 1 ? 'last ' : ''}memento`;
    const actor = r.actor === null ? '' : `; actor=${quoted(r.actor)}`;
    lines.push(`<${versionUri(r.n)}>; rel="${rel}"; datetime=${quoted(httpDate(r.time))}; kind="${r.kind}"${actor}`);
  });
  return lines.join(',\n') + '\n';
}

/** The same as JSON: the document, its TimeMap, and each version with its URI. */
export function timeMapJson(baseUrl: string, id: string, records: readonly VersionRecord[]): Record<string, unknown> {
  const versionUri = versionUris(baseUrl, id);
  return {
    original: id,
    timegate: id,
    timemap: timeMapUri(baseUrl, id),
    versions: records.map((r) => ({
      version: r.n,
      uri: versionUri(r.n),
      datetime: r.time,
      kind: r.kind,
      actor: r.actor,
      ...(r.digest ? { digest: r.digest } : {}),
    })),
  };
}
