/**
 * `npm run bench:scale`: the service at scale (issue 21), one table, each figure beside its
 * reference measured in the same run:
 * - the embedded store at 10,000 and 100,000 generated documents (scale/embeddedScale.ts): load,
 *   restart, first query, query after a timed-out one, GET p50/p99, RSS, disk; bare Oxigraph beside;
 * - readers while /_bulk streams into the live server (scale/bulkReaders.ts): GET p50/p99 idle and during;
 * - the remote store (scale-remote.ts, a throwaway Virtuoso 7): load through the service against
 *   Virtuoso's own bulk loader on the same N-Quads, GET, a query, export, the load's RSS at two sizes
 *   (20,000 documents by default: at some 80 documents/s through the service, 100,000 take 20 minutes).
 *   npm run bench:scale                    10000 and 100000; the remote store at 20000
 *   npm run bench:scale -- 2000            other sizes
 *   npm run bench:scale -- --remote-docs 5000
 *   npm run bench:scale -- --embedded-only
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gateTemplates, writeDumps } from './load/dump.js';
import { embeddedScaleRows, type Row } from './scale/embeddedScale.js';
import { readersDuringBulk } from './scale/bulkReaders.js';
import { remoteScaleRows } from './scale-remote.js';
import { printTable } from './stats.js';

const progress = (message: string) => process.stderr.write(`[bench:scale] ${message}\n`);
const args = process.argv.slice(2);
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--remote-docs').map(Number);
const SIZES = sizes.length > 0 ? sizes : [10000, 100000];
const READERS = Math.min(10000, Math.max(...SIZES));
const remoteAt = args.indexOf('--remote-docs');
const REMOTE_DOCS = remoteAt >= 0 ? Number(args[remoteAt + 1]) : Math.min(20000, Math.max(...SIZES));

const rows: Row[] = [];
const work = await mkdtemp(join(tmpdir(), 'linkedart-scale-bench-'));
try {
  const templates = gateTemplates().templates;
  for (const docs of SIZES) {
    const dump = join(work, `dump-${docs}.nq`);
    progress(`writing a dump of ${docs} documents`);
    await writeDumps(templates, docs, dump, join(work, `dump-${docs}.ndjson`));
    rows.push(...(await embeddedScaleRows(work, docs, dump, progress)));
    await rm(join(work, `scale-${docs}`), { recursive: true, force: true });
  }
  const readers = await readersDuringBulk(work, READERS, READERS, progress);
  const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;
  rows.push([
    `GET p50 / p99 while /_bulk streams ${READERS.toLocaleString('en')} documents into ${READERS.toLocaleString('en')} (${readers.bulkRate.toFixed(0)} docs/s)`,
    `${ms1(readers.duringLoad.p50)} / ${ms1(readers.duringLoad.p99)}`,
    `${ms1(readers.idle.p50)} / ${ms1(readers.idle.p99)} idle`,
    (readers.duringLoad.p50 / readers.idle.p50).toFixed(2),
    'p50 ≤ 10 ms',
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
