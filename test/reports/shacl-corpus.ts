/**
 * Writes test-output/shacl-corpus.md: the shapes over the corpus, each Violation with its reviewed
 * verdict, the Warnings, and the official validator's invalid documents (test/reports/shaclCorpus.ts).
 * `npm run report:shacl-corpus`. The suite checks the same reviews (corpus-report.test.ts) but writes nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../support/corpus.js';
import { shaclCorpusReport, validateCorpora } from './shaclCorpus.js';

const out = `${PROJECT_ROOT}test-output/shacl-corpus.md`;
mkdirSync(`${PROJECT_ROOT}test-output`, { recursive: true });
writeFileSync(out, shaclCorpusReport(validateCorpora()));
console.log(`wrote ${out}`);
