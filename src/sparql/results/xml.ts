/**
 * SPARQL Query Results XML Format, second edition (https://www.w3.org/TR/rdf-sparql-XMLres/):
 * `<head>` listing the variables, then one `<result>` per solution with a `<binding>` for each
 * bound variable only; an ASK answers `<boolean>`.
 *
 * XML 1.0 cannot carry every string an RDF literal may hold: a control character other than
 * tab, line feed and carriage return has no representation at all, not even as a character
 * reference. Such a result is refused with a message pointing to the JSON format. A carriage
 * return is written as `&#xD;` so that an XML parser's line-end normalization keeps it.
 */
import { boundValue, type BoundTerm, type SolutionsResult } from './solutions.js';

const NAMESPACE = 'http://www.w3.org/2005/sparql-results#';
const HEADER = `<?xml version="1.0" encoding="UTF-8"?>\n<sparql xmlns="${NAMESPACE}">\n`;

export function writeXmlResults(result: SolutionsResult): string {
  if (result.kind === 'boolean') return `${HEADER}  <head/>\n  <boolean>${result.value}</boolean>\n</sparql>\n`;
  const parts: string[] = [HEADER, '  <head>\n'];
  for (const variable of result.variables)
    parts.push(`    <variable name="${attribute(variable, `the variable name ?${variable}`)}"/>\n`);
  parts.push('  </head>\n  <results>\n');
  for (const row of result.rows) {
    parts.push('    <result>\n');
    for (const variable of result.variables) {
      const term = boundValue(row, variable);
      if (term)
        parts.push(
          `      <binding name="${attribute(variable, `the variable name ?${variable}`)}">${xmlTerm(term, variable)}</binding>\n`,
        );
    }
    parts.push('    </result>\n');
  }
  parts.push('  </results>\n</sparql>\n');
  return parts.join('');
}

function xmlTerm(term: BoundTerm, variable: string): string {
  const value = text(term.v, `the value of ?${variable}`);
  switch (term.t) {
    case 'N':
      return `<uri>${value}</uri>`;
    case 'B':
      return `<bnode>${value}</bnode>`;
    case 'L': {
      if (term.l)
        return `<literal xml:lang="${attribute(term.l, `the language tag of ?${variable}`)}">${value}</literal>`;
      if (term.d) return `<literal datatype="${attribute(term.d, `the datatype of ?${variable}`)}">${value}</literal>`;
      return `<literal>${value}</literal>`;
    }
  }
}

/** Characters XML 1.0 has no way to write (section 2.2, Char), lone surrogates included. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/** Element content: markup characters and carriage return escaped; tab and line feed kept as they are. */
function text(value: string, what: string): string {
  return writable(value, what).replace(/[&<>\r]/g, (c) => ESCAPES[c]);
}

/** A double-quoted attribute value: tab and line feed escaped too, or a parser would read spaces. */
function attribute(value: string, what: string): string {
  return writable(value, what).replace(/[&<>"\t\n\r]/g, (c) => ESCAPES[c]);
}

function writable(value: string, what: string): string {
  const bad = NOT_XML.exec(value);
  if (!bad) return value;
  const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  throw new Error(
    `Cannot write the results as XML: ${what} holds the character U+${code}, which XML 1.0 cannot carry; ` +
      'ask for application/sparql-results+json instead.',
  );
}
