/**
 * SPARQL 1.1 Query Results CSV Format (https://www.w3.org/TR/sparql11-results-csv-tsv/,
 * section 3): a header row of the variable names, then one row per solution, every line ended
 * by CRLF. Values are plain strings — an IRI, a literal's lexical form (its language or datatype
 * lost), a blank node as `_:label` — quoted as RFC 4180 says when they hold `"`, `,`, CR or LF.
 * An unbound variable is an empty field, as is an empty string: the format cannot tell them apart.
 *
 * The format is defined for SELECT only. For an ASK this service writes the answer, `true` or
 * `false`, as a single line, which is what a spreadsheet or a shell script can use.
 */
import { boundValue, type SolutionsResult } from './solutions.js';

const EOL = '\r\n';

export function writeCsvResults(result: SolutionsResult): string {
  if (result.kind === 'boolean') return `${result.value}${EOL}`;
  const lines = [result.variables.map(field).join(',')];
  for (const row of result.rows) {
    lines.push(
      result.variables
        .map((variable) => {
          const term = boundValue(row, variable);
          if (!term) return '';
          return field(term.t === 'B' ? `_:${term.v}` : term.v);
        })
        .join(','),
    );
  }
  return lines.join(EOL) + EOL;
}

/** RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
