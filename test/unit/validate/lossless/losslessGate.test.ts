/**
 * The gate's lossless check (src/validate/lossless): every admitted document comes back from its
 * quads with every key and value it was given; what would not is refused, path by path, with
 * the cause named when one id stands for nodes of different kinds.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { ingestDocument } from '../../../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../../../src/rebuild/renderDocument.js';
import { admitDocument, checkShapes } from '../../../../src/validate/admitDocument.js';
import { losslessProblems } from '../../../../src/validate/lossless/losslessProblems.js';
import { sharedIds } from '../../../../src/validate/lossless/sharedIds.js';
import { CORPUS_DIR, REAL_WORLD_DIR } from '../../../support/corpus.js';
import { problemsOf } from '../../../support/rejection.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/1';
const IMAGE = 'https://images.example.org/1.jpg';
const PRODUCTION = 'https://example.org/production/1';
const doc = (extra: Record<string, unknown>) => ({
  '@context': V1,
  id: ID,
  type: 'HumanMadeObject',
  _label: 'Pot',
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300133025', type: 'Type', _label: 'works of art' }],
  identified_by: [{ type: 'Name', content: 'Pot' }],
  ...extra,
});
/** A VisualItem whose id is its image's URL, the DigitalObject with that id, and its access point again. */
const visual = doc({
  representation: [
    {
      id: IMAGE,
      type: 'VisualItem',
      digitally_shown_by: [
        {
          id: IMAGE,
          type: 'DigitalObject',
          classified_as: [{ id: 'http://vocab.getty.edu/aat/300215302', type: 'Type', _label: 'digital images' }],
          access_point: [{ id: IMAGE, type: 'DigitalObject' }],
        },
      ],
    },
  ],
});
/** A TimeSpan given its Production's id. */
const timespan = doc({
  produced_by: {
    id: PRODUCTION,
    type: 'Production',
    timespan: {
      id: PRODUCTION,
      type: 'TimeSpan',
      begin_of_the_begin: '1900-01-01T00:00:00Z',
      end_of_the_end: '1901-01-01T00:00:00Z',
    },
  },
});
const served = (json: unknown) => {
  const admitted = admitDocument(json);
  return renderDocument(admitted.id, [...admitted.quads, ...admitted.hintQuads])!.document;
};

describe('the lossless check at the gate', () => {
  it('a "_label" given as an array: refused (the spec and its JSON Schema make it one string), the second label named with its path and value', () => {
    const problems = problemsOf(admitDocument, doc({ _label: ['Pot', 'Topf'] }));
    expect(problems[0]).to.include({
      rule: 'lossless',
      path: '_label[1]',
      value: '"Topf"',
      term: '_label',
      severity: 'Violation',
    });
    expect(problems[0].message).to.contain('one string');
    expect(problems[0].hint).to.contain('Names in identified_by');
  });

  it('a VisualItem, its DigitalObject and its access point under one id: admitted, and comes back whole', () => {
    expect(served(visual)).to.deep.equal(visual);
  });

  it("a TimeSpan given its Production's id: admitted, and its bounds come back", () => {
    expect(served(timespan)).to.deep.equal(timespan);
  });

  it('an id shared by nodes of different kinds that comes back whole is named in a shared-id Warning', () => {
    const warnings = admitDocument(timespan).warnings.filter((w) => w.rule === 'shared-id');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ path: 'produced_by.timespan', severity: 'Warning' });
    expect(warnings[0].message).to.contain(
      `the id ${PRODUCTION} is used for a Production at produced_by and for a TimeSpan at produced_by.timespan; RDF makes them one thing`,
    );
  });

  it('a value the quads do not hold: one lossless Violation per lost path, with its value and the shared id that made the nodes one', () => {
    const ingested = ingestDocument(visual);
    // As a render that cut the merged node would: the inner node's own statements gone from the quads.
    const kept = ingested.quads.filter(
      (q) => !(q.subject.value === IMAGE && /P2_has_type|access_point|P129/.test(q.predicate.value)),
    );
    const problems = losslessProblems({ ...ingested, quads: kept }, sharedIds(visual));
    expect(problems.map((p) => [p.rule, p.path, p.severity])).to.deep.equal([
      ['lossless', 'representation[0].digitally_shown_by[0].classified_as', 'Violation'],
      ['lossless', 'representation[0].digitally_shown_by[0].access_point', 'Violation'],
    ]);
    expect(problems[0].value).to.contain('300215302');
    expect(problems[0].message).to.contain(
      `the id ${IMAGE} is used for a VisualItem at representation[0] and for a DigitalObject at representation[0].digitally_shown_by[0]; RDF makes them one thing`,
    );
    expect(problems[0].hint).to.equal('give each its own id, or drop the inner id');
  });

  it('a path an ingest problem already names is not reported again as lost', () => {
    const ingested = ingestDocument(timespan);
    const kept = ingested.quads.filter((q) => !q.predicate.value.endsWith('P82a_begin_of_the_begin'));
    const all = losslessProblems({ ...ingested, quads: kept }, []).map((p) => p.path);
    expect(all).to.deep.equal(['produced_by.timespan.begin_of_the_begin']);
    expect(losslessProblems({ ...ingested, quads: kept }, [], ['produced_by.timespan'])).to.deep.equal([]);
  });

  it('one id for a HumanMadeObject and its own VisualItem: the lossless cause first, the VisualItem rules it breaks only as its consequences', () => {
    const problems = problemsOf(
      admitDocument,
      doc({ representation: [{ id: ID, type: 'VisualItem', _label: 'image' }] }),
    );
    expect(problems[0]).to.include({ rule: 'lossless', path: 'representation[0]', severity: 'Violation' });
    expect(problems[0].message).to.contain(
      `the id ${ID} is used for a HumanMadeObject at the document itself and for a VisualItem at representation[0]; RDF makes them one thing`,
    );
    const visualWork = problems.find((p) => p.rule === 'VisualWorkRepresentation')!;
    expect(visualWork).to.include({ severity: 'Warning' });
    expect(visualWork.message).to.match(
      /^\(a consequence of the shared id https:\/\/example\.org\/object\/1\) A Visual Work must not have representation/,
    );
    expect(problems.filter((p) => p.severity === 'Violation').map((p) => p.rule)).to.deep.equal(['lossless']);
  });

  it('a shape problem that does not stem from the shared id stays a Violation of its own', () => {
    const problems = problemsOf(
      admitDocument,
      doc({ representation: [{ id: ID, type: 'VisualItem' }], identified_by: [{ type: 'Name' }] }),
    );
    expect(problems[0].rule).to.equal('lossless');
    expect(problems.find((p) => p.rule === 'NameContent')).to.include({
      severity: 'Violation',
      path: 'identified_by[0]',
    });
  });

  it('clean documents pass with no lossless problem: a corpus example and a real-world record', () => {
    for (const file of [
      `${CORPUS_DIR}object.0.json`,
      `${REAL_WORLD_DIR}paul-mellon-centre/archive-d8e2359f-5145-4a81-becd-c281df85d97a.json`,
    ]) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      const admitted = checkShapes(ingestDocument(json));
      expect(
        admitted.warnings.filter((w) => w.rule === 'lossless' || w.rule === 'shared-id'),
        file,
      ).to.deep.equal([]);
    }
  });
});
