/**
 * SPARQL 1.1 Query Results TSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/,
 * section 4): a header line of the variables as `?name`, then one line per solution, fields
 * separated by a tab, every line ended by LF. Terms are written as in Turtle and SPARQL:
 * `<iri>`, `_:label`, `"lexical form"` with `@lang` or `^^<datatype>`, and integers, decimals
 * and doubles in their short forms (`5`, `1.5`, `1.0E3`) as the spec recommends, whenever the
 * lexical form is one the short form reads back as the same literal. Strings use only the
 * single-line quoted form, with tab, line feed, carriage return, `"` and `\` escaped (other
 * control characters as `\uXXXX`), so a value never breaks a line or a field.
 * An unbound variable is an empty field.
 *
 * The format is defined for SELECT only. For an ASK this service writes the answer, `true` or
 * `false`, as a single line.
 */
import { XSD } from '../../rdf/terms.js';
import { boundValue, type BoundTerm, type SolutionsResult } from './solutions.js';

const EOL = '\n';

export function writeTsvResults(result: SolutionsResult): string {
  if (result.kind === 'boolean') return `${result.value}${EOL}`;
  const lines = [result.variables.map((variable) => `?${variable}`).join('\t')];
  for (const row of result.rows) {
    lines.push(
      result.variables
        .map((variable) => {
          const term = boundValue(row, variable);
          return term ? tsvTerm(term) : '';
        })
        .join('\t'),
    );
  }
  return lines.join(EOL) + EOL;
}

/**
 * The Turtle grammar's numeric literals (INTEGER, DECIMAL, DOUBLE): a lexical form matching
 * its datatype's production is written bare, and reads back with that same datatype.
 */
const SHORT_NUMBERS: ReadonlyMap<string, RegExp> = new Map([
  [XSD + 'integer', /^[+-]?[0-9]+$/],
  [XSD + 'decimal', /^[+-]?[0-9]*\.[0-9]+$/],
  [XSD + 'double', /^[+-]?(?:[0-9]+\.[0-9]*[eE][+-]?[0-9]+|\.?[0-9]+[eE][+-]?[0-9]+)$/],
]);

function tsvTerm(term: BoundTerm): string {
  switch (term.t) {
    case 'N':
      return `<${term.v}>`;
    case 'B':
      return `_:${term.v}`;
    case 'L': {
      if (term.l) return `${quoted(term.v)}@${term.l}`;
      if (!term.d) return quoted(term.v);
      if (SHORT_NUMBERS.get(term.d)?.test(term.v)) return term.v;
      return `${quoted(term.v)}^^<${term.d}>`;
    }
  }
}

const ECHAR: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/** A Turtle STRING_LITERAL_QUOTE: ECHAR escapes for the characters it must not hold raw, UCHAR for other controls. */
function quoted(value: string): string {
  const escaped = value.replace(
    /[\u0000-\u001F\u007F"\\]/g,
    (c) => ECHAR[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return `"${escaped}"`;
}
