import { object, repairCases } from './support.js';

describe('repair relative-id', () => {
  repairCases('relative-id', [
    {
      name: 'an embedded relative id, resolved against the base',
      base: 'https://example.org/object/1',
      doc: object({ made_of: [{ id: '../material/oil', type: 'Material' }] }),
      after: object({ made_of: [{ id: 'https://example.org/material/oil', type: 'Material' }] }),
      notes: [
        'Repaired at made_of[0].id: "../material/oil" → "https://example.org/material/oil" (resolved against https://example.org/object/1) [relative-id]',
      ],
    },
    {
      name: 'a relative root id too',
      base: 'https://example.org/',
      doc: object({ id: 'object/1' }),
      after: object({ id: 'https://example.org/object/1' }),
      notes: [
        'Repaired at id: "object/1" → "https://example.org/object/1" (resolved against https://example.org/) [relative-id]',
      ],
    },
    { name: 'without a base: left (the gate refuses it)', doc: object({ made_of: [{ id: 'oil', type: 'Material' }] }) },
    {
      name: 'a blank node id stays',
      base: 'https://example.org/',
      doc: object({ made_of: [{ id: '_:b1', type: 'Material' }] }),
    },
  ]);
});
