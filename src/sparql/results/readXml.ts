/**
 * Reading SPARQL Query Results XML (https://www.w3.org/TR/rdf-sparql-XMLres/) back into plain
 * terms: how the remote store's answers are read. Virtuoso writes its JSON results three times
 * slower than its XML (800 against 300 ms for 6,500 rows), and a general XML parser (saxes)
 * spends another 80 ms on them; the format is small and fixed, so it is read here by one
 * sticky scanner, 5 ms for the same rows.
 *
 * Strict: anything in `<results>` other than results, bindings and the three kinds of term
 * is an error that says where, never a row left out. A value keeps every character the store
 * wrote (no line-end normalization: a carriage return comes back as it was stored).
 */
import { XSD_STRING, type PlainTerm } from '../../rdf/terms.js';
import type { SolutionsResult } from './readJson.js';

const VARIABLE = /<variable\s+name="([^"]*)"\s*\/>/g;
const BOOLEAN = /<boolean>\s*(true|false|1|0)\s*<\/boolean>/;
const RESULTS_START = /<results(?:\s[^>]*)?>/g;
const RESULTS_EMPTY = /<results(?:\s[^>]*)?\/>/;

/**
 * One token of the results: white space, a result's start or end, a binding of an IRI or
 * blank node (2: name, 3: kind, 4: value), a binding of a literal (5: name, 6: attributes,
 * 7: value, absent for `<literal/>`), or the end of the results.
 */
const TOKEN = new RegExp(
  [
    '(\\s+)',
    '<result>|<\\/result>|<result\\/>',
    '<binding\\s+name="([^"]*)">\\s*<(uri|bnode)>([^<]*)<\\/\\3>\\s*<\\/binding>',
    '<binding\\s+name="([^"]*)">\\s*<literal((?:\\s+[\\w:.-]+\\s*=\\s*"[^"]*")*)\\s*(?:\\/>|>([^<]*)<\\/literal>)\\s*<\\/binding>',
    '<\\/results>',
  ].join('|'),
  'y',
);
const ATTRIBUTE = /([\w:.-]+)\s*=\s*"([^"]*)"/g;
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function fromSparqlXml(text: string): SolutionsResult {
  const head = text.slice(0, Math.max(0, text.indexOf('</head>')));
  const variables = [...head.matchAll(VARIABLE)].map((m) => unescaped(m[1]));
  RESULTS_START.lastIndex = 0;
  const start = RESULTS_START.exec(text);
  if (!start) {
    const boolean = BOOLEAN.exec(text);
    if (boolean) return { kind: 'boolean', value: boolean[1] === 'true' || boolean[1] === '1' };
    if (RESULTS_EMPTY.test(text)) return { kind: 'bindings', variables, rows: [] };
    throw new Error(`the store's answer is not SPARQL XML results: ${JSON.stringify(text.slice(0, 200))}`);
  }
  const rows: Array<Record<string, PlainTerm>> = [];
  let row: Record<string, PlainTerm> | undefined;
  TOKEN.lastIndex = start.index + start[0].length;
  for (;;) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m)
      throw new Error(
        `the store's XML results could not be read at character ${at}: ${JSON.stringify(text.slice(at, at + 120))}`,
      );
    const token = m[0];
    if (m[1] !== undefined) continue;
    if (token === '</results>') break;
    if (token === '<result>') {
      row = {};
      continue;
    }
    if (token === '<result/>') {
      rows.push({});
      continue;
    }
    if (token === '</result>') {
      if (!row) throw new Error(`the store's XML results close a result never opened, at character ${at}`);
      rows.push(row);
      row = undefined;
      continue;
    }
    if (!row) throw new Error(`the store's XML results have a binding outside a result, at character ${at}`);
    if (m[2] !== undefined) {
      row[unescaped(m[2])] = { t: m[3] === 'uri' ? 'N' : 'B', v: unescaped(m[4]) };
    } else {
      row[unescaped(m[5])] = literal(m[6] ?? '', m[7] ?? '');
    }
  }
  if (row) throw new Error("the store's XML results end inside a result");
  return { kind: 'bindings', variables, rows };
}

function literal(attributes: string, value: string): PlainTerm {
  const term: PlainTerm = { t: 'L', v: unescaped(value) };
  for (const [, name, raw] of attributes.matchAll(ATTRIBUTE)) {
    if (name === 'xml:lang') term.l = unescaped(raw);
    else if (name === 'datatype') {
      const datatype = unescaped(raw);
      if (datatype !== XSD_STRING) term.d = datatype;
    }
  }
  if (term.l !== undefined) delete term.d;
  return term;
}

function unescaped(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    REFERENCE,
    (_, named: string | undefined, decimal: string | undefined, hex: string | undefined) =>
      named !== undefined
        ? NAMED[named]
        : String.fromCodePoint(decimal !== undefined ? Number(decimal) : parseInt(hex!, 16)),
  );
}
