import { object, repairCases } from './support.js';

describe('repair links-dropped', () => {
  repairCases('links-dropped', [
    {
      name: 'a root _links is dropped, with what it held',
      doc: object({ _links: { self: { href: 'x' } } }),
      after: object({}),
      notes: ['Repaired at _links: dropped {"self":{"href":"x"}} (navigation, not data) [links-dropped]'],
    },
    {
      name: 'an embedded _links too',
      doc: object({ produced_by: { type: 'Production', _links: {} } }),
      after: object({ produced_by: { type: 'Production' } }),
      notes: ['Repaired at produced_by._links: dropped {} (navigation, not data) [links-dropped]'],
    },
    { name: 'no _links: the same object', doc: object({}) },
  ]);
});
