/**
 * Each relation's index answer against its SPARQL, evaluated by Oxigraph over the same
 * documents (the corpus a load stores, and the demo): for every entity a link could be given
 * on, the same hits, no more and no fewer. For a relation whose hal_links.tsv sketch is used
 * as written, the query is the sketch itself, read from hal_links.tsv; where ours differs, the
 * sketch is shown to answer otherwise (or the same, only because this data lacks the case).
 * The table of pairs per relation (test-output/relations.md) is written by `npm run report:relations`.
 */
import { expect } from 'chai';
import { RELATIONS } from '../../src/discovery/relations/index.js';
import {
  candidateEntities,
  indexPairs,
  relationDataset,
  sparqlPairs,
  type RelationDataset,
} from '../support/relationDataset.js';
import { halSketches } from '../reports/relations.js';

const normalized = (q: string): string =>
  q
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}.;])\s*/g, '$1')
    .trim();

describe("Reverse links: the index against each relation's SPARQL over the corpus and the demo", function () {
  this.timeout(300000);
  const tsv = halSketches();
  let data: RelationDataset;
  let candidates: string[];
  const found = new Map<string, number>();
  before(() => {
    data = relationDataset();
    candidates = candidateEntities(data);
  });

  it('covers every relation of hal_links.tsv, and nothing hal_links.tsv does not name but the internal steps', () => {
    const ours = RELATIONS.filter((r) => !r.internal)
      .map((r) => r.name)
      .sort();
    expect(ours).to.deep.equal([...tsv.keys()].sort());
  });

  for (const relation of RELATIONS) {
    const sketch = tsv.get(relation.name) ?? '';
    it(`${relation.name}: the index finds what ${sketch && !relation.sketchDiffers ? 'the sketch' : 'its query'} finds`, async () => {
      if (sketch && !relation.sketchDiffers) expect(normalized(relation.sparql)).to.equal(normalized(sketch));
      if (!sketch) expect(relation.sketchDiffers, 'no sketch to differ from').to.equal(undefined);
      const expected = sparqlPairs(data, relation, candidates);
      const actual = await indexPairs(data, relation, candidates);
      expect([...actual].sort()).to.deep.equal([...expected].sort());
      found.set(relation.name, actual.size);
    });
  }

  it('finds pairs for most relations here (the table of them: npm run report:relations)', () => {
    const withHits = [...found.values()].filter((n) => n > 0).length;
    expect(withHits, 'relations with hits in the corpus and demo').to.be.at.least(Math.floor(RELATIONS.length / 2));
  });
});
