import { expect } from 'chai';
import { object, repairCases, violationsAsWritten, violationsRepaired } from './support.js';

const cm = { id: 'http://vocab.getty.edu/aat/300379098', _label: 'cm' };

describe('repair type-from-range', () => {
  repairCases('type-from-range', [
    {
      name: 'a unit typed Type → MeasurementUnit (P91: range E58)',
      doc: object({ dimension: [{ type: 'Dimension', value: 3, unit: { ...cm, type: 'Type' } }] }),
      after: object({ dimension: [{ type: 'Dimension', value: 3, unit: { ...cm, type: 'MeasurementUnit' } }] }),
      notes: [
        'Repaired at dimension[0].unit.type: "Type" → "MeasurementUnit" (P91 has unit: range E58 Measurement Unit (a subclass of E55 Type)) [type-from-range]',
      ],
    },
    {
      name: 'produced_by typed Activity → Production (P108i: range E12)',
      doc: object({ produced_by: { type: 'Activity' } }),
      after: object({ produced_by: { type: 'Production' } }),
      notes: [
        'Repaired at produced_by.type: "Activity" → "Production" (P108i was produced by: range E12 Production (a subclass of E7 Activity)) [type-from-range]',
      ],
    },
    {
      name: 'a classified_as typed Type stays (its range is E55 itself)',
      doc: object({ classified_as: [{ ...cm, type: 'Type' }] }),
    },
    {
      name: 'a unit typed with something else stays',
      doc: object({ dimension: [{ type: 'Dimension', value: 3, unit: { ...cm, type: 'Place' } }] }),
    },
  ]);
});

describe('repair type-from-range: made_of', () => {
  const oil = { id: 'http://vocab.getty.edu/aat/300015050', _label: 'oil paint' };
  repairCases('type-from-range', [
    {
      name: 'made_of typed Type → Material (P45: range E57)',
      doc: object({ made_of: [{ ...oil, type: 'Type' }] }),
      after: object({ made_of: [{ ...oil, type: 'Material' }] }),
      notes: [
        'Repaired at made_of[0].type: "Type" → "Material" (P45 consists of: range E57 Material (a subclass of E55 Type)) [type-from-range]',
      ],
    },
  ]);

  it('without repairs it is refused as before (MadeOfEntry); repaired, admitted', () => {
    const doc = object({ made_of: [{ ...oil, type: 'Type' }] });
    expect(violationsAsWritten(doc)).to.deep.equal(['made_of[0] MadeOfEntry']);
    expect(violationsRepaired(doc)).to.deep.equal([]);
  });
});
