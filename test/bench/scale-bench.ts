/**
 * `npm run bench:scale`: the service at scale (issues 21 and 35), one table, each figure beside its
 * reference measured in the same run, on the richer generated collection issue 35 measured at
 * (scale/richCollection.ts: ~59 quads a document; 100,000 documents ≈ 5.9M quads):
 * - the embedded store at 10,000 and 100,000 documents (scale/embeddedScale.ts): load as NDJSON
 *   and as N-Quads, restart to /ready, to the first SPARQL answer, to every replica seeded, query
 *   after a timed-out one, GET p50/p99, peak RSS, disk; bare Oxigraph `Store.load` beside;
 * - readers while /_bulk streams into the live server (scale/bulkReaders.ts): GET p50/p99 idle and during;
 * - cold GET, render cache off, 10,000 distinct documents of that store (scale/coldGet.ts: req/s,
 *   the server's CPU a request), and name search's two queries of the issue (scale/nameSearch.ts);
 * - the remote store (scale-remote.ts, a throwaway Virtuoso 7): load through the service against
 *   Virtuoso's own bulk loader on the same N-Quads, GET, a query, export, the load's RSS at two sizes
 *   (20,000 documents by default: at some 80 documents/s through the service, 100,000 take 20 minutes).
 *   npm run bench:scale                    10000 and 100000; the remote store at 20000
 *   npm run bench:scale -- 2000            other sizes
 *   npm run bench:scale -- --remote-docs 5000
 *   npm run bench:scale -- --embedded-only
 *   npm run bench:scale -- --memory-per-document   also each structure's memory a document
 *   npm run bench:scale -- --bulk-batch 100        readers during /_bulk?batchSize=100 (default: the service's 500)
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedScaleRows, type Row } from './scale/embeddedScale.js';
import { readersDuringBulk } from './scale/bulkReaders.js';
import { coldGetRows } from './scale/coldGet.js';
import { nameSearchRows } from './scale/nameSearch.js';
import { richCollection, writeRichDumps } from './scale/richCollection.js';
import { remoteScaleRows } from './scale-remote.js';
import { printTable } from './stats.js';

const progress = (message: string) => process.stderr.write(`[bench:scale] ${message}\n`);
const args = process.argv.slice(2);
const sizes = args
  .filter((a, i) => /^\d+$/.test(a) && !['--remote-docs', '--bulk-batch'].includes(args[i - 1]))
  .map(Number);
const SIZES = sizes.length > 0 ? sizes : [10000, 100000];
const READERS = Math.min(10000, Math.max(...SIZES));
const remoteAt = args.indexOf('--remote-docs');
const REMOTE_DOCS = remoteAt >= 0 ? Number(args[remoteAt + 1]) : Math.min(20000, Math.max(...SIZES));
const bulkBatchAt = args.indexOf('--bulk-batch');
const BULK_BATCH = bulkBatchAt >= 0 ? Number(args[bulkBatchAt + 1]) : undefined;

const rows: Row[] = [];
const work = await mkdtemp(join(tmpdir(), 'linkedart-scale-bench-'));
try {
  for (const docs of SIZES) {
    const nquads = join(work, `dump-${docs}.nq`);
    const ndjson = join(work, `dump-${docs}.ndjson`);
    progress(`writing dumps of ${docs} documents`);
    const info = await writeRichDumps(docs, nquads, ndjson);
    progress(`${info.quads} quads (${(info.quads / docs).toFixed(1)} a document) in ${info.seconds.toFixed(0)} s`);
    const collection = richCollection(docs);
    const pathOf = (i: number) => new URL(collection.idOf(i)).pathname;
    const memoryPerDocument = args.includes('--memory-per-document');
    rows.push(...(await embeddedScaleRows(work, docs, { nquads, ndjson, pathOf, memoryPerDocument }, progress)));
    // Issue 35's cold GET on the store just loaded (render cache off), and name search at this size.
    rows.push(...(await coldGetRows(join(work, `scale-${docs}`), docs, pathOf, progress)));
    rows.push(...nameSearchRows(docs, progress));
    await rm(join(work, `scale-${docs}`), { recursive: true, force: true });
    await rm(nquads, { force: true });
    await rm(ndjson, { force: true });
  }
  const readers = await readersDuringBulk(work, READERS, READERS, progress, [], undefined, BULK_BATCH);
  const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;
  rows.push([
    `GET p50 / p99 while /_bulk streams ${READERS.toLocaleString('en')} documents into ${READERS.toLocaleString('en')} (${readers.bulkRate.toFixed(0)} docs/s${BULK_BATCH === undefined ? '' : `, batchSize ${BULK_BATCH}`})`,
    `${ms1(readers.duringLoad.p50)} / ${ms1(readers.duringLoad.p99)}`,
    `${ms1(readers.idle.p50)} / ${ms1(readers.idle.p99)} idle`,
    (readers.duringLoad.p50 / readers.idle.p50).toFixed(2),
    'p99 ≤ 30 ms',
  ]);
  if (!args.includes('--embedded-only')) {
    rows.push(
      ...(await remoteScaleRows({
        docs: REMOTE_DOCS,
        smallDocs: Math.max(1, Math.round(REMOTE_DOCS / 10)),
        sample: 200,
        progress,
      })),
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
printTable('bench:scale', ['measure', 'ours', 'reference (same run)', 'ratio', 'target'], rows);
