/**
 * The shapes over the corpus: every corpus document the shapes flag is flagged by the rules
 * reviewed in test/reports/shaclCorpus.ts (each Violation a real breach of the spec: the test
 * fails if the set of flagged documents and rules changes, so a change is reviewed there first),
 * and the official validator's invalid documents are flagged or not as the review says. The
 * report of all this is written by `npm run report:shacl-corpus`, not by this suite.
 */
import { expect } from 'chai';
import { LAV_INVALID, REVIEWED, short, validateCorpora } from '../../reports/shaclCorpus.js';

describe('SHACL shapes over the corpus (the reviews in test/reports/shaclCorpus.ts)', () => {
  const { corpus, lav } = validateCorpora();

  it('validates the 155 corpus documents ingest accepts', () => {
    expect(corpus.filter((d) => d.results)).to.have.length(155);
  });

  it('flags exactly the reviewed Violations in the corpus (a change must be reviewed)', () => {
    const found: Record<string, string[]> = {};
    for (const d of corpus) {
      const shapes = [
        ...new Set((d.results ?? []).filter((r) => r.severity === 'Violation').map((r) => short(r.shape))),
      ].sort();
      if (shapes.length > 0) found[d.file] = shapes;
    }
    const expected = Object.fromEntries(
      Object.entries(REVIEWED).map(([file, shapes]) => [file, Object.keys(shapes).sort()]),
    );
    expect(found).to.deep.equal(expected);
  });

  it('flags the lav-tests invalid documents the report says it flags, and only with Violations there', () => {
    for (const d of lav) {
      expect(d.results, `${d.file} is refused by ingest`).to.not.equal(undefined);
      expect(LAV_INVALID[d.file], `${d.file} has no reviewed explanation`).to.be.a('string');
      const flaggedByShapes = d.results!.some((r) => r.severity === 'Violation');
      expect(flaggedByShapes, d.file).to.equal(LAV_INVALID[d.file].startsWith('Flagged'));
    }
  });
});
