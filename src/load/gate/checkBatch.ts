/**
 * The gate for one batch of a load: each record through the one gate (service/gate/admit.ts),
 * with the digest its id is stored with (the same document is left alone, its shapes not run),
 * and what passes made into the graphs it is stored as. A function of its input alone, so that it runs the same in
 * the loader's thread and in a check worker (CheckWorkers).
 */
import type { Problem } from '../../linkedart/Problem.js';
import type { Quad } from '../../rdf/terms.js';
import { digestOf, storedGraphs } from '../../service/storedDocument.js';
import { entityClassOf, reverseLinksOf } from '../../discovery/reverseLinksOf.js';
import { WITHOUT_LINKS_FOR_BENCH } from '../../config/benchSwitches.js';
import { admit, type Admission, type GatePolicy } from '../../service/gate/admit.js';
import { problemMessages } from '../LoadReport.js';
import type { LoadRecord } from '../records.js';

/** A record with where it came from, and the digest its id is stored with (when the loader read one). */
export interface GateItem {
  readonly record: DocumentRecord;
  readonly source: string;
  readonly before?: string;
}

export type DocumentRecord = Extract<LoadRecord, { kind: 'json' | 'graph' }>;

/** How a load's gate repairs and judges its records: the one gate's policy (service/gate/admit.ts), held against no id. */
export type GateOptions = Omit<GatePolicy, 'id'>;

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
  for (const { record, source, before } of items) {
    const admission = admit(record, source, options, before);
    if (admission.kind !== 'admitted') {
      verdicts.push(verdictOf(admission));
      continue;
    }
    const { document: checked, repairs, digest } = admission;
    // Its class, as its links graph names it (found once for both when it is stored).
    const links = keep && !WITHOUT_LINKS_FOR_BENCH ? reverseLinksOf(checked.id, checked.quads) : undefined;
    verdicts.push({
      kind: 'pass',
      id: checked.id,
      replaced: before !== undefined,
      warnings: problemMessages(checked.warnings),
      repairs,
      type: links ? links.type : entityClassOf(checked.id, checked.quads),
      ...(checked.violations ? { violations: problemMessages(checked.violations) } : {}),
    });
    if (keep)
      for (const [graph, quads] of storedGraphs(checked, digest ?? digestOf(checked), now, links)) keep(graph, quads);
  }
  return verdicts;
}

/** A verdict of the gate on a document not to be stored, as a load reports it. */
function verdictOf(admission: Exclude<Admission, { kind: 'admitted' }>): GateVerdict {
  switch (admission.kind) {
    case 'unchanged':
      return admission;
    case 'rejected':
      return admission;
    case 'otherId':
      // A load asks for no id (GatePolicy.id): never here.
      throw new Error(`a load's record was held against an id: ${admission.given}`);
  }
}
