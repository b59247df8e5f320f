/**
 * Terms on their way into and out of a remote SPARQL store.
 *
 * In: blank nodes become skolem IRIs (RDF 1.1 §3.5). A store relabels blank nodes on every
 * request and Virtuoso refuses them in INSERT DATA; an IRI keeps a node's identity, so a
 * document can be replaced exactly and the union graph (SparqlStore) can drop precisely the
 * triples a document took with it. Out: skolem IRIs are blank nodes again, so readers (the
 * render, curators' results, exports) see what was loaded.
 *
 * Out, too, values a store changed in ways RDF does not allow are repaired: Virtuoso answers
 * booleans as "1"/"0" in JSON results and writes the year of a BCE date-time with three digits
 * (`-005-01-01T00:00:00`, not the `-0005-...` it was given).
 */
import { randomUUID } from 'node:crypto';
import { XSD, type PlainTerm } from '../../rdf/terms.js';
import { INTERNAL_GRAPH_PREFIX } from '../internalGraphs.js';

export const SKOLEM_PREFIX = `${INTERNAL_GRAPH_PREFIX}genid:`;

/** Skolem IRIs for the blank nodes of one write: one IRI per (graph, label), new on every write. */
export class Skolemizer {
  private readonly run = randomUUID();
  private readonly iris = new Map<string, string>();
  private next = 0;

  term(t: PlainTerm, graph: string): PlainTerm {
    if (t.t !== 'B') return t;
    const key = `${graph}\u0000${t.v}`;
    let iri = this.iris.get(key);
    if (iri === undefined) this.iris.set(key, (iri = `${SKOLEM_PREFIX}${this.run}-${(this.next++).toString(36)}`));
    return { t: 'N', v: iri };
  }
}

const XSD_BOOLEAN = XSD + 'boolean';
const DATE_TYPES = new Set(['dateTime', 'date', 'gYear', 'gYearMonth', 'dateTimeStamp'].map((t) => XSD + t));
const SHORT_YEAR = /^(-?)(\d{1,3})(?=-|$|[Z+-])/;

/** A term as read from the store: skolem IRIs back to blank nodes, broken literal forms repaired. */
export function fromStored(t: PlainTerm): PlainTerm {
  if (t.t === 'N') return t.v.startsWith(SKOLEM_PREFIX) ? { t: 'B', v: t.v.slice(SKOLEM_PREFIX.length) } : t;
  if (t.t !== 'L' || t.d === undefined) return t;
  if (t.d === XSD_BOOLEAN) return t.v === '1' ? { ...t, v: 'true' } : t.v === '0' ? { ...t, v: 'false' } : t;
  if (DATE_TYPES.has(t.d)) {
    const m = SHORT_YEAR.exec(t.v);
    if (m) return { ...t, v: m[1] + m[2].padStart(4, '0') + t.v.slice(m[0].length) };
  }
  return t;
}
