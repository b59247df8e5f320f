/**
 * The four bounds of a TimeSpan, and the loop the repairs of one bound's form share: each bound
 * the repair can put right is replaced and noted at its path, the node copied once.
 */
import { join, type JsonObject, type Note, type NodeVisit } from './Repair.js';

export const TIME_SPAN_BOUNDS = [
  'begin_of_the_begin',
  'end_of_the_begin',
  'begin_of_the_end',
  'end_of_the_end',
] as const;

/**
 * `node` with each bound `fix` gives a new form for, or undefined when it gives none. `fix`
 * answers the new value and the note's text, or undefined to leave the bound as it is.
 */
export function repairedBounds(
  node: JsonObject,
  at: NodeVisit,
  note: Note,
  fix: (value: unknown) => { value: string; says: string } | undefined,
): JsonObject | undefined {
  let out: JsonObject | undefined;
  for (const key of TIME_SPAN_BOUNDS) {
    if (!(key in node)) continue;
    const fixed = fix(node[key]);
    if (fixed === undefined) continue;
    note(join(at.path, key), fixed.says);
    out = { ...(out ?? node), [key]: fixed.value };
  }
  return out;
}
