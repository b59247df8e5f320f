/**
 * Writes test-output/relations.md: for each reverse-link relation, the (entity, hit) pairs the
 * index finds over the corpus and the demo, and on how many pairs a differing hal_links.tsv
 * sketch answers otherwise. `npm run report:relations`. The suite
 * (relationsDifferential.test.ts) checks the same pairs but writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { RELATIONS } from '../../src/discovery/relations/index.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { candidateEntities, indexPairs, relationDataset, sparqlPairs } from '../support/relationDataset.js';
import { halSketches, relationsReport } from './relations.js';

const data = relationDataset();
const candidates = candidateEntities(data);
const tsv = halSketches();
const found = new Map<string, number>();
const sketchFound = new Map<string, number>();
for (const relation of RELATIONS) {
  found.set(relation.name, (await indexPairs(data, relation, candidates)).size);
  if (relation.sketchDiffers) {
    const expected = sparqlPairs(data, relation, candidates);
    const bySketch = sparqlPairs(data, relation, candidates, tsv.get(relation.name) ?? '');
    sketchFound.set(
      relation.name,
      [...bySketch].filter((p) => !expected.has(p)).length + [...expected].filter((p) => !bySketch.has(p)).length,
    );
  }
}
const out = `${PROJECT_ROOT}test-output/relations.md`;
mkdirSync(`${PROJECT_ROOT}test-output`, { recursive: true });
writeFileSync(out, relationsReport(RELATIONS, found, sketchFound));
console.log(`wrote ${out}`);
