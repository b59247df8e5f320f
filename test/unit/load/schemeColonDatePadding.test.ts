/**
 * scheme-colon and date-padding through a load: on by default, each counted and the document
 * stored whole as repaired; with `--repair none` each is refused as before, for the rule it had.
 */
import { expect } from 'chai';
import { describeLoadRepairs, jug, type RepairCase } from '../../support/loadRepairCases.js';

const AAT = 'http://vocab.getty.edu/aat/300404126';

/** Each: the document, the repair it needs, and the rule and path that refuse it as written. */
const CASES: readonly RepairCase[] = [
  [
    jug(1, { classified_as: [{ id: 'http//vocab.getty.edu/aat/300404126', type: 'Type', _label: 'prints' }] }),
    'scheme-colon',
    'id',
    'classified_as[0].id',
  ],
  [
    jug(2, {
      produced_by: {
        type: 'Production',
        timespan: {
          type: 'TimeSpan',
          begin_of_the_begin: '2024-07-3T00:00:00Z',
          end_of_the_end: '2024-07-03T23:59:59Z',
        },
      },
    }),
    'date-padding',
    'TimeSpanBeginOfTheBegin',
    'produced_by.timespan.begin_of_the_begin',
  ],
];

describeLoadRepairs('load: scheme-colon and date-padding', 'linkedart-scheme-date-', CASES, async (report, service) => {
  expect(report.repairs).to.deep.equal({ 'scheme-colon': 1, 'date-padding': 1 });
  expect((await service.get('https://example.org/object/1'))?.document['classified_as']).to.deep.equal([
    { id: AAT, type: 'Type', _label: 'prints' },
  ]);
  expect((await service.get('https://example.org/object/2'))?.document['produced_by']).to.deep.equal({
    type: 'Production',
    timespan: {
      type: 'TimeSpan',
      begin_of_the_begin: '2024-07-03T00:00:00Z',
      end_of_the_end: '2024-07-03T23:59:59Z',
    },
  });
});
