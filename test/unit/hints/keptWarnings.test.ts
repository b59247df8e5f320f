import { expect } from 'chai';
import { keptWarningsFrom, keptWarningsQuad, WARNINGS_PREDICATE } from '../../../src/hints/keptWarnings.js';
import { hintGraphOf } from '../../../src/hints/Skeleton.js';
import { formatProblem, type Problem } from '../../../src/linkedart/Problem.js';

const ID = 'https://example.org/object/1';
const WARNINGS: Problem[] = [
  {
    document: ID,
    path: '',
    term: 'identified_by',
    rule: 'DocumentIdentifiedBy',
    message: 'The document has no identified_by (recommended).',
    severity: 'Warning',
    hint: 'add identified_by with a Name (its content) or an Identifier (an accession number)',
  },
  { document: ID, path: 'referred_to_by[0]', value: '"x"', rule: 'Other', message: 'Say "more".', severity: 'Warning' },
];

describe('kept Warnings (hints/keptWarnings)', () => {
  it('are kept in the hint graph as the lines a load reports, and read back as those lines', () => {
    const quad = keptWarningsQuad(ID, WARNINGS);
    expect(quad.graph.value).to.equal(hintGraphOf(ID));
    expect(quad.predicate.value).to.equal(WARNINGS_PREDICATE);
    expect(quad.object.value).not.to.include(`"document"`);
    expect(keptWarningsFrom(quad.object.value)).to.deep.equal(WARNINGS.map(formatProblem));
  });

  it('none kept is an empty list, not "not kept"', () => {
    expect(keptWarningsFrom(keptWarningsQuad(ID, []).object.value)).to.deep.equal([]);
  });

  it('kept as problems (as stores written before kept them): read as the same lines', () => {
    expect(keptWarningsFrom(JSON.stringify(WARNINGS))).to.deep.equal(WARNINGS.map(formatProblem));
  });

  it('a text that is neither: not known', () => {
    for (const text of ['not json', '{}', '[1]', '[{"rule":"x"}]', '["a", {"rule":"x"}]'])
      expect(keptWarningsFrom(text), text).to.equal(undefined);
  });
});
