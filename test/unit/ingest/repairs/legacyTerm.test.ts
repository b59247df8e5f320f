import { expect } from 'chai';
import { object, repairCases, V1, violationsAsWritten, violationsRepaired } from './support.js';

const person = { id: 'https://example.org/person/1', type: 'Person', _label: 'Maker' };
const WIKIDATA = 'http://www.wikidata.org/entity/Q1';

describe('repair legacy-term', () => {
  repairCases('legacy-term', [
    {
      name: 'label → _label, in its place',
      doc: {
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: 'https://example.org/object/1',
        type: 'HumanMadeObject',
        label: 'Jug',
        classified_as: [],
      },
      after: {
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: 'https://example.org/object/1',
        type: 'HumanMadeObject',
        _label: 'Jug',
        classified_as: [],
      },
      notes: ['Repaired at label: key "label" → "_label" [legacy-term]'],
    },
    { name: 'label beside _label stays (refused: two labels)', doc: object({ label: 'Krug' }) },
    {
      name: 'current_keeper → current_custodian',
      doc: object({ current_keeper: [{ id: 'https://example.org/group/1', type: 'Group' }] }),
      after: object({ current_custodian: [{ id: 'https://example.org/group/1', type: 'Group' }] }),
      notes: ['Repaired at current_keeper: key "current_keeper" → "current_custodian" [legacy-term]'],
    },
    {
      name: "embedded: a Language's label",
      doc: object({ language: [{ id: 'https://example.org/lang/en', type: 'Language', label: 'English' }] }),
      after: object({ language: [{ id: 'https://example.org/lang/en', type: 'Language', _label: 'English' }] }),
      notes: ['Repaired at language[0].label: key "label" → "_label" [legacy-term]'],
    },
    {
      name: "consists_of on a Production → part (P9, the old term's meaning there)",
      doc: object({
        produced_by: { type: 'Production', consists_of: [{ type: 'Production', carried_out_by: [person] }] },
      }),
      after: object({ produced_by: { type: 'Production', part: [{ type: 'Production', carried_out_by: [person] }] } }),
      notes: [
        'Repaired at produced_by.consists_of: key "consists_of" → "part" (until the 6.2.4 context, consists_of was P9 consists of; 1.0 writes it part on an activity) [legacy-term]',
      ],
    },
    {
      name: 'consists_of on a HumanMadeObject stays (its part is P46, not P9: it would say something else)',
      doc: object({ consists_of: [{ id: 'https://example.org/object/2', type: 'HumanMadeObject', _label: 'Lid' }] }),
    },
    {
      name: 'exact_match → equivalent',
      doc: { '@context': V1, ...person, exact_match: [{ id: WIKIDATA, type: 'Person' }] },
      after: { '@context': V1, ...person, equivalent: [{ id: WIKIDATA, type: 'Person' }] },
      notes: [
        'Repaired at exact_match: key "exact_match" → "equivalent" (the 1.0 context replaced exact_match, skos:exactMatch, with equivalent, la:equivalent) [legacy-term]',
      ],
    },
    {
      name: 'exact_match beside equivalent stays (refused: the old key)',
      doc: object({ exact_match: [WIKIDATA], equivalent: [{ id: WIKIDATA, type: 'HumanMadeObject' }] }),
    },
    {
      name: "a Name's value → content",
      doc: object({ identified_by: [{ type: 'Name', value: 'Jug' }] }),
      after: object({ identified_by: [{ type: 'Name', content: 'Jug' }] }),
      notes: [
        'Repaired at identified_by[0].value: key "value" → "content" (until the 6.2.4 context, a text\'s value was rdf:value; 1.0 writes it content, P190 has symbolic content) [legacy-term]',
      ],
    },
    {
      name: "a Dimension's value stays (P90, a number)",
      doc: object({
        dimension: [
          {
            type: 'Dimension',
            value: 3,
            unit: { id: 'http://vocab.getty.edu/aat/300379098', type: 'MeasurementUnit', _label: 'cm' },
          },
        ],
      }),
    },
    {
      name: "a Name's value beside its content stays (refused)",
      doc: object({ identified_by: [{ type: 'Name', value: 'Krug', content: 'Jug' }] }),
    },
  ]);

  it('without repairs, each is refused with the rule it had; repaired, admitted', () => {
    const production = object({
      produced_by: { type: 'Production', consists_of: [{ type: 'Production', carried_out_by: [person] }] },
    });
    expect(violationsAsWritten(production)).to.deep.equal(['produced_by.consists_of unmapped-key']);
    const matched = { '@context': V1, ...person, exact_match: [{ id: WIKIDATA, type: 'Person' }] };
    expect(violationsAsWritten(matched)).to.deep.equal(['exact_match unmapped-key']);
    const named = object({ identified_by: [{ type: 'Name', value: 'Jug' }] });
    expect(violationsAsWritten(named)).to.deep.equal(['identified_by[0] NameContent']);
    for (const doc of [production, matched, named])
      expect(violationsRepaired(doc), JSON.stringify(doc)).to.deep.equal([]);
  });
});
