/**
 * The texts a merged-away id was found by at the publisher, for a Move of an id this copy never
 * held (one it held gives them itself: merge/mergedNames.ts), so that search here finds the
 * Move's target by them as the publisher's does. Read from the publisher's public interface, as
 * Memento (RFC 7089) offers it: the id's own answer, not followed (our 308, a 410 or 404 elsewhere),
 * links its last version (`rel="last memento"`, or a `memento`), which is fetched as Linked Art
 * and its names, labels and identifiers read. At most two requests, each within
 * --max-document-bytes and the harvest's retries; the version must be on the id's own origin and
 * be the id's document. Whatever stops it is said (`none` and why), for the harvest report.
 */
import { ingestReadable } from '../ingest/ingestDocument.js';
import { textsFoundBy } from '../merge/mergedNames.js';
import { searchableNamesOf } from '../search/searchableNames.js';
import { fetchDocument, LINKED_ART_ACCEPT } from './fetchDocument.js';
import { AnswerRefused, getWithRetries, RetriesExhausted, type RetryOptions } from './httpGet.js';

export type NamesAtSource =
  { readonly kind: 'names'; readonly names: readonly string[] } | { readonly kind: 'none'; readonly reason: string };

export async function namesAtSource(id: string, options: RetryOptions): Promise<NamesAtSource> {
  const none = (reason: string): NamesAtSource => ({ kind: 'none', reason });
  let answer;
  try {
    answer = await getWithRetries(id, LINKED_ART_ACCEPT, { ...options, followRedirects: false });
  } catch (error) {
    if (error instanceof RetriesExhausted || error instanceof AnswerRefused) return none(error.message);
    throw error;
  }
  const version = lastVersionLink(answer.link, id);
  if (version === undefined)
    return none(`its answer (${answer.status}) links no last version (Link rel="last memento" or "memento")`);
  if (new URL(version).origin !== new URL(id).origin)
    return none(`its last version ${version} is not on its own origin: not asked`);
  const fetched = await fetchDocument(version, options);
  if (fetched.kind === 'missing') return none(`its last version ${version} answered ${fetched.status}`);
  if (fetched.kind !== 'document') return none(`its last version ${version}: ${fetched.message}`);
  let read;
  try {
    read = ingestReadable(fetched.json, version);
  } catch (error) {
    return none(`its last version ${version} cannot be read: ${(error as Error).message}`);
  }
  if (read.id !== id) return none(`its last version ${version} is the document of ${read.id}, not of ${id}`);
  return { kind: 'names', names: [...new Set(textsFoundBy(searchableNamesOf(id, read.quads)))] };
}

/** The last version a `Link` header names (`last memento` first, else its last `memento`), resolved against `id`. */
export function lastVersionLink(header: string | undefined, id: string): string | undefined {
  if (header === undefined) return undefined;
  let last: string | undefined;
  let memento: string | undefined;
  // Each link: <uri> then its parameters, a value a token or a quoted string (a datetime has commas).
  for (const m of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,\s]*))?)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(m[2]);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('memento')) continue;
    let uri: string;
    try {
      uri = new URL(m[1], id).href;
    } catch {
      continue;
    }
    if (rels.includes('last')) last ??= uri;
    memento = uri;
  }
  return last ?? memento;
}
