import { gateVerdicts, object, repairCases } from './support.js';

const AAT_JUG = { id: 'http://vocab.getty.edu/aat/300033618', type: 'Type', _label: 'jugs' };

describe('repair null-value', () => {
  repairCases('null-value', [
    {
      name: 'a key whose value is null: dropped',
      doc: object({ referred_to_by: null, produced_by: { type: 'Production', timespan: null } }),
      after: object({ produced_by: { type: 'Production' } }),
      notes: [
        'Repaired at referred_to_by: dropped null (JSON-LD reads it as the key left out) [null-value]',
        'Repaired at produced_by.timespan: dropped null (JSON-LD reads it as the key left out) [null-value]',
      ],
    },
    {
      name: 'a null in an array: the entry dropped (each noted at its place in the array as written)',
      doc: object({ classified_as: [null, AAT_JUG, null] }),
      after: object({ classified_as: [AAT_JUG] }),
      notes: [
        'Repaired at classified_as[0]: dropped null (JSON-LD drops a null in an array) [null-value]',
        'Repaired at classified_as[2]: dropped null (JSON-LD drops a null in an array) [null-value]',
      ],
    },
    {
      name: 'an embedded id null: dropped (the structure has no id)',
      doc: object({ produced_by: { id: null, type: 'Production' } }),
      after: object({ produced_by: { type: 'Production' } }),
      notes: ['Repaired at produced_by.id: dropped null (JSON-LD reads it as the key left out) [null-value]'],
    },
    { name: "the document's own id null: left (refused as today)", doc: { ...object({}), id: null } },
    {
      name: 'an @context null (it resets the context): left',
      doc: object({ produced_by: { '@context': null, type: 'Production' } }),
    },
    { name: 'no null: the same object', doc: object({ classified_as: [AAT_JUG] }) },
  ]);

  gateVerdicts('a key whose value is null', object({ referred_to_by: null }), 'null', 'referred_to_by');
  gateVerdicts('a null in an array', object({ classified_as: [AAT_JUG, null] }), 'null', 'classified_as[1]');
});
