/**
 * Writes test-output/real-world.md: per source (the real-world records, the corpus, the demo),
 * how many records load as written, with repairs, and with repairs under --conformance report,
 * and the rules that refuse the rest (test/reports/realWorld.ts). `npm run report:real-world`.
 * The suite checks the same outcomes (realWorldLossless.test.ts) but writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../support/corpus.js';
import { realWorldOutcomes, realWorldReport } from './realWorld.js';

const out = `${PROJECT_ROOT}test-output/real-world.md`;
mkdirSync(`${PROJECT_ROOT}test-output`, { recursive: true });
writeFileSync(out, realWorldReport(realWorldOutcomes()));
console.log(`wrote ${out}`);
