import { object, repairCases } from './support.js';

const assigner = {
  type: 'AttributeAssignment',
  carried_out_by: [{ id: 'https://example.org/group/1', type: 'Group' }],
};
const attribution = { type: 'AttributeAssignment', assigned: [{ id: 'https://example.org/person/1', type: 'Person' }] };

describe('repair identifier-assigner', () => {
  repairCases('identifier-assigner', [
    {
      name: "an Identifier's attributed_by assigning nothing → assigned_by",
      doc: object({ identified_by: [{ type: 'Identifier', content: '1', attributed_by: [assigner] }] }),
      after: object({ identified_by: [{ type: 'Identifier', content: '1', assigned_by: [assigner] }] }),
      notes: [
        'Repaired at identified_by[0].attributed_by: 1 AttributeAssignment(s) assigning nothing moved to assigned_by [identifier-assigner]',
      ],
    },
    {
      name: 'an attribution that assigns something stays',
      doc: object({ identified_by: [{ type: 'Identifier', content: '1', attributed_by: [attribution] }] }),
    },
    {
      name: 'mixed: the assigner moves, the attribution stays',
      doc: object({ identified_by: [{ type: 'Name', content: 'Jug', attributed_by: [attribution, assigner] }] }),
      after: object({
        identified_by: [{ type: 'Name', content: 'Jug', attributed_by: [attribution], assigned_by: [assigner] }],
      }),
      notes: [
        'Repaired at identified_by[0].attributed_by: 1 AttributeAssignment(s) assigning nothing moved to assigned_by [identifier-assigner]',
      ],
    },
    { name: "an object's own attributed_by stays", doc: object({ attributed_by: [assigner] }) },
  ]);
});
