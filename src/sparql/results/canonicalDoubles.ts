/**
 * A query's answer with every xsd:double in the one lexical form everything the service writes
 * uses (rdf/canonicalDouble.ts, JSON-LD 1.1's canonical form: `9.15E1`), whatever form the store
 * keeps (`91.5`): so a SELECT's JSON, XML, CSV and TSV, a CONSTRUCT's graph in every format and
 * the documents themselves all say the same RDF term. Only the written form changes: the store
 * compares values, so `FILTER(?v = 91.5)` matches either way.
 */
import { withCanonicalDoubles as quadsWithCanonicalDoubles } from '../../rdf/syntax/serialize.js';
import { canonicalDoubleLexical } from '../../rdf/canonicalDouble.js';
import { XSD, type PlainTerm } from '../../rdf/terms.js';
import type { QueryResult } from '../QueryResult.js';

const XSD_DOUBLE = XSD + 'double';

/** The result with canonical doubles; the same object when none needs it (the common case). */
export function withCanonicalDoubles(result: QueryResult): QueryResult {
  switch (result.kind) {
    case 'boolean':
      return result;
    case 'quads': {
      const quads = quadsWithCanonicalDoubles(result.quads);
      return quads === result.quads ? result : { kind: 'quads', quads: [...quads] };
    }
    case 'bindings': {
      let rows: Array<Record<string, PlainTerm>> | undefined;
      result.rows.forEach((row, i) => {
        let changed: Record<string, PlainTerm> | undefined;
        for (const [name, term] of Object.entries(row)) {
          if (term.t !== 'L' || term.d !== XSD_DOUBLE) continue;
          const lexical = canonicalDoubleLexical(term.v);
          if (lexical === term.v) continue;
          changed ??= { ...row };
          changed[name] = { ...term, v: lexical };
        }
        if (changed) (rows ??= result.rows.slice())[i] = changed;
      });
      return rows ? { ...result, rows } : result;
    }
  }
}
