import { expect } from 'chai';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { problemsOf } from '../../support/rejection.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/set/7';
const base = {
  '@context': V1,
  id: ID,
  type: 'Set',
  _label: 'Programme',
  identified_by: [{ type: 'Name', content: 'Programme' }],
};
const TYPE = { id: 'http://vocab.getty.edu/aat/300194116', type: 'Type', _label: 'Festival books' };

/** Where the gate puts each problem of `doc` of this rule. */
const pathsOf = (doc: object, rule: string): string[] =>
  problemsOf(admitDocument, doc)
    .filter((p) => p.rule === rule)
    .map((p) => p.path);

describe('locateResult: a shape result at the JSON entry at fault', () => {
  it('an identified_by entry of the wrong class: at the entry, not at the node that holds it (Absalom-Set)', () => {
    const doc = {
      ...base,
      attributed_by: [
        {
          type: 'AttributeAssignment',
          identified_by: [TYPE],
          assigned: [{ id: 'https://example.org/object/1', type: 'HumanMadeObject' }],
        },
      ],
    };
    expect(pathsOf(doc, 'IdentifiedByEntry')).to.deep.equal(['attributed_by[0].identified_by[0]']);
  });

  it('the third of three identified_by entries: at identified_by[2], not the array', () => {
    const doc = {
      ...base,
      identified_by: [{ type: 'Name', content: 'A' }, { type: 'Identifier', content: '1' }, TYPE],
    };
    expect(pathsOf(doc, 'IdentifiedByEntry')).to.deep.equal(['identified_by[2]']);
  });

  it('a provenance part of the wrong class: at the part', () => {
    const doc = {
      '@context': V1,
      id: 'https://example.org/activity/1',
      type: 'Activity',
      _label: 'Provenance',
      classified_as: [{ id: 'http://vocab.getty.edu/aat/300055863', type: 'Type', _label: 'provenance activity' }],
      part: [
        {
          type: 'Acquisition',
          transferred_title_of: [{ id: 'https://example.org/object/1', type: 'HumanMadeObject' }],
        },
        { type: 'Production' },
      ],
    };
    expect(pathsOf(doc, 'ProvenancePartType')).to.deep.equal(['part[1]']);
  });

  it('a reference without type given as a bare IRI where the context takes one: at that value, not (document)', () => {
    const doc = { ...base, classified_as: ['http://vocab.getty.edu/aat/300033618'] };
    expect(pathsOf(doc, 'ReferenceType')).to.deep.equal(['classified_as[0]']);
  });

  it("the document's id given a second class by an embedded structure: at that structure, not (document)", () => {
    const doc = {
      ...base,
      type: 'Activity',
      timespan: { id: 'https://example.org/set/7', type: 'TimeSpan', begin_of_the_begin: '1503-01-01T00:00:00Z' },
    };
    const problems = problemsOf(admitDocument, doc).filter((p) => p.rule === 'DocumentType');
    expect(problems.map((p) => p.path)).to.include('timespan');
    expect(problems.map((p) => p.path)).not.to.include('');
  });
});
