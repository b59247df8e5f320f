/**
 * `type-from-range`: a node typed with a superclass of the class CIDOC-CRM gives as its
 * property's range takes the range class: the entity is of that class by the property's
 * definition, so this is entailed, not guessed (a Dimension's `unit` typed `Type` is a
 * MeasurementUnit). Each row names the property's IRI and its range; the row applies only
 * where the key maps to that IRI and the node has exactly the superclass as its type.
 */
import { join, withValue, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';

interface Row {
  readonly property: string;
  readonly iri: string;
  readonly from: string;
  readonly to: string;
  readonly range: string;
}

const ROWS_LIST: readonly Row[] = [
  {
    property: 'unit',
    iri: `${CRM}P91_has_unit`,
    from: 'Type',
    to: 'MeasurementUnit',
    range: 'P91 has unit: range E58 Measurement Unit (a subclass of E55 Type)',
  },
  {
    property: 'currency',
    iri: `${CRM}P180_has_currency`,
    from: 'Type',
    to: 'Currency',
    range: 'P180 has currency: range E98 Currency (a subclass of E55 Type)',
  },
  {
    property: 'produced_by',
    iri: `${CRM}P108i_was_produced_by`,
    from: 'Activity',
    to: 'Production',
    range: 'P108i was produced by: range E12 Production (a subclass of E7 Activity)',
  },
  {
    property: 'created_by',
    iri: `${CRM}P94i_was_created_by`,
    from: 'Activity',
    to: 'Creation',
    range: 'P94i was created by: range E65 Creation (a subclass of E7 Activity)',
  },
  {
    property: 'made_of',
    iri: `${CRM}P45_consists_of`,
    from: 'Type',
    to: 'Material',
    range: 'P45 consists of: range E57 Material (a subclass of E55 Type)',
  },
];

/** The rows by the key they are for. */
const ROWS = new Map<string, Row[]>();
for (const row of ROWS_LIST) ROWS.set(row.property, [...(ROWS.get(row.property) ?? []), row]);

export const typeFromRange: Repair = {
  name: 'type-from-range',
  cites:
    'CIDOC-CRM 7.1 property ranges (P91, P180, P108i, P94i, P45): an entity in the range of a property is of the range class',
  summary:
    "unit, currency, made_of typed Type and produced_by, created_by typed Activity → the class of the property's range",
  keys: ['type', '@type'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    const rows = at.property === undefined ? undefined : ROWS.get(at.property);
    if (rows === undefined) return undefined;
    const key = 'type' in node ? 'type' : '@type';
    const type = node[key];
    const t =
      typeof type === 'string'
        ? type
        : Array.isArray(type) && type.length === 1 && typeof type[0] === 'string'
          ? type[0]
          : undefined;
    if (t === undefined) return undefined;
    let row: Row | undefined;
    for (const r of rows)
      if (r.from === t) {
        row = r;
        break;
      }
    if (!row) return undefined;
    // The key maps to the row's property where it stands, and the range class is a class here.
    if (at.via?.iri !== row.iri || at.ctx.terms.get(row.to) === undefined) return undefined;
    note(join(at.path, key), `"${t}" → "${row.to}" (${row.range})`);
    return withValue(node, key, typeof type === 'string' ? row.to : [row.to]);
  },
};
