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
 * reads it once, as before. JSON is not parsed in this pass: each record's id is read from its
 * text (scannedId.ts), which is exact for every record JSON.parse reads; a record the load will
 * find unreadable (or past a limit) has no id there, so an id read here from such a record must
 * not count as a copy. It cannot: of the records of one id read here, the first is taken as
 * read, and each later one is parsed as the load will parse it, and counts only if the load
 * will see that id there. So where the load sees a copy of an id, the last place noted for it
 * is the last place the load sees it (the first record noted for an id is the last copy only
 * when no later record has it; and when that first one is not really that id, the load never
 * asks about the id at all: a record that really holds it, read later, would have been parsed).
 */
import { repairedId, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../ingest/documentLimits.js';
import { strictText } from '../ingest/Utf8TextStream.js';
import type { LoadInput } from './inputs.js';
import { jsonPieces, parsedPiece } from './jsonRecords.js';
import { readRecords } from './readRecords.js';
import type { LoadRecord } from './records.js';
import { scannedId, UNSURE } from './scannedId.js';
import type { Piece } from './topLevelScanner.js';

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
        if (json(input)) {
          const limits = options.documentLimits ?? DEFAULT_DOCUMENT_LIMITS;
          for await (const pieces of jsonPieces(stream, limits))
            for (const piece of pieces) copies.jsonCopy(piece, i * PER_INPUT + n++, limits, options);
        } else {
          for await (const record of readRecords(stream, input, {
            baseUrl: options.baseUrl,
            limits: options.documentLimits,
          })) {
            const id = recordId(record, options);
            if (id !== undefined) copies.last.set(id, i * PER_INPUT + n);
            n++;
          }
        }
      } catch {
        // Bytes that stop the reading (not UTF-8): the load itself meets them at the same place and says so.
      } finally {
        stream.destroy();
      }
    }
    return copies;
  }

  /** A JSON record at `place`, its id read from its text (see the top of this file for why that is sound). */
  private jsonCopy(piece: Piece, place: number, limits: DocumentLimits, options: IdOptions): void {
    // Unreadable, or too large to keep: the load reads no id there either (parsedPiece says so before any parse).
    if (piece.error || piece.bytes !== undefined) return;
    const scanned = scannedId(piece.text);
    if (scanned === undefined) return;
    const id = scanned === UNSURE ? undefined : givenId(scanned, options);
    // Not sure, or a later record of an id noted already: parsed, as the load will parse it.
    const exact = id === undefined || this.last.has(id) ? recordId(parsedPiece(piece, limits), options) : id;
    if (exact !== undefined) this.last.set(exact, place);
  }

  /** Whether the `n`th record (counting every record read) of input `input`, of this id, is not its last copy. */
  superseded(id: string, input: number, n: number): boolean {
    const last = this.last.get(id);
    return last !== undefined && last !== input * PER_INPUT + n;
  }
}

function json(input: LoadInput): boolean {
  return input.format === 'jsonld' || input.format === 'ndjson';
}

/** An input read in the first pass: JSON, or any input after the first. */
function scanned(input: LoadInput, index: number): boolean {
  return json(input) || index > 0;
}

/** The id of a document record as the gate will take it (repaired, when repairs are on); undefined for any other record. */
export function recordId(record: LoadRecord, options: IdOptions): string | undefined {
  if (record.kind === 'graph') return record.id;
  if (record.kind !== 'json') return undefined;
  const json = record.json;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const id = (json as Record<string, unknown>)['id'] ?? (json as Record<string, unknown>)['@id'];
  return typeof id === 'string' ? givenId(id, options) : undefined;
}

/** An id as the gate will take it: repaired, when repairs are on. */
function givenId(id: string, options: IdOptions): string {
  return options.repair === 'none' ? id : repairedId(id, { base: options.baseUrl });
}
