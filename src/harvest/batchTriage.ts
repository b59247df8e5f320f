/**
 * A harvested batch sorted before the gate: the documents that go to it (added to the gate's
 * batch, in order), and the outcomes known at once, reported later in feed order: a change
 * refused, a document past a limit, under another id than the feed's, missing or unusable.
 * Removals go to neither: they need no check.
 */
import type { GateBatch } from '../load/gate/Gate.js';
import { repairedId, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { documentLimitsExceeded, limitProblem, type DocumentLimits } from '../ingest/documentLimits.js';
import { jsonId } from '../ingest/jsonKeys.js';
import type { Change } from './activities.js';
import type { Fetched } from './fetchDocument.js';
import type { HarvestReport } from './HarvestReport.js';
import { missing, refused, rejected, unusable } from './harvestOutcomes.js';

export interface Triage {
  /** The changes whose documents went to the gate, in the gate batch's order. */
  readonly checked: Change[];
  /** The other changes' outcomes, to report once the batches before are written. */
  readonly outcomes: Array<() => void>;
}

export function triageBatch(
  feedUrl: string,
  batch: readonly Change[],
  fetched: readonly Fetched[],
  report: HarvestReport,
  gateBatch: GateBatch,
  options: { readonly repair: RepairPolicy; readonly documentLimits: DocumentLimits },
): Triage {
  const checked: Change[] = [];
  const outcomes: Array<() => void> = [];
  batch.forEach((change, i) => {
    const f = fetched[i];
    if (f.kind === 'refused') {
      outcomes.push(() => refused(report, feedUrl, change, f.message));
      return;
    }
    if (change.effect === 'remove') return;
    switch (f.kind) {
      case 'document': {
        // Past a limit on one document: refused before anything walks it (the repairs, the
        // gate and a check worker's message all recurse, and would overflow on deep nesting).
        const exceeded = documentLimitsExceeded(f.json, f.bytes ?? 0, options.documentLimits);
        if (exceeded) {
          const problems = [limitProblem(exceeded, change.document)];
          outcomes.push(() => rejected(report, feedUrl, change, problems));
          break;
        }
        // The document must be the one the feed named: a harvested copy keeps the publisher's
        // ids, and a delete in the feed must find it under the same id.
        const id = jsonId(f.json);
        const taken = id === undefined || options.repair === 'none' ? id : repairedId(id, { base: change.document });
        if (taken !== undefined && taken !== change.document) {
          outcomes.push(() =>
            unusable(
              report,
              feedUrl,
              change.document,
              `the document there has the id ${taken}, not ${change.document} as the feed says: not stored (its copy could never be updated or deleted by the feed)`,
            ),
          );
          break;
        }
        checked.push(change);
        gateBatch.add({ kind: 'json', location: '', json: f.json, base: change.document }, change.document);
        break;
      }
      case 'missing':
        outcomes.push(() => missing(report, feedUrl, change, f.status));
        break;
      case 'unusable':
        outcomes.push(() => unusable(report, feedUrl, change.document, f.message));
        break;
      case 'unavailable':
        throw new Error(`internal: an unavailable document in a batch to write (${change.document})`);
      default:
        break;
    }
  });
  return { checked, outcomes };
}
