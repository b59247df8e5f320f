/**
 * The gate for one batch of a load: each record through the JSON-side rules and the shapes
 * (admitRecord's two halves), its digest held against the stored one, and what passes made
 * into the graphs it is stored as. A function of its input alone, so that it runs the same in
 * the loader's thread and in a check worker (CheckWorkers).
 */
import type { IngestedDocument } from '../../ingest/ingestDocument.js';
import { DocumentRejected, type Problem } from '../../linkedart/Problem.js';
import type { Quad } from '../../rdf/terms.js';
import { digestOf, storedGraphs } from '../../service/storedDocument.js';
import { entityClassOf, reverseLinksOf } from '../../discovery/reverseLinksOf.js';
import { WITHOUT_LINKS_FOR_BENCH } from '../../config/benchSwitches.js';
import { checkShapes } from '../../validate/admitDocument.js';
import { shaclValidator } from '../../validate/ShaclValidator.js';
import { ingestRecord, recordDigest } from '../../service/gate/graphRecord.js';
import { problemMessages } from '../LoadReport.js';
import type { LoadRecord } from '../records.js';
import type { RepairPolicy } from '../../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../../ingest/repairs/SourceConventions.js';
import { formatRepair, type RepairNote } from '../../ingest/repairs/RepairNote.js';
import { DEFAULT_CONFORMANCE, type ConformancePolicy } from '../../validate/conformance.js';

/** A record with where it came from, and the digest its id is stored with (when the loader read one). */
export interface GateItem {
  readonly record: DocumentRecord;
  readonly source: string;
  readonly before?: string;
}

export type DocumentRecord = Extract<LoadRecord, { kind: 'json' | 'graph' }>;

/** How the gate repairs records before it checks them (src/ingest/repairs). */
export interface GateOptions {
  readonly repair: RepairPolicy;
  /** What relative ids resolve against (the load's base URL). */
  readonly base?: string;
  /** Whether a document whose only Violations are the shapes' is stored with them (validate/conformance.ts); default strict. */
  readonly conformance?: ConformancePolicy;
  /** What the source is known to do differently (--date-order), for the repairs. */
  readonly conventions?: SourceConventions;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = { repair: 'all' };

/** What the gate says of one record, in the batch's order; `repairs`: what was repaired first (formatRepair). */
export type GateVerdict =
  /** Passed: to be stored (`replaced`: over a stored version); its Warnings as report lines. */
  | {
      readonly kind: 'pass';
      readonly id: string;
      readonly replaced: boolean;
      readonly warnings: string[];
      readonly repairs: string[];
      /** Its Linked Art class (the change feed names it). */
      readonly type: string | undefined;
      /** The shapes' Violations it is stored with (`report` policy), as report lines; absent: none. */
      readonly violations?: string[];
    }
  /** The stored version is the same document (under the same shapes): left alone; its repairs reported as on the load that stored it. */
  | { readonly kind: 'unchanged'; readonly id: string; readonly repairs: string[] }
  /** Refused, with every problem found (they cross to the loader's thread by structured clone). */
  | {
      readonly kind: 'rejected';
      readonly id: string | undefined;
      readonly problems: Problem[];
      readonly repairs: string[];
    };

/**
 * The verdicts on `items`, in order. The graphs of each document that passed, as storedGraphs
 * makes them, go to `keep` as soon as it has passed (none when there is no `keep`: a check that
 * stores nothing, a dry run or the first pass of --strict); `now` is their modification stamp.
 */
export function checkBatch(
  items: Iterable<GateItem>,
  now: Date,
  keep?: (graph: string, quads: Quad[]) => void,
  options: GateOptions = DEFAULT_GATE_OPTIONS,
): GateVerdict[] {
  const verdicts: GateVerdict[] = [];
  const version = shaclValidator().version;
  for (const { record, source, before } of items) {
    // A graph whose own digest is the stored one holds exactly the stored document: not even read
    // (nor repaired: it is the stored, repaired form).
    if (before !== undefined && record.kind === 'graph' && before === recordDigest(record, version)) {
      verdicts.push({ kind: 'unchanged', id: record.id, repairs: [] });
      continue;
    }
    let checked: IngestedDocument;
    let digest: string | undefined;
    const notes: RepairNote[] = [];
    try {
      const base = record.kind === 'json' ? (record.base ?? options.base) : options.base;
      const doc = ingestRecord(record, source, {
        policy: options.repair,
        base,
        conventions: options.conventions,
        notes,
      });
      // Against a stored digest first (unchanged: no shapes); otherwise only for a document that passes.
      // Never for one with ingest problems: what was read of it may be all the stored one holds.
      if (before !== undefined && doc.refusals.length === 0) {
        digest = digestOf(doc);
        if (before === digest) {
          verdicts.push({ kind: 'unchanged', id: doc.id, repairs: notes.map(formatRepair) });
          continue;
        }
      }
      checked = checkShapes(doc, `${source} ${record.location}`, options.conformance ?? DEFAULT_CONFORMANCE);
    } catch (error) {
      if (!(error instanceof DocumentRejected)) throw error;
      verdicts.push({
        kind: 'rejected',
        id: error.document,
        problems: [...error.problems],
        repairs: notes.map(formatRepair),
      });
      continue;
    }
    // Its class, as its links graph names it (found once for both when it is stored).
    const links = keep && !WITHOUT_LINKS_FOR_BENCH ? reverseLinksOf(checked.id, checked.quads) : undefined;
    verdicts.push({
      kind: 'pass',
      id: checked.id,
      replaced: before !== undefined,
      warnings: problemMessages(checked.warnings),
      repairs: notes.map(formatRepair),
      type: links ? links.type : entityClassOf(checked.id, checked.quads),
      ...(checked.violations ? { violations: problemMessages(checked.violations) } : {}),
    });
    if (keep)
      for (const [graph, quads] of storedGraphs(checked, digest ?? digestOf(checked), now, links)) keep(graph, quads);
  }
  return verdicts;
}
