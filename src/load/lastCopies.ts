/**
 * Which copy of an id a load keeps, known before anything is written: the last one in input
 * order (inputs in the order given, a directory's files in name order; records in file order).
 * An earlier copy is superseded: never checked nor written, reported as such (superseded.ts).
 * Deciding after writing made the copies take turns: a reload wrote the earlier copy over the
 * stored later one and then the later again, two Updates in the change feed on every run.
 *
 * So a first pass reads the ids alone, of the inputs that may hold a later copy: every JSON
 * input (JSON records, duplicates may stand anywhere in one file), and every RDF input after
 * the first (within one RDF input a document's quads come in one run, rdfRecords.ts refuses a
 * graph that comes again, so only a later input can repeat its ids). A load of one RDF dump
 * reads it once, as before; JSON costs a second parse (about 3% of a load).
 */
import { repairedId, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { strictText } from '../ingest/Utf8TextStream.js';
import type { LoadInput } from './inputs.js';
import { readRecords } from './readRecords.js';
import type { LoadRecord } from './records.js';

/** Records per input in the packed place of a copy (input * PER_INPUT + record number). */
const PER_INPUT = 2 ** 32;

export interface IdOptions {
  readonly baseUrl?: string;
  readonly repair?: RepairPolicy;
}

export interface ReadOptions extends IdOptions {
  readonly documentLimits?: DocumentLimits;
  readonly signal?: AbortSignal;
}

export class LastCopies {
  /** Each id read, with the place of its last copy (input, record number among the input's records). */
  private readonly last = new Map<string, number>();

  /** Whether the inputs need the first pass: one RDF input holds no id twice (and a stream is read once). */
  static needed(inputs: readonly LoadInput[]): boolean {
    return inputs.some((input, i) => scanned(input, i));
  }

  /** The ids of `inputs`, read before the load (the inputs are read again by it). */
  static async read(inputs: readonly LoadInput[], options: ReadOptions): Promise<LastCopies> {
    const copies = new LastCopies();
    for (const [i, input] of inputs.entries()) {
      if (!scanned(input, i) || options.signal?.aborted) continue;
      let n = 0;
      const stream = strictText(input.open(), input.name);
      try {
        for await (const record of readRecords(stream, input, { baseUrl: options.baseUrl, limits: options.documentLimits })) {
          const id = recordId(record, options);
          if (id !== undefined) copies.last.set(id, i * PER_INPUT + n);
          n++;
        }
      } catch {
        // Bytes that stop the reading (not UTF-8): the load itself meets them at the same place and says so.
      } finally {
        stream.destroy();
      }
    }
    return copies;
  }

  /** Whether the `n`th record (counting every record read) of input `input`, of this id, is not its last copy. */
  superseded(id: string, input: number, n: number): boolean {
    const last = this.last.get(id);
    return last !== undefined && last !== input * PER_INPUT + n;
  }
}

/** An input read in the first pass: JSON, or any input after the first. */
function scanned(input: LoadInput, index: number): boolean {
  return input.format === 'jsonld' || input.format === 'ndjson' || index > 0;
}

/** The id of a document record as the gate will take it (repaired, when repairs are on); undefined for any other record. */
export function recordId(record: LoadRecord, options: IdOptions): string | undefined {
  if (record.kind === 'graph') return record.id;
  if (record.kind !== 'json') return undefined;
  const json = record.json;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  if (typeof id !== 'string') return undefined;
  return options.repair === 'none' ? id : repairedId(id, { base: options.baseUrl });
}
