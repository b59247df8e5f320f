/**
 * Speed of ShaclValidator.validate() per corpus document (not a test; run it by hand):
 *
 *   npx tsc -p . && node dist/test/unit/validate/measure.js [rounds] [--library-targets]
 *
 * Ingests the corpus once, warms up, then times `rounds` passes over every document and prints
 * the median and p95 milliseconds per document (and the slowest documents). With
 * --library-targets, rdf-validate-shacl selects focus nodes itself (no precompiled targets).
 */
import { performance } from 'node:perf_hooks';
import { ingestDocument, type IngestedDocument } from '../../../src/ingest/ingestDocument.js';
import { ShaclValidator } from '../../../src/validate/ShaclValidator.js';
import { CORPUS_DIR, readDocuments } from '../../support/corpus.js';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 20);
const precompiledTargets = !args.includes('--library-targets');

const documents: { file: string; doc: IngestedDocument }[] = [];
for (const { file, json } of readDocuments(CORPUS_DIR)) {
  try {
    documents.push({ file, doc: ingestDocument(json, file) });
  } catch {
    // concept.1 and provenance.6 are refused by ingest
  }
}

let t = performance.now();
const validator = ShaclValidator.load(undefined, { precompiledTargets });
const loadMs = performance.now() - t;

for (let i = 0; i < 20; i++) for (const { doc } of documents) validator.validate(doc.id, doc.quads);

const times: number[] = [];
const perDoc = new Map<string, number[]>();
for (let r = 0; r < rounds; r++) {
  for (const { file, doc } of documents) {
    t = performance.now();
    validator.validate(doc.id, doc.quads);
    const ms = performance.now() - t;
    times.push(ms);
    let list = perDoc.get(file);
    if (!list) perDoc.set(file, (list = []));
    list.push(ms);
  }
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const quads = documents.map((d) => d.doc.quads.length);
console.log(
  `shapes loaded and validator built in ${loadMs.toFixed(1)} ms (${precompiledTargets ? 'precompiled targets' : 'library target selection'})`,
);
console.log(
  `${documents.length} documents (median ${quantile(quads, 0.5)} quads, max ${Math.max(...quads)}), ${rounds} rounds after warm-up`,
);
console.log(
  `validate(): median ${quantile(times, 0.5).toFixed(3)} ms, p95 ${quantile(times, 0.95).toFixed(3)} ms, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)} ms per document`,
);
const slowest = [...perDoc]
  .map(([file, xs]) => [file, quantile(xs, 0.5)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 5);
console.log(`slowest (median): ${slowest.map(([f, ms]) => `${f} ${ms.toFixed(3)}`).join(', ')}`);
const { conforming, compiled, libraryPairs, libraryAll } = validator.counts;
console.log(
  `answered: ${conforming} conforming (precheck), ${compiled} by the compiled report, ${libraryPairs} by the library on failing pairs, ${libraryAll} by the library whole`,
);
