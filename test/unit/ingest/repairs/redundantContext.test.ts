import { object, repairCases, V1 } from './support.js';

describe('repair redundant-context', () => {
  repairCases('redundant-context', [
    {
      name: "an embedded @context equal to the document's is dropped",
      doc: object({ representation: [{ id: 'https://example.org/vi/1', type: 'VisualItem', '@context': V1 }] }),
      after: object({ representation: [{ id: 'https://example.org/vi/1', type: 'VisualItem' }] }),
      notes: [
        `Repaired at representation[0].@context: dropped "${V1}" (the document's own context again) [redundant-context]`,
      ],
    },
    {
      name: 'another embedded @context stays (the gate refuses it)',
      doc: object({ representation: [{ type: 'VisualItem', '@context': 'https://example.org/c' }] }),
    },
    { name: 'the root @context is never dropped', doc: object({}) },
  ]);
});
