import { expect } from 'chai';
import { withT } from '../../../../src/ingest/repairs/dateTimeSpace.js';
import { gateVerdicts, object, repairCases } from './support.js';

const timespan = (span: Record<string, unknown>) =>
  object({ produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...span } } });

describe('repair date-time-space', () => {
  it('puts the T for the space, adds Z when no zone is written, and guesses at nothing else', () => {
    const table: Array<[string, string | undefined]> = [
      ['1917-01-01 00:00:00', '1917-01-01T00:00:00Z'],
      ['1917-01-01 23:59:59.25', '1917-01-01T23:59:59.25Z'],
      ['1917-01-01 10:30:00+01:00', '1917-01-01T10:30:00+01:00'],
      ['1917-01-01 10:30:00Z', '1917-01-01T10:30:00Z'],
      ['1917-01-01 10:30', '1917-01-01T10:30'],
      ['-0500-03-01 12:00:00', '-0500-03-01T12:00:00Z'],
      ['1917-02-30 00:00:00', undefined],
      ['1917-01-01 24:00:00', undefined],
      ['1917-01-01 10:60:00', undefined],
      ['1917-01-01 10:30:60', undefined],
      ['1917-01-01  00:00:00', undefined],
      ['1917-01-01 0:00:00', undefined],
      ['1917-1-1 00:00:00', undefined],
      ['2025 -10-08T00:00:00Z', undefined],
      ['1917-01-01T00:00:00', undefined],
      ['1917-01-01 00:00:00 +01:00', undefined],
      ['1917-01-01 00:00:00+0100', undefined],
    ];
    for (const [value, fixed] of table) expect(withT(value), value).to.equal(fixed);
  });

  repairCases('date-time-space', [
    {
      name: 'a date-time with a space: the T, and Z',
      doc: timespan({ begin_of_the_begin: '1917-01-01 00:00:00', end_of_the_end: '1917-12-31 23:59:59+01:00' }),
      after: timespan({ begin_of_the_begin: '1917-01-01T00:00:00Z', end_of_the_end: '1917-12-31T23:59:59+01:00' }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1917-01-01 00:00:00" → "1917-01-01T00:00:00Z" [date-time-space]',
        'Repaired at produced_by.timespan.end_of_the_end: "1917-12-31 23:59:59+01:00" → "1917-12-31T23:59:59+01:00" [date-time-space]',
      ],
    },
    {
      name: 'to the minute: the T, then date-precision gives the seconds of the start or end of that minute',
      doc: timespan({ begin_of_the_begin: '1917-01-01 10:30', end_of_the_end: '1917-01-01 10:30' }),
      after: timespan({
        begin_of_the_begin: '1917-01-01T10:30:00Z',
        end_of_the_end: '1917-01-01T10:30:59Z',
        identified_by: [{ type: 'Name', content: '1917-01-01T10:30' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1917-01-01 10:30" → "1917-01-01T10:30" [date-time-space]',
        'Repaired at produced_by.timespan.end_of_the_end: "1917-01-01 10:30" → "1917-01-01T10:30" [date-time-space]',
      ],
    },
    { name: 'not a date and a time of day: left', doc: timespan({ begin_of_the_begin: '1917-02-30 00:00:00' }) },
    {
      name: 'not a TimeSpan: left',
      doc: object({ produced_by: { type: 'Production', begin_of_the_begin: '1917-01-01 00:00:00' } }),
    },
  ]);

  gateVerdicts(
    'a date-time with a space',
    timespan({ begin_of_the_begin: '1917-01-01 00:00:00' }),
    'TimeSpanBeginOfTheBegin',
    'produced_by.timespan.begin_of_the_begin',
  );
});
