/**
 * Where a load's batches are checked: in the loader's own thread (inThreadGate), or in check
 * workers (CheckWorkers) while the loader's thread goes on reading. A batch is filled record
 * by record, then checked with the stored digests of its ids; either gate answers with
 * checkBatch's verdicts and the graphs to store, in whichever form suits it.
 */
import type { Quad } from '../../rdf/terms.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';
import { KeptBatchLines, type KeptBatch } from '../../keptIndexes/keptBatch.js';
import {
  checkBatch,
  DEFAULT_GATE_OPTIONS,
  type DocumentRecord,
  type GateItem,
  type GateOptions,
  type GateVerdict,
} from './checkBatch.js';

export interface GateResult {
  readonly verdicts: readonly GateVerdict[];
  readonly graphs: WireGraphs | ReadonlyMap<string, readonly Quad[]>;
  /** With `keeping`: the batch's lines of the kept start-up indexes (src/keptIndexes/keptBatch.ts). */
  readonly kept?: KeptBatch;
}

export interface GateBatch {
  add(record: DocumentRecord, source: string): void;
  /**
   * `before`: the stored digest for each record added, in order; `storing`: whether graphs are
   * wanted; `keeping`: whether the kept start-up indexes' lines are too.
   */
  check(before: ReadonlyArray<string | undefined>, now: Date, storing: boolean, keeping?: boolean): Promise<GateResult>;
}

export interface Gate {
  batch(): GateBatch;
  close(): Promise<void>;
}

/** Batches checked here and now (small loads, and writes through a server's bulk endpoint), repaired as `options` say. */
export function inThreadGateFor(options: GateOptions): Gate {
  return {
    batch: () => inThreadBatch(options),
    close: () => Promise.resolve(),
  };
}

/** The in-thread gate with repairs on (the default). */
export const inThreadGate: Gate = inThreadGateFor(DEFAULT_GATE_OPTIONS);

function inThreadBatch(options: GateOptions): GateBatch {
  const items: Array<{ record: DocumentRecord; source: string }> = [];
  return {
    add: (record, source) => {
      items.push({ record, source });
    },
    check(before, now, storing, keeping = false) {
      const graphs = new Map<string, Quad[]>();
      const kept = storing && keeping ? new KeptBatchLines() : undefined;
      const keep = (g: string, quads: Quad[]) => {
        graphs.set(g, quads);
        kept?.add(g, quads);
      };
      const withBefore = items.map((item, i): GateItem => ({ ...item, before: before[i] }));
      const verdicts = checkBatch(withBefore, now, storing ? keep : undefined, options);
      return Promise.resolve({ verdicts, graphs, ...(kept ? { kept: kept.finish() } : {}) });
    },
  };
}
