/**
 * What a harvest is asked to do (Harvester.ts): where it starts, how much it fetches and checks
 * at once, what it trusts, and the bounds on what it reads.
 */
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import type { Fetched } from './fetchDocument.js';
import type { NamesAtSource } from './namesAtSource.js';
import type { RetryOptions } from './httpGet.js';
import type { FeedSource } from './readFeed.js';

export interface HarvestProgress {
  readonly phase: 'feed' | 'documents';
  /** Pages read (feed), or changes applied (documents). */
  readonly done: number;
  /** Changes to apply, once the feed is read. */
  readonly total?: number;
}

export interface HarvestOptions {
  /** Start from this time, not from where the last harvest of the feed ended. */
  readonly since?: Date;
  /** Documents fetched at once (default 8). */
  readonly concurrency?: number;
  /** Changes per atomic write (default 100). */
  readonly batchSize?: number;
  /** Worker threads that check the documents (as a load's --check-workers); 0 (the default): checked in this thread. */
  readonly checkWorkers?: number;
  readonly http?: RetryOptions;
  /** The repairs a load makes, before the gate: 'all' (default, as a load) or 'none'. */
  readonly repair?: RepairPolicy;
  /** 'strict' (default) or 'report': a document whose only Violations are the shapes' is stored with them (validate/conformance.ts). */
  readonly conformance?: ConformancePolicy;
  /** Where the feed is read from (default: over HTTP with `http`). */
  readonly feed?: FeedSource;
  /** Fetches a document (default: over HTTP with `http`). */
  readonly fetch?: (uri: string) => Promise<Fetched>;
  /**
   * Reads what a Move's old id, never held here, was found by at the publisher (default: over
   * HTTP with `http`, namesAtSource.ts; none asked when `fetch` serves the documents instead).
   */
  readonly movedNames?: (id: string) => Promise<NamesAtSource>;
  readonly onProgress?: (progress: HarvestProgress) => void;
  /** Stops the harvest: the walk, the fetches in flight (abandoned); the batches being checked and written are finished. */
  readonly signal?: AbortSignal;
  /** The limits on one document (default: DEFAULT_DOCUMENT_LIMITS): a document past them is refused before the gate, and the harvest goes on. */
  readonly documentLimits?: DocumentLimits;
  /** Origins besides the feed's own whose ids the feed may act on (--allow-origin); their addresses are allowed whatever they are. */
  readonly allowOrigins?: readonly string[];
  /** Connect to loopback, private and link-local addresses too (--allow-private-addresses). */
  readonly allowPrivateAddresses?: boolean;
  /** The most bytes read of a document (default 16 MiB) and of the feed's collection or a page (default 32 MiB). */
  readonly maxDocumentBytes?: number;
  readonly maxPageBytes?: number;
  /** Bounds of the walk (walkBack.ts); default none. */
  readonly maxPagesWithoutProgress?: number;
  readonly maxChanges?: number;
}

export const DEFAULT_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_PAGE_BYTES = 32 * 1024 * 1024;
