import { expect } from 'chai';
import { formatProblem, ruleOfLine } from '../../../src/linkedart/Problem.js';
import { shortJson, valueAt, VALUE_WIDTH } from '../../../src/linkedart/problemValue.js';

describe('problemValue: the value a problem is about', () => {
  const doc = {
    id: 'x',
    'http://example.org/ns.key': { a: [1, { b: 'c' }] },
    produced_by: { part: [{ carried_out_by: [{ id: 'p1' }, { id: 'p2' }] }] },
  };
  const table: Array<[string, unknown]> = [
    ['id', 'x'],
    ['produced_by.part[0].carried_out_by[1]', { id: 'p2' }],
    ['produced_by.part[0].carried_out_by[1].id', 'p2'],
    ['http://example.org/ns.key.a[1].b', 'c'],
    ['produced_by.part[3]', undefined],
    ['nothing.here', undefined],
    ['id[0]', undefined],
  ];
  for (const [path, expected] of table) {
    it(`finds ${path}`, () => expect(valueAt(doc, path)).to.deep.equal(expected));
  }

  it('writes short JSON, cut with … past the width', () => {
    expect(shortJson({ a: 1 })).to.equal('{"a":1}');
    const long = shortJson({ text: 'x'.repeat(200) })!;
    expect(long).to.have.length(VALUE_WIDTH);
    expect(long.endsWith('…')).to.equal(true);
    expect(shortJson(undefined)).to.equal(undefined);
  });

  it('formatProblem shows the value, the rule in brackets and the fix; ruleOfLine finds the rule', () => {
    const line = formatProblem({
      path: 'dimension[0].unit',
      value: '{"type":"Type"}',
      rule: 'DimensionUnit',
      message: 'A Dimension must have exactly one unit.',
      hint: 'give one unit [a MeasurementUnit]',
      severity: 'Violation',
    });
    expect(line).to.equal(
      'Violation at dimension[0].unit: A Dimension must have exactly one unit. (value: {"type":"Type"}) [DimensionUnit] Fix: give one unit [a MeasurementUnit]',
    );
    expect(ruleOfLine(line)).to.equal('DimensionUnit');
    expect(ruleOfLine(formatProblem({ path: '', rule: 'root-id', message: 'm', severity: 'Violation' }))).to.equal(
      'root-id',
    );
  });
});
