/**
 * What a load is asked to do (Loader.ts): its passes (strict, dry run), its repairs and
 * conformance, its batches and check workers, and whom it tells of its progress.
 */
import type { Actor } from '../linkedart/Actor.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import type { LoadReport } from './LoadReport.js';
import type { RejectedRecord } from './rejectsFile.js';
import type { LoadKeeping } from '../keptIndexes/LoadKeptIndexes.js';

export interface LoadProgress {
  readonly documents: number;
  readonly bytes: number;
  /** Sum of the sizes of the inputs, when all are known. */
  readonly totalBytes: number | undefined;
}

export interface LoadOptions {
  readonly strict?: boolean;
  readonly dryRun?: boolean;
  /** Only subjects under it are documents when splitting triples; relative ids resolve against it (repair `relative-id`). */
  readonly baseUrl?: string;
  /** Repairs before the gate (src/ingest/repairs): 'all' (the default) or 'none'. */
  readonly repair?: RepairPolicy;
  /** 'strict' (the default) refuses a document with a Violation; 'report' stores one whose only Violations are the shapes', with them (validate/conformance.ts). */
  readonly conformance?: ConformancePolicy;
  /** What the source is known to do differently, for the repairs (`--date-order`); none by default. */
  readonly conventions?: SourceConventions;
  /** Documents per atomic write (default 500). */
  readonly batchSize?: number;
  readonly onProgress?: (progress: LoadProgress) => void;
  /** After each batch is stored (or, in a dry run, checked): the report so far, every count in it durable. */
  readonly onStored?: (report: Readonly<LoadReport>) => void;
  /** Checked between records: when it says stop, the load ends after the write in flight. */
  readonly signal?: AbortSignal;
  /**
   * Worker threads that check batches (render, ingest, shapes, digest) while this thread reads
   * on; 0 (the default): checked in this thread. Started at the first full batch.
   */
  readonly checkWorkers?: number;
  /**
   * This thread also answers readers (the server's /_bulk): the workers check every batch, the
   * first included, so no check holds the thread.
   */
  readonly keepThreadFree?: boolean;
  /** Documents warned about listed in the report (default: all); past them warnings are only counted, by rule. */
  readonly warningsListed?: number;
  /** Each refused record, with where it was and why, as its verdict comes (`--rejects FILE`). */
  readonly onRejected?: (rejected: RejectedRecord) => void;
  /** The limits on one document (default: DEFAULT_DOCUMENT_LIMITS); a document past them is refused as it is read. */
  readonly documentLimits?: DocumentLimits;
  /**
   * The inputs are read once, as they come, and nothing is kept in a file first (a server's
   * /_bulk, which acknowledges batches as it stores them): there is no first pass over the ids,
   * so a later copy of an id replaces an earlier one already stored, and its warning says so.
   */
  readonly readOnce?: boolean;
  /** Told each stored batch's lines of the kept start-up indexes, made by the gate (src/keptIndexes/LoadKeptIndexes.ts). */
  readonly keptIndexes?: LoadKeeping;
  /** Who loads (the change feed's `actor`: the curator of a /_bulk, `linkedart load`); a scoped one writes only ids under its prefix. */
  readonly actor?: Actor;
}
