import { expect } from 'chai';
import { XSD, type PlainTerm } from '../../../../src/rdf/terms.js';
import { fromStored, Skolemizer, SKOLEM_PREFIX } from '../../../../src/store/sparql/storedTerms.js';

describe('storedTerms: terms into and out of a remote store', () => {
  it('gives each (graph, blank node) its own skolem IRI, the same within a write', () => {
    const skolem = new Skolemizer();
    const a1 = skolem.term({ t: 'B', v: 'b0' }, 'http://x/a');
    expect(a1.t).to.equal('N');
    expect(a1.v.startsWith(SKOLEM_PREFIX)).to.equal(true);
    expect(skolem.term({ t: 'B', v: 'b0' }, 'http://x/a')).to.deep.equal(a1);
    expect(skolem.term({ t: 'B', v: 'b0' }, 'http://x/b').v).not.to.equal(a1.v);
    expect(new Skolemizer().term({ t: 'B', v: 'b0' }, 'http://x/a').v, 'another write').not.to.equal(a1.v);
    expect(skolem.term({ t: 'N', v: 'http://x/n' }, 'http://x/a')).to.deep.equal({ t: 'N', v: 'http://x/n' });
  });

  const cases: Array<[string, PlainTerm, PlainTerm]> = [
    ['a skolem IRI is a blank node again', { t: 'N', v: `${SKOLEM_PREFIX}abc-1` }, { t: 'B', v: 'abc-1' }],
    ['another IRI stays', { t: 'N', v: 'http://x/y' }, { t: 'N', v: 'http://x/y' }],
    ['boolean 1', { t: 'L', v: '1', d: XSD + 'boolean' }, { t: 'L', v: 'true', d: XSD + 'boolean' }],
    ['boolean 0', { t: 'L', v: '0', d: XSD + 'boolean' }, { t: 'L', v: 'false', d: XSD + 'boolean' }],
    [
      'a BCE date-time with a 3-digit year',
      { t: 'L', v: '-005-01-01T00:00:00', d: XSD + 'dateTime' },
      { t: 'L', v: '-0005-01-01T00:00:00', d: XSD + 'dateTime' },
    ],
    [
      'a 4-digit year stays',
      { t: 'L', v: '2020-01-01T00:00:00Z', d: XSD + 'dateTime' },
      { t: 'L', v: '2020-01-01T00:00:00Z', d: XSD + 'dateTime' },
    ],
    ['a gYear stays', { t: 'L', v: '2020', d: XSD + 'gYear' }, { t: 'L', v: '2020', d: XSD + 'gYear' }],
    ['a plain string stays', { t: 'L', v: '1' }, { t: 'L', v: '1' }],
  ];
  for (const [name, stored, read] of cases) it(name, () => expect(fromStored(stored)).to.deep.equal(read));
});
