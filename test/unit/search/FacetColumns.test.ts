/**
 * FacetColumns: a document's classifications are counted and narrowed by however many it has (the
 * first two are kept in typed arrays, the rest beside them), and a cleared document's number given to
 * another keeps none of the first one's.
 */
import { expect } from 'chai';
import { FacetColumns } from '../../../src/search/FacetColumns.js';
import type { SearchableNames } from '../../../src/search/searchableNames.js';

function entry(n: number, classifications: string[], year?: number): SearchableNames {
  return {
    id: `https://data.example.org/object/${n}`,
    type: 'HumanMadeObject',
    names: [`Object ${n}`],
    identifiers: [],
    labels: [],
    classifications,
    ...(year !== undefined ? { year } : {}),
  };
}

describe('FacetColumns (facet counts and narrowing)', () => {
  const columns = new FacetColumns();
  const table: Array<[number, string[]]> = [
    [0, []],
    [1, ['Painting']],
    [2, ['Painting', 'Print']],
    [3, ['Painting', 'Print', 'Drawing', 'Study']],
    [4, ['Drawing', 'Study', 'Print']],
  ];
  for (const [doc, classifications] of table) columns.set(doc, entry(doc, classifications, 1800 + doc * 60));
  const docs = table.map(([doc]) => doc);

  it('counts every classification of every document, past the second too', () => {
    expect(columns.count(docs).classification).to.deep.equal([
      { value: 'Painting', count: 3 },
      { value: 'Print', count: 3 },
      { value: 'Drawing', count: 2 },
      { value: 'Study', count: 2 },
    ]);
  });

  it('narrows by a classification in any place: first, second, third or fourth', () => {
    const narrowed = (classification: string) => docs.filter(columns.within({ classification })!);
    expect(narrowed('Painting')).to.deep.equal([1, 2, 3]);
    expect(narrowed('Print')).to.deep.equal([2, 3, 4]);
    expect(narrowed('Drawing')).to.deep.equal([3, 4]);
    expect(narrowed('Study')).to.deep.equal([3, 4]);
    expect(narrowed('Sculpture')).to.deep.equal([]);
  });

  it('a cleared number given to a document with fewer classifications keeps none of the old ones', () => {
    const reused = new FacetColumns();
    reused.set(0, entry(0, ['Painting', 'Print', 'Drawing']));
    reused.clear(0);
    reused.set(0, entry(0, ['Study']));
    expect(reused.count([0]).classification).to.deep.equal([{ value: 'Study', count: 1 }]);
    expect([0].filter(reused.within({ classification: 'Drawing' })!)).to.deep.equal([]);
  });

  it('counts kinds and centuries beside them', () => {
    const facets = columns.count(docs);
    expect(facets.kind).to.deep.equal([{ value: 'HumanMadeObject', count: 5 }]);
    expect(facets.date.map((d) => [d.from, d.count])).to.deep.equal([
      [1800, 2],
      [1900, 2],
      [2000, 1],
    ]);
  });
});
