/**
 * The reverse-link relations over the corpus and the demo: how many (entity, hit) pairs each
 * finds, and where a relation's query differs from its hal_links.tsv sketch, on how many pairs
 * the sketch answers otherwise. test/integration/relationsDifferential.test.ts checks the index
 * against each query; `npm run report:relations` (test/reports/relations-report.ts) writes the
 * table to test-output/relations.md.
 */
import { readFileSync } from 'node:fs';
import type { RELATIONS } from '../../src/discovery/relations/index.js';
import { HAL_LINKS_FILE } from '../support/corpus.js';

/** hal_links.tsv: name → sketch (empty when the row has none). */
export function halSketches(): Map<string, string> {
  const rows = readFileSync(HAL_LINKS_FILE, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  return new Map(rows.filter((r) => r[1]).map((r) => [r[1], (r[7] ?? '').trim()]));
}

/** test-output/relations.md: per relation, the pairs it finds, and where the sketch answers otherwise. */
export function relationsReport(
  relations: typeof RELATIONS,
  found: ReadonlyMap<string, number>,
  sketchFound: ReadonlyMap<string, number>,
): string {
  const lines = [
    '| relation | (entity, hit) pairs in the corpus and demo | the sketch answers otherwise in |',
    '|---|---|---|',
  ];
  for (const relation of relations)
    lines.push(`| ${relation.name} | ${found.get(relation.name) ?? '-'} | ${sketchFound.get(relation.name) ?? ''} |`);
  return lines.join('\n') + '\n';
}
