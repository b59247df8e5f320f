import { expect } from 'chai';
import { repairedId } from '../../../../src/ingest/repairs/repairDocument.js';
import { object, repairCases } from './support.js';

const AAT = 'http://vocab.getty.edu/aat/300404126';

describe('repair scheme-colon', () => {
  it('gives a loader the id the repairs will leave (not a path under its base)', () => {
    expect(repairedId('http//example.org/object/1', { base: 'https://museum.example/' })).to.equal(
      'http://example.org/object/1',
    );
    expect(repairedId('object/1', { base: 'https://museum.example/' })).to.equal('https://museum.example/object/1');
  });

  repairCases('scheme-colon', [
    {
      name: 'an id written http// takes its colon (as three museums wrote an AAT id)',
      doc: object({
        shows: [{ type: 'VisualItem', classified_as: [{ id: 'http//vocab.getty.edu/aat/300404126', type: 'Type' }] }],
      }),
      after: object({ shows: [{ type: 'VisualItem', classified_as: [{ id: AAT, type: 'Type' }] }] }),
      notes: [
        `Repaired at shows[0].classified_as[0].id: "http//vocab.getty.edu/aat/300404126" → "${AAT}" [scheme-colon]`,
      ],
    },
    {
      name: "https// too, and the document's own id",
      doc: object({ id: 'https//example.org/object/1' }),
      after: object({ id: 'https://example.org/object/1' }),
      notes: ['Repaired at id: "https//example.org/object/1" → "https://example.org/object/1" [scheme-colon]'],
    },
    {
      name: 'an IRI given as the value of a reference key, alone or in an array',
      doc: object({ member_of: 'https//example.org/set/1', part_of: ['http//example.org/object/0'] }),
      after: object({ member_of: 'https://example.org/set/1', part_of: ['http://example.org/object/0'] }),
      notes: [
        'Repaired at member_of: "https//example.org/set/1" → "https://example.org/set/1" [scheme-colon]',
        'Repaired at part_of[0]: "http//example.org/object/0" → "http://example.org/object/0" [scheme-colon]',
      ],
    },
    {
      name: 'not before a relative-id base: the id is not read as a path under the base',
      doc: object({ classified_as: [{ id: 'http//vocab.getty.edu/aat/300404126', type: 'Type' }] }),
      base: 'https://museum.example/',
      after: object({ classified_as: [{ id: AAT, type: 'Type' }] }),
      notes: [`Repaired at classified_as[0].id: "http//vocab.getty.edu/aat/300404126" → "${AAT}" [scheme-colon]`],
    },
    {
      name: 'a bare IRI missing its colon: first the colon, then bare-reference makes it a reference',
      doc: object({ classified_as: ['http//vocab.getty.edu/aat/300404126'] }),
      after: object({ classified_as: [{ id: AAT, type: 'Type' }] }),
      notes: [`Repaired at classified_as[0]: "http//vocab.getty.edu/aat/300404126" → "${AAT}" [scheme-colon]`],
    },
    {
      name: "text is not an IRI: a Name's content written http// stays",
      doc: object({ identified_by: [{ type: 'Name', content: 'http//not-a-link' }] }),
    },
    {
      name: 'only the exact prefixes: HTTP//, http:/, ftp// stay (refused as today)',
      doc: object({
        classified_as: [
          { id: 'HTTP//vocab.getty.edu/aat/1', type: 'Type' },
          { id: 'http:/vocab.getty.edu/aat/2', type: 'Type' },
          { id: 'ftp//example.org/3', type: 'Type' },
        ],
      }),
    },
  ]);
});
