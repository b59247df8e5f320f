/**
 * The Linked Art v1 context, compiled once per process from the copy bundled in
 * data/context/ (nothing is ever fetched), and the reading of a document's `@context`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ActiveContext } from './ActiveContext.js';
import { ContextError, type LocalContext } from './TermDefinition.js';

export const LINKED_ART_CONTEXT_URI = 'https://linked.art/ns/v1/linked-art.json';

/** The project root: this file is at dist/src/context/ once compiled, src/context/ in source. */
const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url),
);
export const BUNDLED_CONTEXT_PATH = `${PROJECT_ROOT}data/context/linked-art.json`;

let v1: ActiveContext | undefined;
let v1Document: { '@context': LocalContext } | undefined;

/** The bundled v1 context document, as JSON. */
export function linkedArtContextDocument(): { '@context': LocalContext } {
  v1Document ??= JSON.parse(readFileSync(BUNDLED_CONTEXT_PATH, 'utf8')) as { '@context': LocalContext };
  return v1Document;
}

/** The compiled v1 context (compiled on first use, then shared). */
export function linkedArtContext(): ActiveContext {
  v1 ??= ActiveContext.empty().withLocal(linkedArtContextDocument()['@context']);
  return v1;
}

/** Extension contexts by their JSON text, so a repeated extension is compiled once. */
const extended = new Map<string, ActiveContext>();

/**
 * The active context a document's `@context` value gives: the v1 URI alone, or an array
 * whose last entry is the v1 URI and whose other entries are inline extension objects.
 * Any other URI would have to be fetched, which this service never does.
 */
export function contextFromDocumentValue(value: unknown): ActiveContext {
  if (value === LINKED_ART_CONTEXT_URI) return linkedArtContext();
  if (value === undefined) throw new ContextError(`"@context" is missing; it must be "${LINKED_ART_CONTEXT_URI}"`);
  if (typeof value === 'string') {
    throw new ContextError(
      `"@context" names "${value}", an unknown remote context; only "${LINKED_ART_CONTEXT_URI}" is known and nothing is fetched`,
    );
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new ContextError(`"@context" must be "${LINKED_ART_CONTEXT_URI}" or an array whose last entry is it`);
  }
  if (value[value.length - 1] !== LINKED_ART_CONTEXT_URI) {
    throw new ContextError(`the last entry of the "@context" array must be "${LINKED_ART_CONTEXT_URI}"`);
  }
  if (value.length === 1) return linkedArtContext();
  const key = JSON.stringify(value);
  let ctx = extended.get(key);
  if (ctx) return ctx;
  // Entries apply in order; the v1 context comes last, as the document says.
  ctx = ActiveContext.empty();
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (entry === LINKED_ART_CONTEXT_URI) ctx = ctx.withLocal(linkedArtContextDocument()['@context']);
    else if (typeof entry === 'string') {
      throw new ContextError(`"@context"[${i}] names "${entry}", an unknown remote context; nothing is fetched`);
    } else if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
      ctx = ctx.withLocal(entry as LocalContext);
    } else {
      throw new ContextError(`"@context"[${i}] must be an object (an inline extension) or the v1 context URI`);
    }
  }
  if (extended.size > 1000) extended.clear();
  extended.set(key, ctx);
  return ctx;
}
