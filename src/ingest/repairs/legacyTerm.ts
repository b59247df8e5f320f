/**
 * `legacy-term`: keys of the pre-1.0 model become their Linked Art 1.0 names, where the new
 * key is not also there (then both stay, and the gate refuses the old one): `label` →
 * `_label` (rdfs:label), `current_keeper` → `current_custodian` (P50 has current keeper).
 * An extension context that defines the old key keeps it.
 */
import { join, renamed, typesOf, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const RENAMED: ReadonlyArray<readonly [string, string]> = [
  ['label', '_label'],
  ['current_keeper', 'current_custodian'],
];

export const legacyTerm: Repair = {
  name: 'legacy-term',
  cites: 'Linked Art 1.0 context: rdfs:label is `_label` (pre-1.0: `label`), P50 has current keeper is `current_custodian` (pre-1.0: `current_keeper`)',
  summary: 'label → _label, current_keeper → current_custodian (when the new key is not also there)',
  keys: ['label', 'current_keeper'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    let out: JsonObject | undefined;
    for (const [from, to] of RENAMED) {
      if (!(from in node) || to in node) continue;
      const ctx = at.ctx.withTypes(typesOf(out ?? node));
      if (ctx.terms.has(from) || !ctx.terms.has(to)) continue;
      note(join(at.path, from), `key "${from}" → "${to}"`);
      out = renamed(out ?? node, from, to);
    }
    return out;
  },
};
