/**
 * N-Triples and N-Quads, in the canonical form of RDF 1.2 N-Triples: one triple a line, IRIs as
 * they are, literals escaped only where the grammar needs it (`"` `\` and control characters),
 * every other character itself. Blank nodes are relabelled `b0`, `b1`, ... so that whatever
 * labels the store or ingest gave them, the output is valid and the same for the same graph.
 * The string escapes here are shared with the Turtle writer.
 */
import type { Literal } from '@rdfjs/types';
import type { Quad } from '../terms.js';
import { XSD_STRING } from '../terms.js';
import { BlankLabels, checkWellFormed, SerializationError, tripleTerms, type ObjectTerm } from './graphLayout.js';
import { NOT_IN_IRIREF } from './iri.js';
import { isLanguageTag } from './languageTag.js';
import { escapedLongString, escapedString } from './stringEscapes.js';

/** An IRI checked to be writable in Turtle-family syntaxes, returned as it is. */
export function checkIri(iri: string): string {
  const bad = NOT_IN_IRIREF.exec(iri);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new SerializationError(
      `IRI <${iri}> cannot be serialized: it contains U+${code}, which RDF syntaxes do not allow in an IRI`,
    );
  }
  checkWellFormed(iri, () => `IRI <${iri}>`);
  return iri;
}

/** A string as a quoted literal: `"..."`, or `"""..."""` (Turtle only) if it has newlines and `long` is allowed. */
export function quoted(value: string, long = false): string {
  checkWellFormed(value, () => `literal ${JSON.stringify(value)}`);
  if (long && value.includes('\n')) return '"""' + escapedLongString(value) + '"""';
  return '"' + escapedString(value) + '"';
}

/** The `@lang` (with RDF 1.2 `--dir`) suffix of a language-tagged literal, or '' if it has none. */
export function languageSuffix(l: Literal): string {
  if (!l.language) return '';
  if (!isLanguageTag(l.language)) {
    throw new SerializationError(
      `literal ${JSON.stringify(l.value)} has an invalid language tag ${JSON.stringify(l.language)}`,
    );
  }
  return '@' + l.language + (l.direction ? '--' + l.direction : '');
}

function objectText(o: ObjectTerm, blanks: BlankLabels): string {
  switch (o.termType) {
    case 'NamedNode':
      return '<' + checkIri(o.value) + '>';
    case 'BlankNode':
      return '_:' + blanks.label(o);
    case 'Literal': {
      const lang = languageSuffix(o);
      if (lang) return quoted(o.value) + lang;
      const dt = o.datatype.value;
      return dt === XSD_STRING ? quoted(o.value) : quoted(o.value) + '^^<' + checkIri(dt) + '>';
    }
  }
}

/** The triples of `quads` as N-Triples, or as N-Quads in graph `<graph>` if `graph` is given. */
export function writeNTriples(quads: readonly Quad[], graph?: string): string {
  const blanks = new BlankLabels();
  const tail = graph === undefined ? ' .\n' : ' <' + checkIri(graph) + '> .\n';
  const iris = new Map<string, string>(); // checked IRIs, each written once per call
  const iri = (v: string): string => {
    let t = iris.get(v);
    if (t === undefined) iris.set(v, (t = '<' + checkIri(v) + '>'));
    return t;
  };
  let out = '';
  for (const q of quads) {
    const [s, p, o] = tripleTerms(q);
    out +=
      (s.termType === 'NamedNode' ? iri(s.value) : '_:' + blanks.label(s)) +
      ' ' +
      iri(p.value) +
      ' ' +
      (o.termType === 'NamedNode' ? iri(o.value) : objectText(o, blanks)) +
      tail;
  }
  return out;
}
