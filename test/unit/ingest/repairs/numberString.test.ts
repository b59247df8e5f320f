import { expect } from 'chai';
import { exactNumber } from '../../../../src/ingest/repairs/numberString.js';
import { object, repairCases } from './support.js';

const usd = { id: 'http://vocab.getty.edu/aat/300411994', type: 'Currency', _label: 'US Dollars' };

describe('repair number-string', () => {
  repairCases('number-string', [
    {
      name: 'a MonetaryAmount value "30" → 30',
      doc: object({ dimension: [{ type: 'MonetaryAmount', value: '30', currency: usd }] }),
      after: object({ dimension: [{ type: 'MonetaryAmount', value: 30, currency: usd }] }),
      notes: ['Repaired at dimension[0].value: "30" → 30 [number-string]'],
    },
    {
      name: "a Dimension's limits",
      doc: object({ dimension: [{ type: 'Dimension', upper_value_limit: '2.5', lower_value_limit: '-1e3' }] }),
      after: object({ dimension: [{ type: 'Dimension', upper_value_limit: 2.5, lower_value_limit: -1000 }] }),
      notes: [
        'Repaired at dimension[0].upper_value_limit: "2.5" → 2.5 [number-string]',
        'Repaired at dimension[0].lower_value_limit: "-1e3" → -1000 [number-string]',
      ],
    },
    {
      name: '_complete "false" → false',
      doc: object({ _complete: 'false' }),
      after: object({ _complete: false }),
      notes: ['Repaired at _complete: "false" → false [number-string]'],
    },
    { name: 'not exactly a number: left', doc: object({ dimension: [{ type: 'Dimension', value: '30 cm' }] }) },
    { name: "a Name's content stays a string", doc: object({ identified_by: [{ type: 'Name', content: '30' }] }) },
  ]);
  it('takes only strings a JSON number holds exactly', () => {
    const table: Array<[string, number | undefined]> = [
      ['30', 30],
      ['0.5', 0.5],
      ['-0', -0],
      ['1E2', 100],
      ['030', undefined],
      ['.5', undefined],
      ['30 ', undefined],
      ['1234567890123456', undefined],
      ['123456789012345', 123456789012345],
      ['0x1F', undefined],
      ['', undefined],
      ['1e999', undefined],
    ];
    for (const [text, n] of table) expect(exactNumber(text), text).to.equal(n);
  });
});
