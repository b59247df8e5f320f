/**
 * Every problem of a document in one pass: the gate reads what ingest can read past an ingest
 * problem, runs the shapes on it, and refuses with both together; a shape finding that only
 * follows from a part not read is named in the ingest problem, not listed as one of its own.
 */
import { expect } from 'chai';
import { ingestReadable } from '../../../src/ingest/ingestDocument.js';
import type { Problem } from '../../../src/linkedart/Problem.js';
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { problemsOf } from '../../support/rejection.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = 'https://example.org/object/7';

type Doc = Record<string, unknown>;
function jug(extra: Doc = {}): Doc {
  return {
    '@context': V1,
    id: ID,
    type: 'HumanMadeObject',
    _label: 'Jug',
    classified_as: [{ id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: 'Painting' }],
    identified_by: [{ type: 'Name', content: 'Jug' }],
    ...extra,
  };
}

const rejection = (doc: Doc): Problem[] => problemsOf(admitDocument, doc);
const where = (problems: readonly Problem[]) => problems.map((p) => `${p.rule} at ${p.path}`).sort();

describe('the gate: every problem of a document in one pass', () => {
  it('reports an unmapped key and a shape violation elsewhere together', () => {
    const doc = jug({
      current_location: {
        id: 'https://example.org/place/1',
        type: 'Place',
        clasified_as: [{ id: 'http://vocab.getty.edu/aat/300240057', type: 'Type' }],
      },
    });
    (doc['identified_by'] as Doc[]).push({ type: 'Name' });
    const problems = rejection(doc);
    expect(where(problems)).to.deep.equal([
      'NameContent at identified_by[1]',
      'unmapped-key at current_location.clasified_as',
    ]);
    expect(problems.find((p) => p.rule === 'unmapped-key')!.message).to.contain(
      'its value was not read because of this; problems inside it are not checked',
    );
  });

  it("does not list as a problem of its own what only follows from a misspelt key: it names it in the key's problem, and the fix it hints at admits the document", () => {
    const doc = jug({ identified_by: [{ type: 'Name', contnet: 'Jug' }] });
    const problems = rejection(doc);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.include({
      rule: 'unmapped-key',
      path: 'identified_by[0].contnet',
      term: 'contnet',
      severity: 'Violation',
    });
    expect(problems[0].hint).to.match(/^did you mean "content"\?/);
    expect(problems[0].message).to.contain(
      'until it is fixed the shapes also find at identified_by[0]: "A Name must have content." (NameContent), which follows from it',
    );
    expect(admitDocument(jug({ identified_by: [{ type: 'Name', content: 'Jug' }] })).id).to.equal(ID);
  });

  it('does not check inside a value it could not read, and says so', () => {
    // The Name without content inside the unmapped key is not reported: nothing of it was read.
    const problems = rejection(
      jug({
        produced_by: { type: 'Production', occurs_during: [{ type: 'Period', identified_by: [{ type: 'Name' }] }] },
      }),
    );
    expect(where(problems)).to.deep.equal(['unmapped-key at produced_by.occurs_during']);
    expect(problems[0].message).to.match(
      /it would be lost; its value was not read because of this; problems inside it are not checked$/,
    );
  });

  it('skips a structure with a relative id, says so, and checks the rest', () => {
    const problems = rejection(
      jug({
        made_of: [{ id: 'oil', type: 'Material', identified_by: [{ type: 'Name' }] }],
        dimension: [
          {
            type: 'Dimension',
            value: '12',
            unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit' },
          },
        ],
      }),
    );
    expect(where(problems)).to.deep.equal(['DimensionValue at dimension[0].value', 'id at made_of[0].id']);
    expect(problems.find((p) => p.rule === 'id')!.message).to.contain(
      'the value at made_of[0] was not read because of this; problems inside it are not checked',
    );
  });

  it('names "has no type" at a node whose only type is unknown in the type\'s problem, and reports the rest', () => {
    const problems = rejection(
      jug({ referred_to_by: [{ type: 'LinguisticObjekt', content: 'A jug.' }], identified_by: [{ type: 'Name' }] }),
    );
    expect(where(problems)).to.deep.equal([
      'NameContent at identified_by[0]',
      'unknown-type at referred_to_by[0].type',
    ]);
    const unknown = problems.find((p) => p.rule === 'unknown-type')!;
    expect(unknown.message)
      .to.contain('the node at referred_to_by[0] was checked without this type')
      .and.contain(
        'the shapes also find at referred_to_by[0]: "A referenced or embedded entity has no type." (ReferenceType), which follows from it',
      );
  });

  it('still refuses at once, before the shapes, a document with no usable root type', () => {
    const problems = rejection({ ...jug({ identified_by: [{ type: 'Name' }] }), type: 'Production' });
    expect(where(problems)).to.deep.equal(['root-type at type']);
  });

  it('exposes the ingest problems and the paths they kept from being read on the document, for the rest of the gate', () => {
    const read = ingestReadable(
      jug({ identified_by: [{ type: 'Name', contnet: 'Jug' }], made_of: [{ id: 'oil', type: 'Material' }] }),
    );
    expect(read.refusals.map((p) => `${p.rule} at ${p.path}`)).to.deep.equal([
      'unmapped-key at identified_by[0].contnet',
      'id at made_of[0].id',
    ]);
    expect(read.unread.map((u) => u.path)).to.deep.equal(['identified_by[0].contnet', 'made_of[0]']);
    expect(read.quads.some((q) => q.predicate.value.endsWith('P45_consists_of'))).to.equal(false);
  });
});
