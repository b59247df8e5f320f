/**
 * The repairs of form (date-time-space, date-number, name-content, null-value, empty-id,
 * type-case) through a load: on by default, each counted; with `--repair none` each document is
 * refused as before, for the rule it had.
 */
import { expect } from 'chai';
import { describeLoadRepairs, jug, type RepairCase } from '../../support/loadRepairCases.js';

const timespan = (span: Record<string, unknown>) => ({
  produced_by: { type: 'Production', timespan: { type: 'TimeSpan', ...span } },
});

/** Each: the document, the repair it needs, and the rule and path that refuse it as written. */
const CASES: readonly RepairCase[] = [
  [
    jug(1, timespan({ begin_of_the_begin: '1917-01-01 00:00:00' })),
    'date-time-space',
    'TimeSpanBeginOfTheBegin',
    'produced_by.timespan.begin_of_the_begin',
  ],
  [jug(2, timespan({ end_of_the_end: 1957 })), 'date-number', 'datatype', 'produced_by.timespan.end_of_the_end'],
  [
    jug(3, { identified_by: [{ type: 'Name', _label: 'Jug with a lid' }] }),
    'name-content',
    'NameContent',
    'identified_by[0]',
  ],
  [jug(4, { referred_to_by: null }), 'null-value', 'null', 'referred_to_by'],
  [jug(5, { produced_by: { id: '', type: 'Production' } }), 'empty-id', 'id', 'produced_by.id'],
  [
    jug(6, { identified_by: [{ type: 'identifier', content: 'J-6' }] }),
    'type-case',
    'unknown-type',
    'identified_by[0].type',
  ],
];

describeLoadRepairs('load: the repairs of form', 'linkedart-form-repairs-', CASES, async (report, service) => {
  expect(report.repairs).to.deep.equal({
    'date-time-space': 1,
    'date-number': 1,
    'date-precision': 1,
    'name-content': 1,
    'null-value': 1,
    'empty-id': 1,
    'type-case': 1,
  });
  expect((await service.get('https://example.org/object/5'))?.document['produced_by']).to.deep.equal({
    type: 'Production',
  });
  expect((await service.get('https://example.org/object/3'))?.document['identified_by']).to.deep.equal([
    { type: 'Name', _label: 'Jug with a lid', content: 'Jug with a lid' },
  ]);
});
