import { expect } from 'chai';
import {
  DEFAULT_DOCUMENT_LIMITS,
  documentLimitsExceeded,
  limitProblem,
  shapeExceeded,
  sizeExceeded,
} from '../../../src/ingest/documentLimits.js';
import { formatProblem } from '../../../src/linkedart/Problem.js';

const LIMITS = { maxBytes: 1000, maxDepth: 4, maxArrayItems: 3 };

/** `{"part": {"part": ... {}}}` nested `depth` objects deep (the outer one included), built without recursion. */
function nested(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 1; i < depth; i++) {
    const next = {};
    at['part'] = next;
    at = next;
  }
  return root;
}

describe('Limits on one document', () => {
  it('keeps within the limits: at the depth and the items allowed, nothing is said', () => {
    expect(shapeExceeded(nested(4), LIMITS)).to.equal(undefined);
    expect(shapeExceeded({ a: [1, 2, 3], b: [{ c: [] }] }, LIMITS)).to.equal(undefined);
    expect(shapeExceeded('a string', LIMITS)).to.equal(undefined);
    expect(sizeExceeded(1000, LIMITS)).to.equal(undefined);
  });

  it('one level too deep: the rule, the limit and the path where it was passed', () => {
    expect(shapeExceeded(nested(5), LIMITS)).to.deep.include({
      rule: 'nested-too-deep',
      limit: 4,
      found: 5,
      path: 'part.part.part.part',
    });
    // Arrays are levels too.
    expect(shapeExceeded({ a: [[[{}]]] }, LIMITS)).to.deep.include({ rule: 'nested-too-deep', path: 'a[0][0][0]' });
  });

  it('walks 1,000,000 levels without recursion, the path shown with its middle elided', () => {
    const exceeded = shapeExceeded(nested(1_000_000), DEFAULT_DOCUMENT_LIMITS)!;
    expect(exceeded).to.include({ rule: 'nested-too-deep', limit: 64, found: 65 });
    expect(exceeded.path).to.equal(`${Array(12).fill('part').join('.')}.…${'.part'.repeat(12)}`);
  });

  it('an array past the limit: its path and its items; the first in document order is named', () => {
    expect(shapeExceeded({ a: { b: [1, 2, 3, 4] }, c: [1, 2, 3, 4, 5] }, LIMITS)).to.deep.include({
      rule: 'array-too-long',
      limit: 3,
      found: 4,
      path: 'a.b',
    });
    expect(shapeExceeded({ a: [0, { b: [1, 2, 3, 4] }] }, LIMITS)).to.deep.include({ path: 'a[1].b' });
  });

  it('size first, then shape; as a Problem it names the rule, the numbers and the flag', () => {
    expect(documentLimitsExceeded(nested(10), 2000, LIMITS)).to.deep.include({
      rule: 'document-too-large',
      found: 2000,
      limit: 1000,
    });
    const problem = limitProblem(documentLimitsExceeded(nested(10), 10, LIMITS)!, 'https://example.org/object/1');
    expect(problem).to.include({
      document: 'https://example.org/object/1',
      rule: 'nested-too-deep',
      severity: 'Violation',
    });
    expect(formatProblem(problem)).to.match(
      /^Violation at part\.part\.part\.part: .*more than 4 levels.*--max-depth.*\[nested-too-deep\] Fix: /,
    );
  });
});
