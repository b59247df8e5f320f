/**
 * `crm-key`: a key written as a CIDOC-CRM compact IRI or full IRI (`crm:P3_has_note`,
 * `http://www.cidoc-crm.org/cidoc-crm/P3_has_note`) becomes the context's term for that
 * property, where exactly one term of the context in force at that node (scoped terms
 * included) maps it, the term is not already there, and the term reads the values the
 * same way (a term that coerces its values is taken only for node objects).
 */
import {
  join,
  KeyScan,
  keysRepaired,
  renamed,
  typesOf,
  type JsonObject,
  type Note,
  type NodeVisit,
  type Repair,
} from './Repair.js';

export const crmKey: Repair = {
  name: 'crm-key',
  cites:
    'JSON-LD 1.1 §4.1.3 (a compact IRI and the term with the same IRI expand to the same property); Linked Art API 1.0: properties are given by their context terms',
  summary: "a key written as an IRI or compact IRI (crm:P3_has_note) → the context's one term for it at that node",
  needs: KeyScan.colonKey,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    return keysRepaired(node, (key, sofar) => {
      if (!key.includes(':') || key.startsWith('@')) return undefined;
      const ctx = at.ctx.withTypes(typesOf(sofar));
      if (ctx.terms.has(key)) return undefined;
      const iri = ctx.expandIri(key);
      if (iri === undefined) return undefined;
      const terms = ctx.termsFor(iri).filter((d) => !d.prefix);
      if (terms.length !== 1) return undefined;
      const term = terms[0];
      if (term.term in node) return undefined;
      const value = node[key];
      const values = Array.isArray(value) ? value : [value];
      if (term.coerce !== undefined && values.some((v) => v === null || typeof v !== 'object')) return undefined;
      note(join(at.path, key), `key "${key}" → "${term.term}" (${iri})`);
      return renamed(sofar, key, term.term);
    });
  },
};
