/**
 * SPARQL 1.1 Query Results JSON Format (https://www.w3.org/TR/sparql11-results-json/):
 * `head.vars` then `results.bindings`, one object per solution holding only its bound
 * variables; an ASK answers `head` and `boolean`.
 */
import { boundValue, type BoundTerm, type SolutionsResult } from './solutions.js';

/** An RDF term in the format's own shape (section 3.2.2). */
type JsonTerm =
  { type: 'uri' | 'bnode'; value: string } | { type: 'literal'; value: string; 'xml:lang'?: string; datatype?: string };

export function writeJsonResults(result: SolutionsResult): string {
  if (result.kind === 'boolean') return JSON.stringify({ head: {}, boolean: result.value }) + '\n';
  const bindings = result.rows.map((row) => {
    const solution: Record<string, JsonTerm> = {};
    for (const variable of result.variables) {
      const term = boundValue(row, variable);
      if (term) solution[variable] = jsonTerm(term);
    }
    return solution;
  });
  return JSON.stringify({ head: { vars: result.variables }, results: { bindings } }) + '\n';
}

/** A simple literal (xsd:string) has neither `xml:lang` nor `datatype`. */
function jsonTerm(term: BoundTerm): JsonTerm {
  switch (term.t) {
    case 'N':
      return { type: 'uri', value: term.v };
    case 'B':
      return { type: 'bnode', value: term.v };
    case 'L': {
      if (term.l) return { type: 'literal', value: term.v, 'xml:lang': term.l };
      if (term.d) return { type: 'literal', value: term.v, datatype: term.d };
      return { type: 'literal', value: term.v };
    }
  }
}
