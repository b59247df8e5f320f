/**
 * A document as the gate takes it from any write path: a JSON-LD document, or the quads of one
 * entity's graph (with the shape hints that travelled with it). `location` says where in the
 * input it was: a line or a record number, a graph of an update.
 */
import type { Quad } from '../../rdf/terms.js';

/** `base`: what its relative ids resolve against, when not the write's (a harvested document's URL). */
export interface JsonRecord {
  readonly kind: 'json';
  readonly location: string;
  readonly json: unknown;
  readonly base?: string;
  /**
   * The text `json` was parsed from, when the record is exactly that text: a check worker is sent
   * it instead of `json` (a string is copied whole; a parsed document is cloned object by object on
   * the thread that answers readers, and kept alive there until its batch goes).
   */
  readonly text?: string;
}

export interface GraphRecord {
  readonly kind: 'graph';
  readonly location: string;
  readonly id: string;
  readonly quads: Quad[];
  readonly hints: Quad[];
}

export type DocumentRecord = JsonRecord | GraphRecord;
