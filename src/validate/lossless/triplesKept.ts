/**
 * For a graph record (Turtle, N-Quads, SPARQL Update): the record is rendered to the document it
 * stands for, then ingested like any other. The record's triples are its truth, so what the
 * ingested quads must hold is every one of them: a triple the render did not show (a node that is
 * two things, shown once and cut where it stands again) would otherwise vanish without a word.
 * Blank nodes are compared by where they stand, not by their labels (ingest makes its own), and
 * literals by value as the stores keep them (`1.50` and `1.5` are one number).
 */
import { canonicalLexical } from '../../hints/Skeleton.js';
import type { Problem } from '../../linkedart/Problem.js';
import type { Literal } from '@rdfjs/types';
import { XSD, XSD_STRING, type Quad, type Term } from '../../rdf/terms.js';
import { LOSSLESS_HINTS, LOSSLESS_RULE } from './losslessHints.js';

const NUMERIC = new Set(
  ['integer', 'double', 'decimal', 'float', 'int', 'long', 'short', 'nonNegativeInteger', 'positiveInteger'].map(
    (t) => XSD + t,
  ),
);

/** What every number is typed as here: `1.50` as a decimal and `1.5` as a double are one value. */
const NUMBER = 'number';

/** A typed literal's datatype as compared (every number one), and its value as the stores keep it. */
function typedParts(lit: Literal): [datatype: string, lexical: string] {
  const datatype = lit.datatype.value;
  // A plain string is kept as written: no need to ask canonicalLexical.
  if (datatype === XSD_STRING) return [datatype, lit.value];
  return [NUMERIC.has(datatype) ? NUMBER : datatype, canonicalLexical(lit.value, datatype)];
}

/** A term as the message names it: an IRI, `_` for any blank node, a literal by its value and its language or datatype. */
function termText(term: Term): string {
  if (term.termType === 'BlankNode') return '_';
  if (term.termType !== 'Literal') return `<${term.value}>`;
  if (term.language) return `"${term.value}"@${term.language.toLowerCase()}`;
  const [datatype, lexical] = typedParts(term);
  return `"${lexical}"^^${datatype}`;
}

const tripleText = (q: Quad) => `${termText(q.subject)} <${q.predicate.value}> ${termText(q.object)}`;

/**
 * Numbers for the terms of one comparison: two terms get the same number exactly when termText
 * gives them the same text (every blank node 0, an IRI by its value, a literal by its language,
 * lower-cased, or its datatype, and its value as kept). Looking up the strings the terms hold
 * already is much cheaper than building, and hashing, a text for every triple.
 */
class TermNumbers {
  private readonly iris = new Map<string, number>();
  /** Literals by language, then by value. */
  private readonly languages = new Map<string, Map<string, number>>();
  /** Literals by datatype (NUMBER for a number), then by value as kept. */
  private readonly datatypes = new Map<string, Map<string, number>>();
  private next = 1;

  of(term: Term): number {
    if (term.termType === 'BlankNode') return 0;
    if (term.termType !== 'Literal') return this.numberIn(this.iris, term.value);
    if (term.language) return this.numberIn(this.group(this.languages, term.language.toLowerCase()), term.value);
    const [datatype, lexical] = typedParts(term);
    return this.numberIn(this.group(this.datatypes, datatype), lexical);
  }

  private group(groups: Map<string, Map<string, number>>, name: string): Map<string, number> {
    let group = groups.get(name);
    if (!group) groups.set(name, (group = new Map<string, number>()));
    return group;
  }

  private numberIn(numbers: Map<string, number>, text: string): number {
    let n = numbers.get(text);
    if (n === undefined) numbers.set(text, (n = this.next++));
    return n;
  }
}

/** Term numbers below this, three of them make one number exactly (2^51 < 2^53). */
const TERMS_IN_A_NUMBER = 2 ** 17;

/** The triples of `record` (graph `graph`) that `kept` does not hold, as N-Triples-like lines; counted, so a triple written twice needs two. */
export function triplesNotKept(graph: string, record: readonly Quad[], kept: readonly Quad[]): string[] {
  const numbers = new TermNumbers();
  // A triple as the numbers of its three terms: equal keys, equal triple texts. One number when
  // three term numbers fit in it exactly (there are at most three terms a quad), else a text.
  const small = 3 * (record.length + kept.length) < TERMS_IN_A_NUMBER;
  const key = (q: Quad): number | string => {
    const s = numbers.of(q.subject),
      p = numbers.of(q.predicate),
      o = numbers.of(q.object);
    return small ? (s * TERMS_IN_A_NUMBER + p) * TERMS_IN_A_NUMBER + o : `${s} ${p} ${o}`;
  };
  const counts = new Map<number | string, number>();
  for (const q of kept) {
    if (q.graph.value !== graph) continue;
    const k = key(q);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const missing: string[] = [];
  const seen = new Set<number | string>();
  for (const q of record) {
    if (q.graph.value !== graph && q.graph.termType !== 'DefaultGraph') continue;
    const k = key(q);
    // A triple given twice is one triple (RDF is a set), unless it hangs off blank nodes, which may be different ones.
    if (q.subject.termType !== 'BlankNode' && q.object.termType !== 'BlankNode' && seen.has(k)) continue;
    seen.add(k);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else missing.push(tripleText(q));
  }
  return missing;
}

/** The `lossless` Violation of a graph record whose document would not hold all its triples. */
export function triplesLostProblem(document: string, missing: readonly string[]): Problem {
  const shown = missing.slice(0, 5).join(' . ');
  return {
    document,
    path: '',
    rule: LOSSLESS_RULE,
    severity: 'Violation',
    hint: LOSSLESS_HINTS.triple,
    message: `${missing.length} triple(s) of the graph would vanish: the document rendered from it does not hold them (${shown}${missing.length > 5 ? ' …' : ''})`,
  };
}
