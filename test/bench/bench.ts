/**
 * `npm run bench`: the foundation's speed and memory targets, measured in one run.
 * - ingest (document to quads) vs jsonld.toRDF: target at least 20x faster (median);
 * - render path (CONSTRUCT + render) vs jsonld.frame: target at least 50x faster (median);
 * - SHACL validation of a document: target at most 2 ms median;
 * - the embedded store with 100k generated documents: restart time and memory.
 * `npm run bench -- 20000` uses fewer documents for the store part.
 */
import { benchDocuments } from './documents-bench.js';
import { benchStore } from './store-bench.js';
import { printTable } from './stats.js';

const storeDocs = Number(process.argv[2] ?? 100000);

const documents = await benchDocuments(3);
printTable(
  'Documents: 155 corpus documents, 3 rounds, ms per document (ratio = jsonld.js median / ours)',
  ['step', 'median ms', 'p95 ms', 'docs/s', 'ratio'],
  documents.rows,
);
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(1)}x (target ${target}x): ${ratio >= target ? 'met' : 'NOT MET'}`;
console.log(`\ningest vs jsonld.toRDF: ${verdict(documents.ingestRatio, 20)}`);
console.log(`render path vs jsonld.frame: ${verdict(documents.renderRatio, 50)}`);
console.log(
  `SHACL validation: ${documents.validateMedian.toFixed(3)} ms median (target at most 2 ms): ${documents.validateMedian <= 2 ? 'met' : 'NOT MET'}`,
);

const store = await benchStore(storeDocs);
printTable(
  `Embedded store: ${storeDocs} generated documents`,
  ['metric', 'value'],
  store.map((r) => [r.metric, r.value]),
);
