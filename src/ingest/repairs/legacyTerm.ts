/**
 * `legacy-term`: keys of the pre-1.0 model become their Linked Art 1.0 names, each only where
 * the old key stood for what the new one says, and where the new key is not also there (then
 * both stay, and the gate refuses the old one). An extension context that defines the old key
 * keeps it.
 *
 * - `label` → `_label` (rdfs:label), `current_keeper` → `current_custodian` (P50).
 * - `consists_of` → `part`, on an activity: the context before 6.2.4 (linked-art/linked.art
 *   4abd53b, 2019-01-25) had `consists_of` for P9 consists of, which 1.0 writes `part` in the
 *   scoped context of activities. Elsewhere (a HumanMadeObject's parts are P46, its materials
 *   P45 `made_of`) it is not renamed: it would say something else.
 * - `exact_match` → `equivalent`: `equivalent` (la:equivalent, 5873339, 2020-07-31) took the
 *   place of skos:exactMatch for "the same entity elsewhere"; `exact_match` left the context
 *   in c977ddd (2024-04-08, linked-art/linked.art#744).
 * - `value` → `content` on a Name, Identifier or LinguisticObject whose `value` is a string:
 *   before 6.2.4 their text was rdf:value (`value`); 1.0 gives it P190 `content` and keeps
 *   `value` for P90, a number, which such a node never has.
 */
import type { ActiveContext } from '../../context/ActiveContext.js';
import { join, renamed, typesOf, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';

interface Row {
  readonly from: string;
  readonly to: string;
  /** The change the note cites (none: the rename speaks for itself). */
  readonly change?: string;
  /** Whether the old key means here what the new one does (`terms`: the context at the node, its types' included). */
  readonly applies: (node: JsonObject, terms: () => ActiveContext) => boolean;
}

/** The old key is not in the context and the new one is. */
const unmappedOld =
  (from: string, to: string) =>
  (_node: JsonObject, terms: () => ActiveContext): boolean =>
    !terms().terms.has(from) && terms().terms.has(to);

const TEXT_HOLDERS = new Set(['Name', 'Identifier', 'LinguisticObject']);

const ROWS: readonly Row[] = [
  { from: 'label', to: '_label', applies: unmappedOld('label', '_label') },
  { from: 'current_keeper', to: 'current_custodian', applies: unmappedOld('current_keeper', 'current_custodian') },
  {
    from: 'consists_of',
    to: 'part',
    change: 'until the 6.2.4 context, consists_of was P9 consists of; 1.0 writes it part on an activity',
    applies: (node, terms) =>
      unmappedOld('consists_of', 'part')(node, terms) && terms().terms.get('part')?.iri === `${CRM}P9_consists_of`,
  },
  {
    from: 'exact_match',
    to: 'equivalent',
    change: 'the 1.0 context replaced exact_match, skos:exactMatch, with equivalent, la:equivalent',
    applies: (node, terms) =>
      unmappedOld('exact_match', 'equivalent')(node, terms) &&
      terms().terms.get('equivalent')?.iri === 'https://linked.art/ns/terms/equivalent',
  },
  {
    from: 'value',
    to: 'content',
    change: "until the 6.2.4 context, a text's value was rdf:value; 1.0 writes it content, P190 has symbolic content",
    applies: (node, terms) =>
      typeof node['value'] === 'string' &&
      typesOf(node).some((t) => TEXT_HOLDERS.has(t)) &&
      terms().terms.get('content')?.iri === `${CRM}P190_has_symbolic_content`,
  },
];

export const legacyTerm: Repair = {
  name: 'legacy-term',
  cites:
    "Linked Art 1.0 context: rdfs:label is `_label` (pre-1.0: `label`), P50 is `current_custodian` (`current_keeper`), P9 on an activity is `part` (`consists_of`, until 6.2.4), la:equivalent replaced `exact_match` (skos:exactMatch), P190 `content` replaced a text's `value` (rdf:value, until 6.2.4)",
  summary:
    "label → _label, current_keeper → current_custodian, consists_of → part (on an activity), exact_match → equivalent, value → content (a Name's, Identifier's or LinguisticObject's text), when the new key is not also there",
  keys: ROWS.map((r) => r.from),
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    let out: JsonObject | undefined;
    for (const row of ROWS) {
      const current = out ?? node;
      if (!(row.from in current) || row.to in current) continue;
      // The context with the node's types, only when a row asks for it.
      if (!row.applies(current, () => at.ctx.withTypes(typesOf(current)))) continue;
      note(join(at.path, row.from), `key "${row.from}" → "${row.to}"${row.change ? ` (${row.change})` : ''}`);
      out = renamed(current, row.from, row.to);
    }
    return out;
  },
};
