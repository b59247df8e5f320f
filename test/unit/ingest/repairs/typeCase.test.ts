import { expect } from 'chai';
import { formatRepair } from '../../../../src/ingest/repairs/RepairNote.js';
import { repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import { gateVerdicts, object, repairCases } from './support.js';

describe('repair type-case', () => {
  repairCases('type-case', [
    {
      name: 'identifier → Identifier, embedded',
      doc: object({ identified_by: [{ type: 'identifier', content: 'J-1' }] }),
      after: object({ identified_by: [{ type: 'Identifier', content: 'J-1' }] }),
      notes: ['Repaired at identified_by[0].type: "identifier" → "Identifier" [type-case]'],
    },
    {
      name: "HUMANMADEOBJECT → HumanMadeObject, the document's own type",
      doc: object({ type: 'HUMANMADEOBJECT' }),
      after: object({ type: 'HumanMadeObject' }),
      notes: ['Repaired at type: "HUMANMADEOBJECT" → "HumanMadeObject" [type-case]'],
    },
    {
      name: 'in an array of types',
      doc: object({ part: [{ type: ['humanmadeFeature'] }] }),
      after: object({ part: [{ type: ['HumanMadeFeature'] }] }),
      notes: ['Repaired at part[0].type[0]: "humanmadeFeature" → "HumanMadeFeature" [type-case]'],
    },
    {
      name: 'a property name is not a class (identified_by matches no class)',
      doc: object({ produced_by: { type: 'IDENTIFIED_BY' } }),
    },
    { name: 'no class at all: left', doc: object({ produced_by: { type: 'Fabrication' } }) },
    {
      name: 'a class spelt right: the same object',
      doc: object({ identified_by: [{ type: 'Identifier', content: 'J-1' }] }),
    },
    {
      name: 'an extension that defines the other spelling keeps it',
      doc: object({
        '@context': [{ identifier: 'https://example.org/identifier' }, 'https://linked.art/ns/v1/linked-art.json'],
        identified_by: [{ type: 'identifier', content: 'J-1' }],
      }),
    },
    {
      name: "an extension's class in another case: that class",
      doc: object({
        '@context': [{ Jug: 'https://example.org/Jug' }, 'https://linked.art/ns/v1/linked-art.json'],
        type: ['HumanMadeObject', 'jug'],
      }),
      after: object({
        '@context': [{ Jug: 'https://example.org/Jug' }, 'https://linked.art/ns/v1/linked-art.json'],
        type: ['HumanMadeObject', 'Jug'],
      }),
      notes: ['Repaired at type[1]: "jug" → "Jug" [type-case]'],
    },
  ]);

  it('runs before legacy-class: a pre-1.0 name in another case becomes the 1.0 class, both noted', () => {
    const { document, repairs } = repairDocument(object({ type: 'MANMADEOBJECT' }));
    expect((document as Record<string, unknown>)['type']).to.equal('HumanMadeObject');
    expect(repairs.map(formatRepair)).to.deep.equal([
      'Repaired at type: "MANMADEOBJECT" → "ManMadeObject" [type-case]',
      'Repaired at type: "ManMadeObject" → "HumanMadeObject" [legacy-class]',
    ]);
  });

  it('runs before type-from-range: a unit typed "type" becomes a MeasurementUnit', () => {
    const unit = { id: 'http://vocab.getty.edu/aat/300379098', type: 'type', _label: 'centimeters' };
    const { document, repairs } = repairDocument(object({ dimension: [{ type: 'Dimension', value: 3, unit }] }));
    expect((document as { dimension: Array<{ unit: { type: string } }> }).dimension[0].unit.type).to.equal(
      'MeasurementUnit',
    );
    expect(repairs.map((r) => r.repair)).to.deep.equal(['type-case', 'type-from-range']);
  });

  gateVerdicts(
    'an embedded type in lower case',
    object({ identified_by: [{ type: 'identifier', content: 'J-1' }] }),
    'unknown-type',
    'identified_by[0].type',
  );
  gateVerdicts("the document's type in upper case", object({ type: 'HUMANMADEOBJECT' }), 'root-type', 'type');
});
