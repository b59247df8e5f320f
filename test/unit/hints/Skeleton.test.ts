/**
 * The value identities of the skeleton are stored with every document: a change in how they are
 * computed would leave every stored skeleton unmatched (arrays losing their order). These are the
 * values the first version computed, concatenating the parts and hashing the result.
 */
import { expect } from 'chai';
import { literalKey, shortHash, statementHash, statementHashOf } from '../../../src/hints/Skeleton.js';
import { df } from '../../../src/rdf/terms.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

describe('skeleton value identities', () => {
  const cases: Array<[string, () => string, string]> = [
    ['a plain literal', () => literalKey(df.literal('Harbour at dusk')), '#182we9a'],
    ['a language-tagged literal (tag in any case)', () => literalKey(df.literal('Hafen', 'de-DE')), '#1ed0ky0'],
    [
      'a numeric literal, by its canonical value',
      () => literalKey(df.literal('5.0E-1', df.namedNode(XSD + 'double'))),
      '#wwr2ec',
    ],
    [
      'a date typed as date-time, by its canonical value',
      () => literalKey(df.literal('2020-01-01', df.namedNode(XSD + 'dateTime'))),
      '#1btapkh',
    ],
    [
      'a statement with a literal object',
      () => statementHash('http://www.w3.org/2000/01/rdf-schema#label', df.literal('Ünïcode 🎨 text')),
      '177t6ns',
    ],
    [
      'a statement with an IRI object',
      () =>
        statementHash(
          'http://www.cidoc-crm.org/cidoc-crm/P2_has_type',
          df.namedNode('http://vocab.getty.edu/aat/300404670'),
        ),
      'vwfx8g',
    ],
    ['a text', () => shortHash('abc'), '7aigaz'],
  ];
  for (const [what, compute, expected] of cases) {
    it(`${what}: ${expected}`, () => expect(compute()).to.equal(expected));
  }

  it('statementHashOf over a literal key is statementHash over the literal', () => {
    const label = df.literal('Dusk', 'en');
    expect(statementHashOf('http://www.w3.org/2000/01/rdf-schema#label', literalKey(label))).to.equal(
      statementHash('http://www.w3.org/2000/01/rdf-schema#label', label),
    );
    expect(statementHashOf('http://x/p', '<http://x/o')).to.equal(shortHash('http://x/p <http://x/o'));
  });
});
