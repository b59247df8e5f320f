/**
 * A stored document that is not the live one (a past version, src/history), as the bytes of one
 * format: rendered each time (not cached) as the live one is; on its page, the memento's banner
 * and no history link.
 */
import type { PastVersion } from '../render/html/EntityPage.js';
import type { Format } from '../render/formats.js';
import type { StoredDocument } from './storedDocument.js';
import type { Representation } from './represent.js';
import type { RepresentationInputs } from './representationInputs.js';
import { representAside } from './representAside.js';

export interface PastVersionOptions {
  /** The JSON-LD without its `_links` (a client that asked so). */
  readonly omitLinks?: boolean;
  /** What the page's banner says. */
  readonly memento?: PastVersion;
}

export async function representPastVersion(
  inputs: RepresentationInputs,
  stored: StoredDocument,
  format: Format,
  { omitLinks = false, memento }: PastVersionOptions = {},
): Promise<Representation> {
  const bare = omitLinks && inputs.linked && format.name === 'jsonld';
  if (format.name !== 'html')
    return representAside(stored, format, bare ? undefined : await inputs.halInput(stored.id, format));
  const page = await inputs.pageInput(stored);
  return representAside(stored, format, undefined, { ...page, memento, history: undefined });
}
