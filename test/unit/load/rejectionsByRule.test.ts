import { expect } from 'chai';
import { formatProblem, type Problem } from '../../../src/linkedart/Problem.js';
import { formatRejectionsByRule, rejectionsByRule, type RefusedItem } from '../../../src/load/rejectionsByRule.js';

const problem = (rule: string, path: string, value?: string, severity: Problem['severity'] = 'Violation'): Problem => ({
  path,
  rule,
  message: `${rule} in words.`,
  hint: `fix ${rule}`,
  severity,
  ...(value === undefined ? {} : { value }),
});
const refused = (n: number, problems: Problem[]): RefusedItem => ({
  source: 'dump.ndjson',
  location: `line ${n} (record ${n})`,
  id: `https://example.org/object/${n}`,
  messages: problems.map(formatProblem),
  problems,
});

describe('load: rejections grouped by rule', () => {
  // Five documents refused out of, say, 20 read: A alone twice, A with B twice (B twice in one of them), C once with a warning.
  const items = [
    refused(1, [problem('A', 'type', '"X"')]),
    refused(2, [problem('A', 'type', '"Y"'), problem('B', 'dimension[0].unit'), problem('B', 'dimension[1].unit')]),
    refused(3, [problem('A', 'type', '"Z"')]),
    refused(4, [problem('B', 'dimension[0].unit'), problem('A', 'type'), problem('W', '', undefined, 'Warning')]),
    refused(5, [problem('C', 'identified_by[2]', '{"type":"Type"}'), problem('W', '', undefined, 'Warning')]),
  ];

  it('counts, per rule, the documents it refuses and those it alone keeps out; warnings do not count', () => {
    const summary = rejectionsByRule(items);
    expect(summary.map((s) => [s.rule, s.documents, s.alone])).to.deep.equal([
      ['A', 4, 2],
      ['B', 2, 0],
      ['C', 1, 1],
    ]);
  });

  it('keeps two examples per rule, the first ones', () => {
    const a = rejectionsByRule(items)[0];
    expect(a.examples.map((e) => [e.item.location, e.problem?.value])).to.deep.equal([
      ['line 1 (record 1)', '"X"'],
      ['line 2 (record 2)', '"Y"'],
    ]);
  });

  it('stays short whatever the input: a few lines per rule, however many documents', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      refused(i, [problem('A', 'type', '"X"'), problem(`R${i % 3}`, 'x')]),
    );
    expect(formatRejectionsByRule(rejectionsByRule(many), 10000)).to.have.length.at.most(4 * 5); // 4 rules, 5 lines each
  });

  it('writes the counts, the share of documents read, the rule in words, the examples with path and value, and the fix', () => {
    expect(formatRejectionsByRule(rejectionsByRule(items.slice(4)), 20)).to.deep.equal(
      [
        '  C: refuses 1 document, 1 for this rule alone (5.0% of the 20 read)',
        '    C in words.',
        '    e.g. dump.ndjson line 5 (record 5) https://example.org/object/5 at identified_by[2]: {"type":"Type"}',
        '    fix C',
      ].map((l) => l.replace('    fix C', '    Fix: fix C')),
    );
  });

  it("groups by the lines' [rule] when a report carries lines only (an older server)", () => {
    const lines = items.map((i) => ({ source: i.source, location: i.location, messages: i.messages }));
    expect(rejectionsByRule(lines).map((s) => [s.rule, s.documents, s.alone])).to.deep.equal([
      ['A', 4, 2],
      ['B', 2, 0],
      ['C', 1, 1],
    ]);
  });
});
