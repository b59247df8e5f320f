import { expect } from 'chai';
import { fullDateTime } from '../../../../src/ingest/repairs/datePrecision.js';
import { object, repairCases } from './support.js';

describe('repair date-precision', () => {
  it('gives the start and the end of the period a value names, or nothing when it is not ISO 8601', () => {
    const table: Array<[string, string | undefined, string | undefined]> = [
      ['1503', '1503-01-01T00:00:00Z', '1503-12-31T23:59:59Z'],
      ['1503-04', '1503-04-01T00:00:00Z', '1503-04-30T23:59:59Z'],
      ['1504-02', '1504-02-01T00:00:00Z', '1504-02-29T23:59:59Z'],
      ['1900-02', '1900-02-01T00:00:00Z', '1900-02-28T23:59:59Z'],
      ['2000-02', '2000-02-01T00:00:00Z', '2000-02-29T23:59:59Z'],
      ['1503-04-15', '1503-04-15T00:00:00Z', '1503-04-15T23:59:59Z'],
      ['1503-04-15Z', '1503-04-15T00:00:00Z', '1503-04-15T23:59:59Z'],
      ['1503-04-15+02:00', '1503-04-15T00:00:00+02:00', '1503-04-15T23:59:59+02:00'],
      ['1503-04-15T10:30', '1503-04-15T10:30:00Z', '1503-04-15T10:30:59Z'],
      ['-0500', '-0500-01-01T00:00:00Z', '-0500-12-31T23:59:59Z'],
      ['-0004-02', '-0004-02-01T00:00:00Z', '-0004-02-29T23:59:59Z'],
      ['12345', '12345-01-01T00:00:00Z', '12345-12-31T23:59:59Z'],
      ['2024-07-3', undefined, undefined],
      ['2024-22', undefined, undefined],
      ['1503-02-30', undefined, undefined],
      ['1503-04-15T24:00', undefined, undefined],
      ['503', undefined, undefined],
      ['c. 1503', undefined, undefined],
      ['01503', undefined, undefined],
    ];
    for (const [value, start, end] of table) {
      expect(fullDateTime(value, 'start'), `${value} start`).to.equal(start);
      expect(fullDateTime(value, 'end'), `${value} end`).to.equal(end);
    }
  });

  repairCases('date-precision', [
    {
      name: 'both bounds, the originals kept as the Name (an ISO 8601 interval)',
      doc: object({
        produced_by: {
          type: 'Production',
          timespan: { type: 'TimeSpan', begin_of_the_begin: '1503', end_of_the_end: '1505' },
        },
      }),
      after: object({
        produced_by: {
          type: 'Production',
          timespan: {
            type: 'TimeSpan',
            begin_of_the_begin: '1503-01-01T00:00:00Z',
            end_of_the_end: '1505-12-31T23:59:59Z',
            identified_by: [{ type: 'Name', content: '1503/1505' }],
          },
        },
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1503" → "1503-01-01T00:00:00Z" (the original kept as the TimeSpan\'s Name) [date-precision]',
        'Repaired at produced_by.timespan.end_of_the_end: "1505" → "1505-12-31T23:59:59Z" (the original kept as the TimeSpan\'s Name) [date-precision]',
      ],
    },
    {
      name: 'a TimeSpan with a Name keeps it, and gets no other',
      doc: object({
        produced_by: {
          type: 'Production',
          timespan: {
            type: 'TimeSpan',
            identified_by: [{ type: 'Name', content: 'April 1503' }],
            begin_of_the_begin: '1503-04',
            end_of_the_end: '1503-04',
          },
        },
      }),
      after: object({
        produced_by: {
          type: 'Production',
          timespan: {
            type: 'TimeSpan',
            identified_by: [{ type: 'Name', content: 'April 1503' }],
            begin_of_the_begin: '1503-04-01T00:00:00Z',
            end_of_the_end: '1503-04-30T23:59:59Z',
          },
        },
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1503-04" → "1503-04-01T00:00:00Z" [date-precision]',
        'Repaired at produced_by.timespan.end_of_the_end: "1503-04" → "1503-04-30T23:59:59Z" [date-precision]',
      ],
    },
    {
      name: 'not ISO 8601: not guessed at',
      doc: object({
        produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: '2024-07-3' } },
      }),
    },
    {
      name: 'a full date-time: left',
      doc: object({
        produced_by: { type: 'Production', timespan: { type: 'TimeSpan', begin_of_the_begin: '1503-01-01T00:00:00Z' } },
      }),
    },
  ]);
});
