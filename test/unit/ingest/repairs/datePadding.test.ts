import { expect } from 'chai';
import { paddedDate } from '../../../../src/ingest/repairs/datePadding.js';
import { object, repairCases } from './support.js';

const span = (bounds: Record<string, unknown>) =>
  object({ produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...bounds } } });

describe('repair date-padding', () => {
  it("pads a date-time's month, day and time, and a date only when year-month-day is its one reading", () => {
    const table: Array<[string, string | undefined]> = [
      ['1929-07-1T3:00:00Z', '1929-07-01T03:00:00Z'],
      ['2024-07-3T00:00:00Z', '2024-07-03T00:00:00Z'],
      ['1929-7-1T3:5:9+02:00', '1929-07-01T03:05:09+02:00'],
      ['1929-7-1T03:00', '1929-07-01T03:00'],
      ['1929-7-1 3:00:00', '1929-07-01 03:00:00'],
      ['1929-7-13', '1929-07-13'],
      ['-0500-3-21', '-0500-03-21'],
      // Both readings possible (a source writing year-day-month means 7 November): not guessed at.
      ['1929-7-11', undefined],
      ['1976-9-2', undefined],
      // Month 31: year-day-month (--date-order ydm), never padded as it stands.
      ['1971-31-3', undefined],
      ['1971-13-30', undefined],
      ['1929-2-30', undefined],
      ['1929-2-30T00:00:00Z', undefined],
      ['1929-07-01T24:00:00Z', undefined],
      ['1929-7-1T3:60:00Z', undefined],
      ['1929-07-01', undefined],
      ['1929-07-01T03:00:00Z', undefined],
      ['1929-7', undefined],
      ['29-7-13', undefined],
      ['c. 1929-7-13', undefined],
    ];
    for (const [value, padded] of table) expect(paddedDate(value), value).to.equal(padded);
  });

  repairCases('date-padding', [
    {
      name: 'a date-time with an unpadded day and hour: padded, nothing more to do',
      doc: span({ begin_of_the_begin: '1929-07-1T3:00:00Z' }),
      after: span({ begin_of_the_begin: '1929-07-01T03:00:00Z' }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1929-07-1T3:00:00Z" → "1929-07-01T03:00:00Z" [date-padding]',
      ],
    },
    {
      name: 'a date: padded, then date-precision makes the bound (its Name keeps the date)',
      doc: span({ begin_of_the_begin: '1929-7-13', end_of_the_end: '1929-7-13' }),
      after: span({
        begin_of_the_begin: '1929-07-13T00:00:00Z',
        end_of_the_end: '1929-07-13T23:59:59Z',
        identified_by: [{ type: 'Name', content: '1929-07-13' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1929-7-13" → "1929-07-13" [date-padding]',
        'Repaired at produced_by.timespan.end_of_the_end: "1929-7-13" → "1929-07-13" [date-padding]',
      ],
    },
    {
      name: 'a date both year-month-day and year-day-month could mean: left, refused as today',
      doc: span({ begin_of_the_begin: '1976-9-2' }),
    },
    { name: 'a month over 12: left for --date-order ydm', doc: span({ begin_of_the_begin: '1971-31-3' }) },
    {
      name: 'with --date-order ydm, date-order reads the date first: 1976-9-2 is 9 February, not padded as 2 September',
      doc: span({ begin_of_the_begin: '1976-9-2' }),
      conventions: { dateOrder: 'ydm' },
      after: span({
        begin_of_the_begin: '1976-02-09T00:00:00Z',
        identified_by: [{ type: 'Name', content: '1976-9-2' }],
      }),
    },
    {
      name: 'not a TimeSpan bound: left',
      doc: object({ identified_by: [{ type: 'Identifier', content: '2003-3-13' }] }),
    },
  ]);
});
