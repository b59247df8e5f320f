import { gateVerdicts, object, repairCases } from './support.js';

describe('repair name-content', () => {
  repairCases('name-content', [
    {
      name: 'a Name with a _label and no content: the content from the _label, the _label kept',
      doc: object({ identified_by: [{ type: 'Name', _label: 'Jug with a lid' }] }),
      after: object({ identified_by: [{ type: 'Name', _label: 'Jug with a lid', content: 'Jug with a lid' }] }),
      notes: [
        'Repaired at identified_by[0].content: "content" "Jug with a lid" from the _label (the _label kept) [name-content]',
      ],
    },
    {
      name: 'a Name with content: left',
      doc: object({ identified_by: [{ type: 'Name', _label: 'Jug', content: 'Jug with a lid' }] }),
    },
    { name: 'a Name with an empty _label: left', doc: object({ identified_by: [{ type: 'Name', _label: '' }] }) },
    {
      name: 'a _label that is not one string: left',
      doc: object({ identified_by: [{ type: 'Name', _label: ['Jug', 'Krug'] }] }),
    },
    { name: 'not a Name: left', doc: object({ identified_by: [{ type: 'Identifier', _label: 'J-1' }] }) },
  ]);

  gateVerdicts(
    'a Name with a _label only',
    object({ identified_by: [{ type: 'Name', _label: 'Jug with a lid' }] }),
    'NameContent',
    'identified_by[0]',
  );
});
