/**
 * The conformance policy's decision (src/validate/conformance.ts): under `report` a document is
 * admitted with its Violations only when every one is a shape's; a Violation of any other rule
 * (ingest's, the lossless check's, one added later) refuses it; `strict` refuses any Violation.
 */
import { expect } from 'chai';
import type { Problem } from '../../../src/linkedart/Problem.js';
import { conformancePolicyNamed, isShapeRule, violationsAdmitted } from '../../../src/validate/conformance.js';

const problem = (rule: string, severity: Problem['severity'] = 'Violation'): Problem => ({
  path: 'identified_by[0]',
  rule,
  message: `breaks ${rule}`,
  severity,
});

describe('the conformance policy', () => {
  it("knows the shapes' rules from the shapes, and no ingest rule as one", () => {
    expect(isShapeRule('NameContent')).to.equal(true);
    expect(isShapeRule('AcquisitionTransferredTitleOf')).to.equal(true);
    for (const rule of ['unmapped-key', 'id', 'root-type', 'lossless', 'a-rule-added-later'])
      expect(isShapeRule(rule), rule).to.equal(false);
  });

  it('strict: any Violation refuses; Warnings alone admit with none', () => {
    expect(violationsAdmitted('strict', [problem('NameContent')])).to.equal(undefined);
    expect(violationsAdmitted('strict', [problem('DocumentClassifiedAs', 'Warning')])).to.deep.equal([]);
  });

  it("report: admits with the shapes' Violations (the Warnings not among them)", () => {
    const violations = [problem('NameContent'), problem('DimensionUnit')];
    expect(violationsAdmitted('report', [...violations, problem('DocumentClassifiedAs', 'Warning')])).to.deep.equal(
      violations,
    );
  });

  it("report: refuses when any Violation would lose data or is not a shape's (ingest rules, lossless, a new rule)", () => {
    for (const rule of ['unmapped-key', 'id', 'root-type', 'lossless', 'a-rule-added-later']) {
      expect(violationsAdmitted('report', [problem('NameContent'), problem(rule)]), rule).to.equal(undefined);
    }
  });

  it('names: strict and report, in any case; anything else is none', () => {
    expect([
      conformancePolicyNamed('strict'),
      conformancePolicyNamed(' Report '),
      conformancePolicyNamed('lenient'),
    ]).to.deep.equal(['strict', 'report', undefined]);
  });
});
