/**
 * What a write through the DocumentService is given and answers: a document checked elsewhere,
 * a condition on the version stored, and what was written.
 */
import type { WireGraphs } from '../rdf/wireGraphs.js';
import type { StoredDocument } from './storedDocument.js';

/** What a putAll did: ids written (new or replaced) and ids left alone because the stored version is the same. */
export interface PutOutcome {
  readonly created: string[];
  readonly replaced: string[];
  readonly unchanged: string[];
  /** The modification stamp the written documents were stored with (absent when none was written). */
  readonly when?: Date;
}

/** A document admitted off the request thread: its digest, its class, and its graphs as storedGraphs makes them (stamped `when`). */
export interface CheckedDocument {
  readonly id: string;
  readonly digest: string;
  readonly type: string | undefined;
  readonly graphs: WireGraphs;
  readonly when: Date;
}

/** What commit did: PutOutcome, and the ids removed. */
export interface CommitOutcome extends PutOutcome {
  readonly deleted: string[];
}

/**
 * A condition on the stored version of a document (a conditional write: If-Match and the like),
 * checked inside the write's turn so no other write can come between: it throws to refuse the
 * write, and then nothing is written. `current` is undefined when no document has the id.
 */
export type Precondition = (current: StoredDocument | undefined) => void | Promise<void>;
