/**
 * What `linkedart validate` checks: every input `linkedart load` reads (JSON-LD, NDJSON,
 * N-Quads, TriG, Turtle, N-Triples, gzipped or not, directories of them, `-` with --format),
 * split into documents as the load splits them, repaired as it repairs them, and checked by the
 * same gate (ingest rules, then the shapes), so a data team sees the verdicts a load will give,
 * at the same places (`dump.ttl line 19 (document 1 <…>)`, `dump.ndjson line 3 (record 3)`).
 */
import type { RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import type { Problem } from '../linkedart/Problem.js';
import { admit } from '../service/gate/admit.js';
import type { DocumentRecord } from '../service/gate/documentRecord.js';
import { InputError, resolveInputs, type DumpFormat } from '../load/inputs.js';
import { leftoverSample, readRecords } from '../load/readRecords.js';
import { strictText } from '../ingest/Utf8TextStream.js';

export interface ValidationReport {
  source: string;
  document?: string;
  valid: boolean;
  problems: Problem[];
  /** What was repaired before the check (formatRepair), as a load would repair it. */
  repairs: string[];
}

export interface ValidateOptions {
  readonly repair?: RepairPolicy;
  /** What relative ids resolve against, and the documents of graph-less triples are under. */
  readonly base?: string;
  /** What the source is known to do differently (--date-order), for the repairs. */
  readonly conventions?: SourceConventions;
  /** The format of every input (needed for `-`); otherwise each file's extension says it. */
  readonly format?: DumpFormat;
}

export interface Validation {
  reports: ValidationReport[];
  /** Inputs, or parts of them, that could not be read. */
  unreadable: Array<{ source: string; message: string }>;
  /** Triples that belong to no document (RDF without graphs), with a sample. */
  leftovers: Array<{ source: string; message: string }>;
}

export async function validateInputs(paths: readonly string[], options: ValidateOptions = {}): Promise<Validation> {
  const result: Validation = { reports: [], unreadable: [], leftovers: [] };
  for (const path of paths) {
    let inputs;
    try {
      inputs = resolveInputs([path], options.format);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      result.unreadable.push({
        source: path,
        message: error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message,
      });
      continue;
    }
    for (const input of inputs) {
      try {
        // Strict UTF-8, as a load reads it: a file the load would refuse is not called valid here.
        for await (const record of readRecords(strictText(input.open()), input, { baseUrl: options.base })) {
          const source = `${input.name} ${record.location}`;
          if (record.kind === 'unreadable') result.unreadable.push({ source, message: record.message });
          else if (record.kind === 'refused')
            result.reports.push({ source, document: record.id, valid: false, problems: [record.problem], repairs: [] });
          else if (record.kind === 'leftover')
            result.leftovers.push({ source, message: [record.message, ...leftoverSample(record)].join('\n    ') });
          // A merged id (an export's `#@merged`) and a history (past versions) are no document to check.
          else if (record.kind !== 'merged' && record.kind !== 'history')
            result.reports.push(check(record, input.name, source, options));
        }
      } catch (error) {
        // The input itself failed (a broken gzip stream, a file gone, bytes that are not UTF-8): said, and the next one read.
        result.unreadable.push({ source: input.name, message: (error as Error).message });
      }
    }
  }
  return result;
}

function check(record: DocumentRecord, name: string, source: string, options: ValidateOptions): ValidationReport {
  const admission = admit(record, name, {
    repair: options.repair ?? 'all',
    base: options.base,
    conventions: options.conventions,
  });
  if (admission.kind === 'admitted')
    return {
      source,
      document: admission.document.id,
      valid: true,
      problems: admission.document.warnings,
      repairs: admission.repairs,
    };
  // Held against no id and no stored digest, a record is admitted or rejected.
  if (admission.kind !== 'rejected') throw new Error(`${source}: the gate answered ${admission.kind}`);
  return { source, document: admission.id, valid: false, problems: admission.problems, repairs: admission.repairs };
}
