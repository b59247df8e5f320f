import { object, repairCases } from './support.js';

describe('repair iri-escape', () => {
  repairCases('iri-escape', [
    {
      name: 'spaces percent-encoded',
      doc: object({ made_of: [{ id: 'https://example.org/a b', type: 'Material' }] }),
      after: object({ made_of: [{ id: 'https://example.org/a%20b', type: 'Material' }] }),
      notes: ['Repaired at made_of[0].id: "https://example.org/a b" → "https://example.org/a%20b" [iri-escape]'],
    },
    {
      name: 'each character an IRI may not hold',
      doc: object({ made_of: [{ id: 'https://example.org/<>"{}|\\^`', type: 'Material' }] }),
      after: object({ made_of: [{ id: 'https://example.org/%3C%3E%22%7B%7D%7C%5C%5E%60', type: 'Material' }] }),
      notes: [
        'Repaired at made_of[0].id: "https://example.org/<>\\"{}|\\\\^`" → "https://example.org/%3C%3E%22%7B%7D%7C%5C%5E%60" [iri-escape]',
      ],
    },
    {
      name: 'non-ASCII letters are IRI characters: kept',
      doc: object({ made_of: [{ id: 'https://example.org/Asnières', type: 'Material' }] }),
    },
    {
      name: 'a broken escape is not guessed at',
      doc: object({ made_of: [{ id: 'https://example.org/%zz', type: 'Material' }] }),
    },
  ]);
});
