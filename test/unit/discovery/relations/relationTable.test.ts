/** The relation table and the path notation: what they read, and the errors that name the bad cell. */
import { expect } from 'chai';
import { parsePath } from '../../../../src/discovery/relations/pathNotation.js';
import { readRelationTable } from '../../../../src/discovery/relations/relationTable.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const HEADER = 'name\tgiven\treturns\tpath\tdescription\tvia\tinternal\tsketch differs';
const table = (...lines: string[]): string => ['# a comment', HEADER, ...lines].join('\n');

describe('relation paths written as text', () => {
  it('reads steps, repeats, inverses, alternatives and filters', () => {
    expect(parsePath('crm:P108i_was_produced_by/crm:P9_consists_of*/^crm:P14_carried_out_by')).to.deep.equal([
      { out: `${CRM}P108i_was_produced_by` },
      { star: `${CRM}P9_consists_of` },
      { back: `${CRM}P14_carried_out_by` },
    ]);
    expect(parsePath('(crm:P129_is_about|crm:P138_represents)/[crm:P2_has_type aat:300054686]')).to.deep.equal([
      { any: [[{ out: `${CRM}P129_is_about` }], [{ out: `${CRM}P138_represents` }]] },
      { having: `${CRM}P2_has_type`, value: 'http://vocab.getty.edu/aat/300054686' },
    ]);
  });

  for (const [text, error] of [
    ['', /expected a prefixed name .* at character 1 /],
    ['crm:P1_is_identified_by/', /expected a prefixed name .* at character 25 /],
    ['(crm:P129_is_about', /expected "\)"/],
    ['^crm:P9_consists_of*', /inverse predicate cannot be repeated/],
    ['crm:P129_is_about)', /unexpected "\)"/],
    ['nope:P1', /unknown prefix in nope:P1/],
  ] as const) {
    it(`refuses ${JSON.stringify(text)}`, () => expect(() => parsePath(text)).to.throw(error));
  }
});

describe('the relation table', () => {
  it('reads a line into a relation', () => {
    const [r] = readRelationTable(table('workAboutAgent\tAgent\tWork\tcrm:P129_is_about\tThe works.'), 't.tsv');
    expect(r).to.deep.equal({
      name: 'workAboutAgent',
      given: ['Person', 'Group'],
      returns: ['LinguisticObject', 'VisualItem'],
      description: 'The works.',
      path: [{ out: `${CRM}P129_is_about` }],
    });
  });

  for (const [line, error] of [
    ['workAboutAgent\tAgent\tWork\tcrm:P129_is_about(\tThe works.', /t\.tsv line 3 \(workAboutAgent\), column path: /],
    ['workAboutAgent\tAgent\tUnicorn\tcrm:P129_is_about\tThe works.', /column returns: "Unicorn" is neither/],
    ['workAboutAgent\tAgent\tWork\tcrm:P129_is_about\t', /column description: empty/],
    ['workAboutAgent\tAgent\tWork\tcrm:P129_is_about\tThe works.\tx', /column via: expected two relation names/],
    ['workAboutAgent\tAgent\tWork\tcrm:P129_is_about\tThe works.\t\tyes', /column internal: "yes"/],
    ['WorkAboutAgent\tAgent\tWork\tcrm:P129_is_about\tThe works.', /column name: "WorkAboutAgent" is no relation/],
  ] as const) {
    it(`refuses ${JSON.stringify(line)}`, () => expect(() => readRelationTable(table(line), 't.tsv')).to.throw(error));
  }

  it('refuses a relation defined twice, and a table without its header', () => {
    const line = 'workAboutAgent\tAgent\tWork\tcrm:P129_is_about\tThe works.';
    expect(() => readRelationTable(table(line, line), 't.tsv')).to.throw(/line 4 \(workAboutAgent\): .*defined twice/);
    expect(() => readRelationTable(line, 't.tsv')).to.throw(/t\.tsv line 1: the header must be/);
  });
});
