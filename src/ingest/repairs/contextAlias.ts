/**
 * `context-alias`: a root `@context` (the string, or the last entry of the array) that is a
 * known published copy of the v1 context becomes the v1 URI, so the document is read with
 * the bundled context (nothing is ever fetched) and served with the URI the spec names.
 *
 * Only copies whose text is known to be the v1 context are accepted. Getty's
 * `https://static.getty.edu/contexts/linked.art/ns/v1.1.0/linked-art.json` is not among them:
 * its text could not be found to compare, and a context is not taken on trust (such a
 * document stays refused, naming the context).
 */
import { LINKED_ART_CONTEXT_URI } from '../../context/linkedArtContext.js';
import { withValue, type JsonObject, type Note, type Repair } from './Repair.js';

/** Published copies of the v1 context, with why each is the same text. */
export const CONTEXT_ALIASES: ReadonlyMap<string, string> = new Map([
  // The same resource: linked.art answers http with a redirect to the https URI.
  ['http://linked.art/ns/v1/linked-art.json', 'the v1 URI over http'],
]);

export const contextAlias: Repair = {
  name: 'context-alias',
  cites:
    'JSON-LD 1.1 §3.1 (a context is identified by its URL; the same document under another URL means the same) and the Linked Art API 1.0 (documents use https://linked.art/ns/v1/linked-art.json)',
  summary: `a root @context that is a known copy of the v1 context becomes ${LINKED_ART_CONTEXT_URI}`,
  document(doc: JsonObject, note: Note): JsonObject | undefined {
    const context = doc['@context'];
    if (typeof context === 'string') {
      if (!CONTEXT_ALIASES.has(context)) return undefined;
      note('@context', `"${context}" → "${LINKED_ART_CONTEXT_URI}" (${CONTEXT_ALIASES.get(context)!})`);
      return withValue(doc, '@context', LINKED_ART_CONTEXT_URI);
    }
    if (!Array.isArray(context) || context.length === 0) return undefined;
    const last = context[context.length - 1];
    if (typeof last !== 'string' || !CONTEXT_ALIASES.has(last)) return undefined;
    note(`@context[${context.length - 1}]`, `"${last}" → "${LINKED_ART_CONTEXT_URI}" (${CONTEXT_ALIASES.get(last)!})`);
    return withValue(doc, '@context', [...context.slice(0, -1), LINKED_ART_CONTEXT_URI]);
  },
};
