/**
 * `identifier-assigner`: who assigned an Identifier (or a Name), given as `attributed_by` (an
 * AttributeAssignment that assigns nothing) as before Linked Art 1.0, moves to `assigned_by`,
 * where 1.0 puts it. An AttributeAssignment that says what it assigns (`assigned`,
 * `assigned_property`) is an attribution, and stays.
 */
import { join, typesOf, isObject } from './Repair.js';
import type { Json, JsonObject, Note, NodeVisit, Repair } from './Repair.js';

const APPELLATIONS = new Set(['Identifier', 'Name']);

function assignsNothing(entry: Json): boolean {
  return (
    isObject(entry) &&
    typesOf(entry).includes('AttributeAssignment') &&
    !('assigned' in entry) &&
    !('assigned_property' in entry)
  );
}

export const identifierAssigner: Repair = {
  name: 'identifier-assigner',
  cites:
    'Linked Art API 1.0, Shared Data Structures, Identifiers: the assignment of an identifier is given in assigned_by (P37i was assigned by / P141i), an AttributeAssignment; pre-1.0 data used attributed_by',
  summary: "an Identifier's or Name's attributed_by AttributeAssignment with no assigned → assigned_by",
  keys: ['attributed_by'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    const given = node['attributed_by'];
    if (given === undefined || !typesOf(node).some((t) => APPELLATIONS.has(t))) return undefined;
    const entries = Array.isArray(given) ? given : [given];
    if (!entries.some(assignsNothing)) return undefined;
    const ctx = at.ctx.withTypes(typesOf(node));
    if (!ctx.terms.has('assigned_by')) return undefined;
    const moved = entries.filter(assignsNothing);
    const kept = entries.filter((e) => !assignsNothing(e));
    const before = node['assigned_by'];
    const assignedBy = [...(before === undefined ? [] : Array.isArray(before) ? before : [before]), ...moved];
    note(
      join(at.path, 'attributed_by'),
      `${moved.length} AttributeAssignment(s) assigning nothing moved to assigned_by`,
    );
    const out: JsonObject = {};
    for (const key of Object.keys(node)) {
      if (key === 'attributed_by') {
        if (kept.length > 0) out[key] = Array.isArray(given) ? kept : kept[0]!;
        if (!('assigned_by' in node)) out['assigned_by'] = assignedBy;
      } else if (key === 'assigned_by') out[key] = assignedBy;
      else out[key] = node[key]!;
    }
    return out;
  },
};
