/**
 * How the gate repairs a record before it reads it (src/ingest/repairs), and where the notes of
 * what it repaired go: a JSON record as given, a graph record once rendered as its document.
 */
import { repairDocument, type RepairPolicy } from '../../ingest/repairs/repairDocument.js';
import type { RepairNote } from '../../ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../../ingest/repairs/SourceConventions.js';

export interface RecordRepairs {
  readonly policy: RepairPolicy;
  /** What relative ids resolve against. */
  readonly base?: string;
  /** What the source is known to do differently (--date-order). */
  readonly conventions?: SourceConventions;
  readonly notes: RepairNote[];
}

/** `json` repaired as `repairs` asks (as it is, with none), the notes of what was repaired kept. */
export function repaired(json: unknown, repairs: RecordRepairs | undefined): unknown {
  if (!repairs || repairs.policy === 'none') return json;
  const { document, repairs: notes } = repairDocument(json, { base: repairs.base, conventions: repairs.conventions });
  for (const n of notes) repairs.notes.push(n);
  return document;
}
