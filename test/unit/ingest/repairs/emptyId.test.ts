import { gateVerdicts, ID, object, repairCases } from './support.js';

describe('repair empty-id', () => {
  repairCases('empty-id', [
    {
      name: 'an embedded structure\'s "id": "": dropped, the structure is one of its own',
      doc: object({ produced_by: { id: '', type: 'Production', _label: 'Making of the jug' } }),
      after: object({ produced_by: { type: 'Production', _label: 'Making of the jug' } }),
      notes: [
        'Repaired at produced_by.id: dropped the empty id "" (it would name the document itself): the structure is one of its own, without an id [empty-id]',
      ],
    },
    {
      name: 'with a base, dropped too (relative-id would resolve it to the document itself)',
      doc: object({ produced_by: { id: '', type: 'Production' } }),
      base: ID,
      after: object({ produced_by: { type: 'Production' } }),
      notes: [
        'Repaired at produced_by.id: dropped the empty id "" (it would name the document itself): the structure is one of its own, without an id [empty-id]',
      ],
    },
    { name: "the document's own empty id: left (refused as today)", doc: object({ id: '' }) },
    {
      name: 'an id that is not empty: left',
      doc: object({ produced_by: { id: 'https://example.org/production/1', type: 'Production' } }),
    },
  ]);

  gateVerdicts('an embedded "id": ""', object({ produced_by: { id: '', type: 'Production' } }), 'id', 'produced_by.id');
});
