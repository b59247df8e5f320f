import { expect } from 'chai';
import { yearText } from '../../../../src/ingest/repairs/dateNumber.js';
import { formatRepair } from '../../../../src/ingest/repairs/RepairNote.js';
import { repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import { gateVerdicts, object, repairCases } from './support.js';

const timespan = (span: Record<string, unknown>) =>
  object({ produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...span } } });

describe('repair date-number', () => {
  it('reads a whole number from 1 to 9999 as a four-digit year, and nothing else', () => {
    const table: Array<[number, string | undefined]> = [
      [1957, '1957'],
      [957, '0957'],
      [1, '0001'],
      [9999, '9999'],
      [0, undefined],
      [-500, undefined],
      [10000, undefined],
      [19570101, undefined],
      [1957.5, undefined],
    ];
    for (const [value, year] of table) expect(yearText(value), String(value)).to.equal(year);
  });

  repairCases('date-number', [
    {
      name: 'years as numbers: the strings, then date-precision (the originals kept as the Name)',
      doc: timespan({ begin_of_the_begin: 1957, end_of_the_end: 957 }),
      after: timespan({
        begin_of_the_begin: '1957-01-01T00:00:00Z',
        end_of_the_end: '0957-12-31T23:59:59Z',
        identified_by: [{ type: 'Name', content: '1957/0957' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: 1957 → "1957" (a year given as a number) [date-number]',
        'Repaired at produced_by.timespan.end_of_the_end: 957 → "0957" (a year given as a number) [date-number]',
      ],
    },
    { name: 'a negative year: not guessed at', doc: timespan({ begin_of_the_begin: -500 }) },
    { name: 'a number of five digits or more: not guessed at', doc: timespan({ begin_of_the_begin: 19570101 }) },
    { name: 'not a TimeSpan: left', doc: object({ produced_by: { type: 'Production', end_of_the_end: 1957 } }) },
  ]);

  it('is followed by date-precision on the same bound', () => {
    const { repairs } = repairDocument(timespan({ begin_of_the_begin: 1957 }));
    expect(repairs.map(formatRepair)).to.deep.equal([
      'Repaired at produced_by.timespan.begin_of_the_begin: 1957 → "1957" (a year given as a number) [date-number]',
      'Repaired at produced_by.timespan.begin_of_the_begin: "1957" → "1957-01-01T00:00:00Z" (the original kept as the TimeSpan\'s Name) [date-precision]',
    ]);
  });

  gateVerdicts(
    'a year as a number',
    timespan({ begin_of_the_begin: 1957 }),
    'datatype',
    'produced_by.timespan.begin_of_the_begin',
  );
});
