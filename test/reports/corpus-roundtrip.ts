/**
 * Writes test-output/corpus-roundtrip.md: each Linked Art example exact, normalized (how) or
 * rejected (why), from test/reports/corpusRoundTrip.ts. `npm run report:corpus-roundtrip`.
 * The suite checks the same round trips (corpus.test.ts) but writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { CORPUS_DIR, PROJECT_ROOT, readDocuments } from '../support/corpus.js';
import { corpusRoundTripReport, roundTrip } from './corpusRoundTrip.js';

const out = `${PROJECT_ROOT}test-output/corpus-roundtrip.md`;
mkdirSync(`${PROJECT_ROOT}test-output`, { recursive: true });
writeFileSync(out, corpusRoundTripReport(readDocuments(CORPUS_DIR).map(roundTrip)));
console.log(`wrote ${out}`);
