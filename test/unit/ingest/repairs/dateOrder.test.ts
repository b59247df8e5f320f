import { expect } from 'chai';
import { repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import { formatRepair } from '../../../../src/ingest/repairs/RepairNote.js';
import { dateOrderNamed } from '../../../../src/ingest/repairs/SourceConventions.js';
import { isoFromYdm } from '../../../../src/ingest/repairs/dateOrder.js';
import { object, repairCases, violationsAsWritten, violationsRepaired } from './support.js';

const produced = (timespan: Record<string, unknown>) =>
  object({ produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...timespan } } });
const YDM = { dateOrder: 'ydm' } as const;

describe('repair date-order', () => {
  repairCases('date-order', [
    {
      name: 'with --date-order ydm: 1971-31-3 → 1971-03-31, the original kept as the Name',
      conventions: YDM,
      doc: produced({ begin_of_the_begin: '1971-31-3', end_of_the_end: '1971-31-3' }),
      after: produced({
        begin_of_the_begin: '1971-03-31T00:00:00Z',
        end_of_the_end: '1971-03-31T23:59:59Z',
        identified_by: [{ type: 'Name', content: '1971-31-3' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1971-31-3" → "1971-03-31" (year-day-month, as --date-order ydm says; the original kept as the TimeSpan\'s Name) [date-order]',
        'Repaired at produced_by.timespan.end_of_the_end: "1971-31-3" → "1971-03-31" (year-day-month, as --date-order ydm says; the original kept as the TimeSpan\'s Name) [date-order]',
      ],
    },
    {
      name: 'with ydm, a date that would also read as ISO is read as the source writes it (1971-03-04 is 3 April)',
      conventions: YDM,
      doc: produced({
        begin_of_the_begin: '1971-03-04',
        end_of_the_end: '1971-05-04',
        identified_by: [{ type: 'Name', content: 'spring 1971' }],
      }),
      after: produced({
        begin_of_the_begin: '1971-04-03T00:00:00Z',
        end_of_the_end: '1971-04-05T23:59:59Z',
        identified_by: [{ type: 'Name', content: 'spring 1971' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.begin_of_the_begin: "1971-03-04" → "1971-04-03" (year-day-month, as --date-order ydm says) [date-order]',
        'Repaired at produced_by.timespan.end_of_the_end: "1971-05-04" → "1971-04-05" (year-day-month, as --date-order ydm says) [date-order]',
      ],
    },
    {
      name: 'with ydm, the Name keeps every original date-precision would (a year beside a ydm date)',
      conventions: YDM,
      doc: produced({ begin_of_the_begin: '1971', end_of_the_end: '1972-31-12' }),
      after: produced({
        begin_of_the_begin: '1971-01-01T00:00:00Z',
        end_of_the_end: '1972-12-31T23:59:59Z',
        identified_by: [{ type: 'Name', content: '1971/1972-31-12' }],
      }),
      notes: [
        'Repaired at produced_by.timespan.end_of_the_end: "1972-31-12" → "1972-12-31" (year-day-month, as --date-order ydm says; the original kept as the TimeSpan\'s Name) [date-order]',
      ],
    },
    {
      name: 'with ydm, a date-time is xsd:dateTime and left alone',
      conventions: YDM,
      doc: produced({ begin_of_the_begin: '1971-03-04T00:00:00Z' }),
    },
    {
      name: 'with ydm, a day-month that is no date (1971-30-2) is left alone',
      conventions: YDM,
      doc: produced({ begin_of_the_begin: '1971-30-2' }),
    },
    { name: 'by default, 1971-31-3 is left alone', doc: produced({ begin_of_the_begin: '1971-31-3' }) },
  ]);

  it('by default 1971-31-3 is refused as today; with ydm, admitted', () => {
    const doc = produced({ begin_of_the_begin: '1971-31-3', end_of_the_end: '1971-31-3' });
    const refused = [
      'produced_by.timespan.begin_of_the_begin TimeSpanBeginOfTheBegin',
      'produced_by.timespan.end_of_the_end TimeSpanEndOfTheEnd',
    ];
    expect(violationsAsWritten(doc)).to.deep.equal(refused);
    expect(violationsRepaired(doc)).to.deep.equal(refused);
    expect(violationsRepaired(doc, YDM)).to.deep.equal([]);
  });

  it('by default 1971-03-04 is 4 March (ISO 8601)', () => {
    const { repairs } = repairDocument(produced({ begin_of_the_begin: '1971-03-04' }));
    expect(repairs.map(formatRepair)).to.deep.equal([
      'Repaired at produced_by.timespan.begin_of_the_begin: "1971-03-04" → "1971-03-04T00:00:00Z" (the original kept as the TimeSpan\'s Name) [date-precision]',
    ]);
  });

  it('reads year-day-month dates, and no others', () => {
    expect(isoFromYdm('1971-31-3')).to.equal('1971-03-31');
    expect(isoFromYdm('-0500-1-12')).to.equal('-0500-12-01');
    expect(isoFromYdm('2024-29-2')).to.equal('2024-02-29');
    expect(isoFromYdm('2023-29-2')).to.equal(undefined);
    expect(isoFromYdm('1971-3')).to.equal(undefined);
    expect(isoFromYdm('1971-31-3T00:00')).to.equal(undefined);
  });

  it('knows ymd and ydm, and nothing else', () => {
    expect(dateOrderNamed('ydm')).to.equal('ydm');
    expect(dateOrderNamed('ymd')).to.equal('ymd');
    expect(dateOrderNamed('dmy')).to.equal(undefined);
  });
});
