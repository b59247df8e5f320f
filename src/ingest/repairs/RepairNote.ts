/**
 * What a repair did to one document, in one place: the repair's name, the JSON path (written
 * as Problem paths are: `produced_by.timespan.begin_of_the_begin`, `identified_by[0]`; '' is
 * the document) and what changed, with the value before and after.
 */
export interface RepairNote {
  readonly repair: string;
  readonly path: string;
  readonly message: string;
}

export function formatRepair(n: RepairNote): string {
  return `Repaired at ${n.path || '(document)'}: ${n.message} [${n.repair}]`;
}

/** A value as a repair's message shows it: JSON, cut short when long. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
