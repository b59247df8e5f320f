/**
 * Fetching one harvested document: asked for as Linked Art JSON-LD (the profile of the Linked
 * Art API), then put through the gate every write passes (admitDocument). What comes back says
 * what to do with it: store it, or report it (refused by the gate, gone, not JSON, not the
 * document the feed named); none of these stops the harvest. A publisher that keeps failing
 * (5xx, timeouts, network) after every retry is the one outcome that stops it, so the
 * document is tried again on the next run rather than skipped.
 */
import type { IngestedDocument } from '../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../linkedart/Problem.js';
import { repairDocument, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { formatRepair } from '../ingest/repairs/RepairNote.js';
import { admitDocument } from '../validate/admitDocument.js';
import { getWithRetries, RetriesExhausted, type RetryOptions } from './httpGet.js';

export const LINKED_ART_ACCEPT = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json", application/ld+json;q=0.9, application/json;q=0.8';

export type Fetched =
  | { readonly kind: 'admitted'; readonly document: IngestedDocument; readonly repairs: readonly string[] }
  | { readonly kind: 'rejected'; readonly problems: readonly Problem[]; readonly message: string; readonly repairs: readonly string[] }
  /** 404 or 410 although the feed says the document exists. */
  | { readonly kind: 'missing'; readonly status: number }
  /** Any other answer that is not a Linked Art document. */
  | { readonly kind: 'unusable'; readonly message: string }
  /** Every retry failed: the harvest stops before this document. */
  | { readonly kind: 'unavailable'; readonly message: string };

export async function fetchDocument(uri: string, options: RetryOptions, repair: RepairPolicy = 'all'): Promise<Fetched> {
  if (!/^https?:\/\//i.test(uri)) return { kind: 'unusable', message: 'not an http(s) URL: it cannot be fetched' };
  let answer;
  try {
    answer = await getWithRetries(uri, LINKED_ART_ACCEPT, options);
  } catch (error) {
    if (error instanceof RetriesExhausted) return { kind: 'unavailable', message: error.message };
    throw error;
  }
  if (answer.status === 404 || answer.status === 410) return { kind: 'missing', status: answer.status };
  if (answer.status !== 200) return { kind: 'unusable', message: `answered ${answer.status}, not 200 with the document` };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    return { kind: 'unusable', message: `answered ${answer.contentType || 'no content type'} that is not JSON (${(error as Error).message})` };
  }
  return admitFetched(uri, json, repair);
}

/**
 * The gate, for a fetched document. Its `_links` (HAL navigation the publisher adds to every
 * document it serves, as we do) are dropped first: they are not data, and every document would
 * be noted for it. Then the repairs a load makes (unless `repair` is 'none'), relative ids
 * resolved against the document's URL, as JSON-LD does. The document must be the one the feed
 * named: a harvested copy keeps the publisher's ids, and a delete in the feed must find it under the same id.
 */
export function admitFetched(uri: string, json: unknown, repair: RepairPolicy = 'all'): Fetched {
  if (json !== null && typeof json === 'object' && !Array.isArray(json) && '_links' in json) {
    const { _links: _dropped, ...rest } = json as Record<string, unknown>;
    json = rest;
  }
  let repairs: string[] = [];
  if (repair === 'all') {
    const repaired = repairDocument(json, { base: uri });
    json = repaired.document;
    repairs = repaired.repairs.map(formatRepair);
  }
  let document: IngestedDocument;
  try {
    document = admitDocument(json, uri);
  } catch (error) {
    if (!(error instanceof DocumentRejected)) throw error;
    return { kind: 'rejected', problems: error.problems, message: error.message, repairs };
  }
  if (document.id !== uri) {
    return { kind: 'unusable', message: `the document there has the id ${document.id}, not ${uri} as the feed says: not stored (its copy could never be updated or deleted by the feed)` };
  }
  return { kind: 'admitted', document, repairs };
}
