import { object, repairCases } from './support.js';

describe('repair empty-unmapped-key', () => {
  repairCases('empty-unmapped-key', [
    {
      name: 'an unmapped key holding [] is dropped',
      doc: object({ see_also: [] }),
      after: object({}),
      notes: [
        'Repaired at see_also: dropped [] (the context does not map "see_also", and it holds nothing) [empty-unmapped-key]',
      ],
    },
    {
      name: 'an unmapped key holding {} is dropped',
      doc: object({ see_also: {} }),
      after: object({}),
      notes: [
        'Repaired at see_also: dropped {} (the context does not map "see_also", and it holds nothing) [empty-unmapped-key]',
      ],
    },
    {
      name: 'an unmapped key with a value stays (refused)',
      doc: object({ see_also: [{ id: 'https://example.org/x' }] }),
    },
    { name: 'a mapped key holding [] stays', doc: object({ identified_by: [] }) },
    { name: 'a key for developers (_) holding [] stays', doc: object({ _extra: [] }) },
  ]);
});
