/**
 * The parts of a document ingest could not read, and why: so the gate can still check the rest
 * with the shapes, say in each problem what it kept from being read (problems inside are not
 * checked), and tell a shape violation that only follows from a part not read (a Name whose
 * misspelt `contnet` was not read "has no content") from one of its own.
 */

/** What reading a part would have given the node it stands on. */
export type WouldHaveGiven =
  /** Values of the key at this JSON path (as the context spells it: a misspelt key's nearest term). */
  | { readonly key: string }
  /** A class of the node at this JSON path. */
  | { readonly typeOf: string };

export interface UnreadPart {
  /** JSON path of what was not read: a key's value, a structure, one of a node's types. */
  readonly path: string;
  /** The ingest problem (its index in the document's refusals) that kept it from being read. */
  readonly problem: number;
  readonly wouldHaveGiven?: WouldHaveGiven;
}

/** The JSON path of the key an entry stands under (`identified_by[2]` → `identified_by`). */
export function keyPathOf(entryPath: string): string {
  return entryPath.replace(/\[\d+\]$/, '');
}

/** The JSON path of `term` beside the key at `keyPath` (`part[0].contnet`, `content` → `part[0].content`). */
export function besideKey(keyPath: string, key: string, term: string): string {
  return keyPath.slice(0, keyPath.length - key.length) + term;
}
