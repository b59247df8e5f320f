/**
 * A batch as it travels to a check worker, and its answer as it comes back. The records'
 * quads go interned (src/rdf/wireGraphs.ts), each record as it is added (JobBuilder), so its
 * quads die young; as objects, structured clone would cost the loader's thread about what
 * checking them does. JSON records go as the text they were parsed from when they have it (parsed
 * again in the worker: the loader's thread neither clones the document nor keeps it until the
 * batch goes, which in a server's /_bulk made its garbage collections long), else as they are.
 */
import type { Quad } from '../../rdf/terms.js';
import { WireDecoder, WireEncoder, type WireGraphs } from '../../rdf/wireGraphs.js';
import type { KeptBatch } from '../../keptIndexes/keptBatch.js';
import type { DocumentRecord, GateItem, GateOptions, GateVerdict } from './checkBatch.js';

export interface BatchJob {
  /** The modification stamp, as a time value. */
  readonly now: number;
  readonly storing: boolean;
  /** The stored graphs made into the kept start-up indexes' lines too (src/keptIndexes/keptBatch.ts). */
  readonly keeping: boolean;
  /** How records are repaired before they are checked. */
  readonly options: GateOptions;
  readonly items: readonly ItemMessage[];
  /** The quads of the graph records, in runs of one graph each. */
  readonly wire: WireGraphs;
}

type ItemMessage =
  | {
      kind: 'json';
      readonly location: string;
      /** The document, or (when the record has it) the text it was parsed from. */
      readonly json?: unknown;
      readonly text?: string;
      readonly base?: string;
      readonly source: string;
      before?: string;
    }
  | {
      kind: 'graph';
      readonly location: string;
      readonly id: string;
      readonly source: string;
      before?: string;
      readonly quadRuns: number;
      readonly hintRuns: number;
    };

export interface BatchAnswer {
  readonly verdicts: readonly GateVerdict[];
  /** The graphs to store, interned. */
  readonly wire: WireGraphs;
  /** With `keeping`: the batch's lines of the kept start-up indexes. */
  readonly kept?: KeptBatch;
}

/** A batch's message, built record by record. */
export class JobBuilder {
  private readonly items: ItemMessage[] = [];
  private readonly encoder = new WireEncoder();

  add(record: DocumentRecord, source: string): void {
    if (record.kind === 'json') {
      const { location, base, text } = record;
      this.items.push(
        text === undefined
          ? { kind: 'json', location, json: record.json, base, source }
          : { kind: 'json', location, text, base, source },
      );
      return;
    }
    const quadRuns = this.addRuns(record.quads);
    const hintRuns = this.addRuns(record.hints);
    this.items.push({ kind: 'graph', location: record.location, id: record.id, source, quadRuns, hintRuns });
  }

  /** The batch's job, with what to transfer rather than copy. */
  job(
    before: ReadonlyArray<string | undefined>,
    now: Date,
    storing: boolean,
    options: GateOptions,
    keeping = false,
  ): { work: BatchJob; transfer: ArrayBuffer[] } {
    this.items.forEach((item, i) => {
      item.before = before[i];
    });
    const wire = this.encoder.finish();
    return {
      work: { now: now.getTime(), storing, keeping, options, items: this.items, wire },
      transfer: [wire.codes.buffer],
    };
  }

  /** Consecutive quads of one graph as one run each (a record's quads are normally one run); how many runs. */
  private addRuns(quads: readonly Quad[]): number {
    let count = 0;
    for (let start = 0; start < quads.length;) {
      const graph = quads[start].graph;
      if (graph.termType !== 'NamedNode')
        throw new Error(`a record's quad in the graph ${graph.termType} cannot be sent to a check worker`);
      let end = start + 1;
      while (end < quads.length && quads[end].graph.value === graph.value) end++;
      this.encoder.add(graph.value, start === 0 && end === quads.length ? quads : quads.slice(start, end));
      count++;
      start = end;
    }
    return count;
  }
}

/** The batch a message carries. */
export function* itemsOf(message: BatchJob): Generator<GateItem> {
  // Each record's quads made as it comes, so they die young (WireDecoder).
  const runs = new WireDecoder(message.wire);
  const take = (count: number): Quad[] => {
    if (count === 1) return runs.next()[1];
    const quads: Quad[] = [];
    for (let i = 0; i < count; i++) for (const q of runs.next()[1]) quads.push(q);
    return quads;
  };
  for (const m of message.items) {
    yield m.kind === 'json'
      ? {
          record: {
            kind: 'json',
            location: m.location,
            json: m.text === undefined ? m.json : (JSON.parse(m.text) as unknown),
            base: m.base,
          },
          source: m.source,
          before: m.before,
        }
      : {
          record: { kind: 'graph', location: m.location, id: m.id, quads: take(m.quadRuns), hints: take(m.hintRuns) },
          source: m.source,
          before: m.before,
        };
  }
}
