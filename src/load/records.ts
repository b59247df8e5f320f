/**
 * What the readers of a dump hand the loader, one at a time: a JSON-LD document, or the
 * quads of one entity's graph (with the shape hints that travelled with it), or a part of
 * the input that is no document (unreadable, or triples that belong to none), which is
 * reported, never dropped. `location` says where in the input: a line or a record number.
 */
import type { Problem } from '../linkedart/Problem.js';
import type { Quad } from '../rdf/terms.js';
import type { GraphRecord, JsonRecord } from '../service/gate/documentRecord.js';

export type LoadRecord =
  | JsonRecord
  | GraphRecord
  | { readonly kind: 'unreadable'; readonly location: string; readonly message: string }
  /**
   * A document refused before anything walks it: past a limit on one document
   * (src/ingest/documentLimits.ts). `text`: the document as given, for a rejects file, when it
   * is not itself too large to keep.
   */
  | RefusedRecord
  | { readonly kind: 'leftover'; readonly location: string; readonly message: string; readonly quads: Quad[] }
  /** An id merged into another, as an export states it (`#@merged <A> <B>`, with history its names too): kept so after the load. */
  | {
      readonly kind: 'merged';
      readonly location: string;
      readonly from: string;
      readonly to: string;
      readonly names?: readonly string[];
    }
  /** A document's history graphs, as an export with history holds them (export/historyGraphs.ts): put back after it. */
  | HistoryRecord;

export interface HistoryRecord {
  readonly kind: 'history';
  readonly location: string;
  /** The document whose history it is. */
  readonly id: string;
  /** Its history graphs by name (the record graph, past versions' entity and hint graphs), as read. */
  readonly graphs: Map<string, Quad[]>;
}

export interface RefusedRecord {
  readonly kind: 'refused';
  readonly location: string;
  readonly id: string | undefined;
  readonly problem: Problem;
  readonly text?: string;
  /** A graph read from RDF: the graph as read, for a rejects file (as N-Quads). */
  readonly graph?: Extract<LoadRecord, { kind: 'graph' }>;
}
