/**
 * Reading SPARQL 1.1 Query Results JSON back into plain terms: what Oxigraph answers the store
 * worker with, and what a server's /sparql answers `linkedart query --server` with.
 */
import { plainLiteral, type PlainTerm } from '../../rdf/terms.js';

interface JsonTerm {
  type: string;
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

export type SolutionsResult =
  | { kind: 'boolean'; value: boolean }
  | { kind: 'bindings'; variables: string[]; rows: Array<Record<string, PlainTerm>> };

export function fromSparqlJson(text: string): SolutionsResult {
  const json = JSON.parse(text) as {
    head?: { vars?: string[] };
    boolean?: boolean;
    results?: { bindings?: Array<Record<string, JsonTerm>> };
  };
  if (typeof json.boolean === 'boolean') return { kind: 'boolean', value: json.boolean };
  const variables = json.head?.vars ?? [];
  const rows = (json.results?.bindings ?? []).map((binding) => {
    const row: Record<string, PlainTerm> = {};
    for (const [name, term] of Object.entries(binding)) row[name] = jsonTermToPlain(term);
    return row;
  });
  return { kind: 'bindings', variables, rows };
}

/** A SPARQL JSON results term as a PlainTerm. */
export function jsonTermToPlain(b: JsonTerm): PlainTerm {
  switch (b.type) {
    case 'uri':
      return { t: 'N', v: b.value };
    case 'bnode':
      return { t: 'B', v: b.value };
    case 'literal':
    case 'typed-literal':
      return plainLiteral(b.value, b['xml:lang'], b.datatype);
    default:
      throw new Error(`unsupported term type in query results: ${b.type}`);
  }
}
