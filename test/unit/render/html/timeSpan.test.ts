/** TimeSpans in words, table-driven: whole years, months, days, ranges, approximate spans, open ends. */
import { expect } from 'chai';
import { timeSpanText } from '../../../../src/render/html/timeSpan.js';

const ts = (begin: string | undefined, end: string | undefined, more: Record<string, unknown> = {}) => ({
  type: 'TimeSpan',
  ...(begin ? { begin_of_the_begin: begin } : {}),
  ...(end ? { end_of_the_end: end } : {}),
  ...more,
});

describe('timeSpanText', () => {
  const table: Array<[string, unknown, string | undefined]> = [
    ['a whole year', ts('1887-01-01T00:00:00Z', '1887-12-31T23:59:59Z'), '1887'],
    ['whole years', ts('1850-01-01T00:00:00Z', '1860-12-31T23:59:59Z'), '1850–1860'],
    ['a whole month', ts('1887-09-01T00:00:00Z', '1887-09-30T23:59:59Z'), 'September 1887'],
    ['February of a leap year', ts('1888-02-01', '1888-02-29'), 'February 1888'],
    ['months of one year', ts('1887-03-01', '1887-05-31'), 'March–May 1887'],
    ['one day', ts('1923-06-14T00:00:00Z', '1923-06-14T23:59:59Z'), '14 June 1923'],
    ['days of one month', ts('1923-06-12T00:00:00Z', '1923-06-14T23:59:59Z'), '12–14 June 1923'],
    ['days across months', ts('1923-06-28', '1923-07-02'), '28 June – 2 July 1923'],
    ['days across years', ts('1923-12-28', '1924-01-02'), '28 December 1923 – 2 January 1924'],
    ['before the common era', ts('-0499-01-01', '-0499-12-31'), '500 BCE'],
    [
      'approximate by its inner bounds',
      ts('1845-01-01', '1865-12-31', { end_of_the_begin: '1855-12-31' }),
      'c. 1845–1865',
    ],
    [
      'approximate by its name',
      ts('1850-01-01', '1860-12-31', { identified_by: [{ type: 'Name', content: 'c. 1850–1860' }] }),
      'c. 1850–1860',
    ],
    [
      'approximate by its classification',
      ts('1850-01-01', '1860-12-31', { classified_as: [{ id: 'x:circa', type: 'Type', _label: 'circa' }] }),
      'c. 1850–1860',
    ],
    ['an open end', ts('1900-01-01', undefined), 'after 1 January 1900'],
    ['an open beginning', ts(undefined, '1900-12-31'), 'before 31 December 1900'],
    [
      'no bounds: the display name',
      { type: 'TimeSpan', identified_by: [{ type: 'Name', content: 'Early Victorian' }] },
      'Early Victorian',
    ],
    ['no bounds, no name: the label', { type: 'TimeSpan', _label: 'spring' }, 'spring'],
    ['nothing', { type: 'TimeSpan' }, undefined],
    ['absent', undefined, undefined],
  ];
  for (const [name, value, expected] of table) {
    it(`${name}: ${expected ?? '(nothing)'}`, () => {
      expect(timeSpanText(value)).to.equal(expected);
    });
  }
});
