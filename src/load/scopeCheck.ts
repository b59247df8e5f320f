/**
 * A scoped curator's load (a `--tokens` prefix: `/_bulk` with that token) is checked whole
 * before anything is stored: every record's id, as the gate will take it (repaired), against the
 * scope. One id outside refuses the load (OutsideScope: 403 naming the prefix), nothing stored;
 * checking batch by batch as they were stored had left the batches before the first one outside
 * stored, behind a 403. So the inputs are read twice (a request body is kept in a file first).
 */
import { mayWrite, OutsideScope, type Actor } from '../linkedart/Actor.js';
import { strictText } from '../ingest/Utf8TextStream.js';
import type { LoadInput } from './inputs.js';
import { recordId } from './lastCopies.js';
import type { LoadOptions } from './LoadOptions.js';
import { readRecords } from './readRecords.js';

/** Whether this load is a scoped actor's, to be checked first. */
export function scopeChecked(options: LoadOptions): boolean {
  return options.actor?.under !== undefined;
}

/** Throws OutsideScope when a record of `inputs` has an id the load's actor may not write. */
export async function refuseOutsideScope(inputs: readonly LoadInput[], options: LoadOptions): Promise<void> {
  const actor: Actor | undefined = options.actor;
  if (actor === undefined || !scopeChecked(options)) return;
  const outside: string[] = [];
  for (const input of inputs) {
    const stream = strictText(input.open(), input.name);
    try {
      for await (const record of readRecords(stream, input, {
        baseUrl: options.baseUrl,
        limits: options.documentLimits,
      })) {
        // A history and a merged id are written too: their ids count.
        const id =
          record.kind === 'history' ? record.id : record.kind === 'merged' ? record.from : recordId(record, options);
        if (id !== undefined && !mayWrite(actor, id)) outside.push(id);
        if (options.signal?.aborted) return;
      }
    } catch {
      // Bytes that stop the reading (not UTF-8): the load itself meets them at the same place and says so.
    } finally {
      stream.destroy();
    }
  }
  // Every id outside is counted; the answer names the first hundred (problems.ts).
  if (outside.length > 0) throw new OutsideScope(actor, outside);
}
