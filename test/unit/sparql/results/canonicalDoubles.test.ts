/**
 * A query's answer with its doubles in the documents' form: xsd:double terms rewritten (solutions
 * and graphs), every other term as it was, and the very same result when nothing needs it.
 */
import { expect } from 'chai';
import { df, XSD, type PlainTerm } from '../../../../src/rdf/terms.js';
import { withCanonicalDoubles } from '../../../../src/sparql/results/canonicalDoubles.js';
import type { QueryResult } from '../../../../src/store/QuadStore.js';

const DOUBLE = XSD + 'double';
const DECIMAL = XSD + 'decimal';

describe("withCanonicalDoubles (a query's answer)", () => {
  // Stored lexical form → written form.
  const table: Array<[PlainTerm, PlainTerm]> = [
    [
      { t: 'L', v: '91.5', d: DOUBLE },
      { t: 'L', v: '9.15E1', d: DOUBLE },
    ],
    [
      { t: 'L', v: '100.0', d: DOUBLE },
      { t: 'L', v: '1.0E2', d: DOUBLE },
    ],
    [
      { t: 'L', v: '9.15E1', d: DOUBLE },
      { t: 'L', v: '9.15E1', d: DOUBLE },
    ],
    [
      { t: 'L', v: 'INF', d: DOUBLE },
      { t: 'L', v: 'INF', d: DOUBLE },
    ],
    [
      { t: 'L', v: '91.5', d: DECIMAL },
      { t: 'L', v: '91.5', d: DECIMAL },
    ],
    [
      { t: 'L', v: '91.5' },
      { t: 'L', v: '91.5' },
    ],
    [
      { t: 'N', v: 'https://ex.org/a' },
      { t: 'N', v: 'https://ex.org/a' },
    ],
  ];
  for (const [stored, written] of table) {
    it(`writes ${JSON.stringify(stored)} in a solution as ${written.v}`, () => {
      const result: QueryResult = {
        kind: 'bindings',
        variables: ['v', 'w'],
        rows: [{ v: stored, w: { t: 'L', v: '1' } }],
      };
      expect(withCanonicalDoubles(result)).to.deep.equal({
        kind: 'bindings',
        variables: ['v', 'w'],
        rows: [{ v: written, w: { t: 'L', v: '1' } }],
      });
    });
  }

  it('rewrites the doubles of a graph', () => {
    const s = df.namedNode('https://ex.org/d');
    const p = df.namedNode('http://www.cidoc-crm.org/cidoc-crm/P90_has_value');
    const result = withCanonicalDoubles({
      kind: 'quads',
      quads: [df.quad(s, p, df.literal('91.5', df.namedNode(DOUBLE)))],
    });
    expect(result.kind === 'quads' && result.quads.map((q) => q.object.value)).to.deep.equal(['9.15E1']);
  });

  it('answers the very same result when no term needs it', () => {
    const result: QueryResult = {
      kind: 'bindings',
      variables: ['v'],
      rows: [{ v: { t: 'L', v: '9.15E1', d: DOUBLE } }],
    };
    expect(withCanonicalDoubles(result)).to.equal(result);
    const ask: QueryResult = { kind: 'boolean', value: true };
    expect(withCanonicalDoubles(ask)).to.equal(ask);
  });
});
