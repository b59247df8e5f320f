/** The `Link` header values of the history (RFC 7089): on the live document, a version, a deleted document's 410. */
import { LINK_FORMAT } from '../../history/timeMapText.js';
import { timeMapUri, versionUri } from '../../history/mementoUris.js';

/** The live document is its own TimeGate, and links its TimeMap. */
export function liveHistoryLinks(baseUrl: string, id: string): string {
  return `<${id}>; rel="original timegate", <${timeMapUri(baseUrl, id)}>; rel="timemap"; type="${LINK_FORMAT}"`;
}

/** A version links the document (its TimeGate too), the TimeMap, and itself as a memento. */
export function versionLinks(baseUrl: string, id: string, n: number, datetime: string): string {
  return `${liveHistoryLinks(baseUrl, id)}, <${versionUri(baseUrl, id, n)}>; rel="memento"; datetime="${datetime}"`;
}

/** A deleted document's 410, and a merged-away id's 308, link its last version and its TimeMap. */
export function goneLinks(baseUrl: string, id: string, last: number | undefined): string {
  const timemap = `<${timeMapUri(baseUrl, id)}>; rel="timemap"; type="${LINK_FORMAT}"`;
  return last === undefined ? timemap : `<${versionUri(baseUrl, id, last)}>; rel="last memento", ${timemap}`;
}
