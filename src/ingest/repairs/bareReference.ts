/**
 * `bare-reference`: an absolute IRI given as a bare string where a reference is expected
 * (`"classified_as": ["http://vocab.getty.edu/aat/300033618"]`) becomes a reference with that
 * `id` and the class the property gives its values. The context reads the string as the same
 * `@id` already (the key is `@type: @id`), so the triple is the one the writer meant; what the
 * gate lacked is the reference's `type`, and for these four keys the class is not a guess:
 *
 * - `classified_as` (P2 has type): range E55 Type → `Type`;
 * - `made_of` (P45 consists of): range E57 Material → `Material`;
 * - `conforms_to` (dcterms:conformsTo): interface.md, "each reference's `type` MUST be
 *   `InformationObject`";
 * - `equivalent` (la:equivalent): "external identities … of the same entity", so the holder's
 *   own class (only when the holder has exactly one).
 *
 * Only where the key maps to that property where it stands (an extension that redefines it
 * keeps its own meaning), and only an absolute IRI: a word (`"painting"`) would be read as a
 * relative IRI, which is not what its writer meant, so it is left to the gate.
 */
import { join, typesOf, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';

interface Row {
  readonly iri: string;
  /** The class, or undefined: the holder's own. */
  readonly type: string | undefined;
  readonly why: string;
}

const ROWS: readonly (readonly [string, Row])[] = [
  ['classified_as', { iri: `${CRM}P2_has_type`, type: 'Type', why: 'P2 has type: range E55 Type' }],
  ['made_of', { iri: `${CRM}P45_consists_of`, type: 'Material', why: 'P45 consists of: range E57 Material' }],
  [
    'conforms_to',
    {
      iri: 'http://purl.org/dc/terms/conformsTo',
      type: 'InformationObject',
      why: "conforms_to: each reference's type is InformationObject",
    },
  ],
  [
    'equivalent',
    {
      iri: 'https://linked.art/ns/terms/equivalent',
      type: undefined,
      why: 'equivalent: the same entity, so the same class',
    },
  ],
];

/** An absolute IRI (RFC 3987: a scheme, then a colon), not a blank node label. */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/;

function isBareIri(v: Json | undefined): v is string {
  return typeof v === 'string' && ABSOLUTE.test(v) && !v.startsWith('_:');
}

export const bareReference: Repair = {
  name: 'bare-reference',
  cites:
    'CIDOC-CRM 7.1 ranges of P2 (E55 Type) and P45 (E57 Material); Linked Art API 1.0 (interface.md): conforms_to references are InformationObjects, equivalent names the same entity; JSON-LD 1.1 §4.2.3 (a string under "@type": "@id" is an IRI reference)',
  summary:
    'a bare IRI in classified_as, made_of, conforms_to or equivalent → a reference {"id", "type"} of the class the property gives (Type, Material, InformationObject, the holder\'s own class)',
  keys: ROWS.map(([key]) => key),
  // Only a string under one of them is repaired.
  keysHoldText: true,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    let out: JsonObject | undefined;
    let terms: NodeVisit['ctx'] | undefined;
    for (const [key, row] of ROWS) {
      const value = node[key];
      // Most values are references already: a string among them is rare, and looked at closely only then.
      if (!hasString(value) || !(isBareIri(value) || (Array.isArray(value) && value.some(isBareIri)))) continue;
      terms ??= at.ctx.withTypes(typesOf(node));
      const def = terms.terms.get(key);
      if (def?.iri !== row.iri || def.coerce !== '@id') continue;
      const type = row.type ?? ownClass(node);
      if (type === undefined || terms.terms.get(type) === undefined) continue;
      const keyPath = join(at.path, key);
      const next: Json = Array.isArray(value)
        ? value.map((v, i) => (isBareIri(v) ? referenced(v, type, row, `${keyPath}[${i}]`, note) : v))
        : referenced(value, type, row, keyPath, note);
      out = { ...(out ?? node), [key]: next };
    }
    return out;
  },
};

function referenced(iri: string, type: string, row: Row, path: string, note: Note): Json {
  const reference: Json = { id: iri, type };
  note(path, `${JSON.stringify(iri)} → ${JSON.stringify(reference)} (${row.why})`);
  return reference;
}

function hasString(value: Json | undefined): boolean {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] === 'string') return true;
  return false;
}

/** The holder's class, when it has exactly one. */
function ownClass(node: JsonObject): string | undefined {
  const types = typesOf(node);
  return types.length === 1 ? types[0] : undefined;
}
