/** The name index: all words in any order, prefix on the last, accents and case ignored, exact names first, pages. */
import { expect } from 'chai';
import { NameIndex } from '../../../src/search/NameIndex.js';
import type { SearchableNames } from '../../../src/search/searchableNames.js';

const B = 'https://data.example.org/';

function entry(
  path: string,
  type: string,
  names: string[],
  identifiers: string[] = [],
  labels: string[] = [],
): SearchableNames {
  return { id: B + path, type, names, identifiers, labels };
}

const ENTRIES = [
  entry('object/harbour-at-dusk', 'HumanMadeObject', ['Harbour at Dusk'], ['WHM 1923.4']),
  entry('object/harbour', 'HumanMadeObject', ['Harbour'], ['WHM 1911.2']),
  entry('object/harbour-study', 'HumanMadeObject', ['Study for the Harbour at Dawn']),
  entry('person/edith-marrow', 'Person', ['Édith Marrow', 'Marrow, E.']),
  entry('person/edward-marsh', 'Person', ['Edward Marsh']),
  entry('group/dusk-society', 'Group', [], [], ['The Dusk Society']),
  entry('place/nameless', 'Place', []),
];

function idsFor(index: NameIndex, query: string, offset = 0, limit = 100): string[] {
  return index.search(query, offset, limit).hits.map((h) => h.id.slice(B.length));
}

describe('NameIndex (name search)', () => {
  const index = new NameIndex();
  for (const e of ENTRIES) index.replace(e);

  const table: Array<[string, string, string[]]> = [
    [
      'one word, every document with it',
      'harbour',
      ['object/harbour', 'object/harbour-at-dusk', 'object/harbour-study'],
    ],
    ['two words in any order', 'dusk harbour', ['object/harbour-at-dusk']],
    ['case and accents ignored', 'EDITH marrow', ['person/edith-marrow']],
    ['accents in the query ignored too', 'Édïth', ['person/edith-marrow']],
    ['the last word is a prefix', 'mar', ['person/edith-marrow', 'person/edward-marsh']],
    ['only the last word is a prefix', 'mar edith', []],
    ['prefix after a whole word', 'edith marr', ['person/edith-marrow']],
    ['an identifier', 'WHM 1923.4', ['object/harbour-at-dusk']],
    ['a _label', 'dusk society', ['group/dusk-society']],
    ['every word must match', 'harbour marrow', []],
    ['punctuation alone finds nothing', ' ,.; ', []],
  ];
  for (const [what, query, expected] of table) {
    it(`${what}: ${JSON.stringify(query)}`, () => {
      expect(idsFor(index, query).sort()).to.deep.equal([...expected].sort());
    });
  }

  it('ranks an exact name first, though a longer name has the word too', () => {
    expect(idsFor(index, 'Harbour')[0]).to.equal('object/harbour');
    expect(idsFor(index, 'harbour at dusk')[0]).to.equal('object/harbour-at-dusk');
  });

  it('gives each hit its class, its name to show (the first name, else its _label), and the identifier that matched', () => {
    const [hit] = index.search('1923', 0, 10).hits;
    expect(hit).to.deep.equal({
      id: `${B}object/harbour-at-dusk`,
      type: 'HumanMadeObject',
      name: 'Harbour at Dusk',
      identifier: 'WHM 1923.4',
    });
    expect(index.search('society', 0, 10).hits[0]).to.deep.equal({
      id: `${B}group/dusk-society`,
      type: 'Group',
      name: 'The Dusk Society',
    });
    expect(index.search('dusk', 0, 10).hits.every((h) => h.identifier === undefined)).to.equal(true);
  });

  it('pages: the same order across pages, total counts all', () => {
    const all = idsFor(index, 'harbour');
    const pages = [0, 1, 2].map((p) => index.search('harbour', p, 1));
    expect(pages.map((p) => p.total)).to.deep.equal([3, 3, 3]);
    expect(pages.flatMap((p) => p.hits.map((h) => h.id.slice(B.length)))).to.deep.equal(all);
    expect(index.search('harbour', 3, 1).hits).to.deep.equal([]);
  });

  it('replace and remove: an old name is no longer found, the new one is; a removed document is gone', () => {
    const local = new NameIndex();
    for (const e of ENTRIES) local.replace(e);
    local.replace(entry('object/harbour', 'HumanMadeObject', ['Quay at Noon']));
    expect(idsFor(local, 'harbour').sort()).to.deep.equal(['object/harbour-at-dusk', 'object/harbour-study']);
    expect(idsFor(local, 'quay noon')).to.deep.equal(['object/harbour']);
    expect(local.nameOf(`${B}object/harbour`)).to.equal('Quay at Noon');
    local.remove(`${B}object/harbour`);
    expect(idsFor(local, 'quay')).to.deep.equal([]);
    expect(local.nameOf(`${B}object/harbour`)).to.equal(undefined);
    // A document without any name is known (for its class and lists), but found by nothing.
    expect(local.nameOf(`${B}place/nameless`)).to.equal(`${B}place/nameless`);
    expect(local.size).to.equal(ENTRIES.length - 1);
  });
});
