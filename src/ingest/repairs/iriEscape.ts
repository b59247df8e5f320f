/**
 * `iri-escape`: an absolute `id` holding characters an IRI may not (spaces, `<>"{}|\^` and
 * the backtick, controls) has them percent-encoded as UTF-8, as RFC 3987 §3.1 maps an IRI to
 * a URI: the same identifier, in a form a store can hold (the AIC and LUX records have ids
 * with spaces). Other characters, and `%`, are left as they are.
 */
import { isAbsoluteIri } from '../iris.js';
import { idRewritten, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const NOT_IN_IRI = /[\u0000-\u0020<>"{}|\\^`\u007f-\u009f]/g;
const ANY_NOT_IN_IRI = /[\u0000-\u0020<>"{}|\\^`\u007f-\u009f]/;

export function escapeIri(iri: string): string {
  return iri.replace(NOT_IN_IRI, (c) =>
    encodeURIComponent(c) === c
      ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
      : encodeURIComponent(c),
  );
}

/** An absolute id with the characters an IRI may not hold percent-encoded; undefined when it needs nothing (or is not absolute). */
export function escapedId(id: string): string | undefined {
  if (!ANY_NOT_IN_IRI.test(id) || !SCHEME.test(id)) return undefined;
  const escaped = escapeIri(id);
  return isAbsoluteIri(escaped) ? escaped : undefined;
}

export const iriEscape: Repair = {
  name: 'iri-escape',
  cites: 'RFC 3987 §3.1 step 2 and RFC 3986 §2.1 (characters not allowed in an IRI are percent-encoded as UTF-8)',
  summary: 'an id with spaces or other characters an IRI may not hold has them percent-encoded',
  keys: ['id', '@id'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    return idRewritten(
      node,
      at,
      note,
      escapedId,
      (id, escaped) => `${JSON.stringify(id)} → ${JSON.stringify(escaped)}`,
    );
  },
};
