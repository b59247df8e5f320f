import { object, repairCases, V1 } from './support.js';

describe('repair context-alias', () => {
  repairCases('context-alias', [
    {
      name: 'the v1 URI over http → https',
      doc: object({ '@context': 'http://linked.art/ns/v1/linked-art.json' }),
      after: object({}),
      notes: [
        `Repaired at @context: "http://linked.art/ns/v1/linked-art.json" → "${V1}" (the v1 URI over http) [context-alias]`,
      ],
    },
    {
      name: 'the last entry of an array',
      doc: object({ '@context': [{ ex: 'https://example.org/' }, 'http://linked.art/ns/v1/linked-art.json'] }),
      after: object({ '@context': [{ ex: 'https://example.org/' }, V1] }),
      notes: [
        `Repaired at @context[1]: "http://linked.art/ns/v1/linked-art.json" → "${V1}" (the v1 URI over http) [context-alias]`,
      ],
    },
    {
      name: "Getty's v1.1.0 copy is not taken on trust (its text could not be compared): left, the gate refuses it",
      doc: object({ '@context': 'https://static.getty.edu/contexts/linked.art/ns/v1.1.0/linked-art.json' }),
    },
    { name: 'another context stays', doc: object({ '@context': 'https://example.org/context.json' }) },
  ]);
});
