/**
 * Fetching one harvested document, asked for as Linked Art JSON-LD (the profile of the Linked
 * Art API). What comes back says what to do with it: check it (the gate, in the harvester's
 * check workers), or report it (gone, not JSON); none of these stops the harvest. A publisher
 * that keeps failing (5xx, timeouts, network) after every retry is the one outcome that stops
 * it, so the document is tried again on the next run rather than skipped. An answer refused
 * outright (larger than --max-document-bytes, a redirect loop, an address not allowed) is
 * unusable: one failed item.
 */
import { AnswerRefused, getWithRetries, RetriesExhausted, type RetryOptions } from './httpGet.js';

export const LINKED_ART_ACCEPT =
  'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json", application/ld+json;q=0.9, application/json;q=0.8';

export type Fetched =
  /** The document as JSON, its `_links` dropped (fetchedJson): for the gate; `bytes`: the size of the answer, held against the limit on one document. */
  | { readonly kind: 'document'; readonly json: unknown; readonly bytes?: number }
  /** 404 or 410 although the feed says the document exists. */
  | { readonly kind: 'missing'; readonly status: number }
  /** Any other answer that is not a Linked Art document. */
  | { readonly kind: 'unusable'; readonly message: string }
  /** Every retry failed: the harvest stops before this document. */
  | { readonly kind: 'unavailable'; readonly message: string }
  /** Not this feed's to change (another origin, another feed's document): not fetched, reported. */
  | { readonly kind: 'refused'; readonly message: string };

export async function fetchDocument(uri: string, options: RetryOptions): Promise<Fetched> {
  if (!/^https?:\/\//i.test(uri)) return { kind: 'unusable', message: 'not an http(s) URL: it cannot be fetched' };
  let answer;
  try {
    answer = await getWithRetries(uri, LINKED_ART_ACCEPT, options);
  } catch (error) {
    if (error instanceof RetriesExhausted) return { kind: 'unavailable', message: error.message };
    // Too large, a redirect loop or to file:, an address not allowed: asking again changes
    // nothing, so it is one failed item and the harvest (and its state) goes past it.
    if (error instanceof AnswerRefused) return { kind: 'unusable', message: error.reason };
    throw error;
  }
  if (answer.status === 404 || answer.status === 410) return { kind: 'missing', status: answer.status };
  if (answer.status !== 200)
    return { kind: 'unusable', message: `answered ${answer.status}, not 200 with the document` };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    return {
      kind: 'unusable',
      message: `answered ${answer.contentType || 'no content type'} that is not JSON (${(error as Error).message})`,
    };
  }
  return fetchedJson(json, Buffer.byteLength(answer.body));
}

/**
 * A fetched document for the gate. Its `_links` (HAL navigation the publisher adds to every
 * document it serves, as we do) are dropped first: they are not data, and every document would
 * be noted for it. The repairs a load makes and the gate follow (Harvester).
 */
export function fetchedJson(json: unknown, bytes?: number): Fetched {
  if (json !== null && typeof json === 'object' && !Array.isArray(json) && '_links' in json) {
    const { _links: _dropped, ...rest } = json as Record<string, unknown>;
    json = rest;
  }
  return bytes === undefined ? { kind: 'document', json } : { kind: 'document', json, bytes };
}
