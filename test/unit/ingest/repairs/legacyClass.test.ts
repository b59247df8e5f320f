import { object, repairCases } from './support.js';

describe('repair legacy-class', () => {
  repairCases('legacy-class', [
    {
      name: 'ManMadeObject → HumanMadeObject',
      doc: object({ type: 'ManMadeObject' }),
      after: object({ type: 'HumanMadeObject' }),
      notes: ['Repaired at type: "ManMadeObject" → "HumanMadeObject" [legacy-class]'],
    },
    {
      name: 'in an array of types, embedded',
      doc: object({ part: [{ type: ['ManMadeFeature'] }] }),
      after: object({ part: [{ type: ['HumanMadeFeature'] }] }),
      notes: ['Repaired at part[0].type[0]: "ManMadeFeature" → "HumanMadeFeature" [legacy-class]'],
    },
    {
      name: 'an extension that defines the old name keeps it',
      doc: object({
        '@context': [{ ManMadeObject: 'https://example.org/MMO' }, 'https://linked.art/ns/v1/linked-art.json'],
        type: 'ManMadeObject',
      }),
    },
    { name: 'current names: the same object', doc: object({}) },
  ]);
});
