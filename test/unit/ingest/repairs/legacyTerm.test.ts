import { object, repairCases } from './support.js';

describe('repair legacy-term', () => {
  repairCases('legacy-term', [
    { name: 'label → _label, in its place', doc: { '@context': 'https://linked.art/ns/v1/linked-art.json', id: 'https://example.org/object/1', type: 'HumanMadeObject', label: 'Jug', classified_as: [] },
      after: { '@context': 'https://linked.art/ns/v1/linked-art.json', id: 'https://example.org/object/1', type: 'HumanMadeObject', _label: 'Jug', classified_as: [] },
      notes: ['Repaired at label: key "label" → "_label" [legacy-term]'] },
    { name: 'label beside _label stays (refused: two labels)', doc: object({ label: 'Krug' }) },
    { name: 'current_keeper → current_custodian', doc: object({ current_keeper: [{ id: 'https://example.org/group/1', type: 'Group' }] }),
      after: object({ current_custodian: [{ id: 'https://example.org/group/1', type: 'Group' }] }),
      notes: ['Repaired at current_keeper: key "current_keeper" → "current_custodian" [legacy-term]'] },
    { name: 'embedded: a Language\'s label', doc: object({ language: [{ id: 'https://example.org/lang/en', type: 'Language', label: 'English' }] }),
      after: object({ language: [{ id: 'https://example.org/lang/en', type: 'Language', _label: 'English' }] }),
      notes: ['Repaired at language[0].label: key "label" → "_label" [legacy-term]'] },
  ]);
});
