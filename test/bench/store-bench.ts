/**
 * The embedded store at scale: `docs` generated documents (corpus documents under new ids, put
 * through our ingest: ~22 quads and a shape hint graph each) written through replaceGraphs in batches,
 * then single-document replacements (which make dead data), closed (a snapshot only if enough
 * of the data is dead), then reopened in a fresh process (a restart) to measure restore time
 * (snapshot and log replay), memory after restore, and readGraphs latency.
 *
 *   node dist/test/bench/store-bench.js 100000        prints a table
 *   import { benchStore } from './store-bench.js'      rows of {metric, value}
 */
import { spawn } from 'node:child_process';
import { readdir, rm, stat, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import type { Quad } from '../../src/rdf/terms.js';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import { CORPUS_DIR, readDocuments } from '../support/corpus.js';

const BATCH = 500;

export const docGraph = (i: number) => `https://example.org/generated/${i}`;
export const hintGraph = (i: number) => hintGraphOf(docGraph(i));

/**
 * Generated documents: the 155 corpus documents we accept, in turn, each copy under its own id
 * (`docGraph(i)`) and put through our ingest, so quads and shape hints are the real ones.
 */
const templates: Array<{ text: string; idJson: string }> = readDocuments(CORPUS_DIR).flatMap((d) => {
  try {
    ingestDocument(d.json);
  } catch {
    return [];
  }
  return [{ text: JSON.stringify(d.json), idJson: JSON.stringify(d.json['id']) }];
});

/** Document i: its graph and its hint graph, as the service would write them. */
export function generatedDocument(i: number): Array<[string, Quad[]]> {
  const template = templates[i % templates.length];
  const ingested = ingestDocument(JSON.parse(template.text.split(template.idJson).join(JSON.stringify(docGraph(i)))));
  return [
    [ingested.id, ingested.quads],
    [hintGraphOf(ingested.id), ingested.hintQuads],
  ];
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0) + ' MB';
const kb = (bytes: number) => (bytes / 1024).toFixed(0) + ' KB';
const secs = (ms: number) => (ms / 1000).toFixed(2) + ' s';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function dirBytes(dir: string): Promise<{ snapshot: number; log: number }> {
  let snapshot = 0;
  let log = 0;
  for (const f of await readdir(dir)) {
    const size = (await stat(join(dir, f))).size;
    if (f.startsWith('snapshot')) snapshot += size;
    else if (f.startsWith('wal-')) log += size;
  }
  return { snapshot, log };
}

interface RestartReport {
  openMs: number;
  restoreMs: number;
  quads: number;
  snapshotBytes: number;
  replayedRecords: number;
  rss: number;
  mainHeapUsed: number;
  workerHeapUsed: number;
  workerExternal: number;
  readMedian: number;
  readP95: number;
  readP99: number;
  readsPerSecond: number;
  concurrentReadsPerSecond: number;
}

/** The restart phase, run in a fresh process so its memory numbers are its own. */
async function restart(dataDir: string, docs: number): Promise<RestartReport> {
  const t0 = performance.now();
  const store = await EmbeddedStore.open({ dataDir });
  const openMs = performance.now() - t0;
  (globalThis as { gc?: () => void }).gc?.();
  const stats = await store.stats();
  const main = process.memoryUsage();
  const samples: number[] = [];
  const pick = () => Math.floor(Math.random() * docs);
  for (let k = 0; k < 200; k++) {
    const i = pick();
    await store.readGraphs([docGraph(i), hintGraph(i)]);
  }
  for (let k = 0; k < 3000; k++) {
    const i = pick();
    const a = performance.now();
    const quads = await store.readGraphs([docGraph(i), hintGraph(i)]);
    samples.push(performance.now() - a);
    const expected = generatedDocument(i).reduce((n, [, q]) => n + q.length, 0);
    if (quads.length !== expected)
      throw new Error(`document ${i} came back with ${quads.length} quads, not ${expected}`);
  }
  samples.sort((x, y) => x - y);
  const total = samples.reduce((x, y) => x + y, 0);
  // 8 concurrent readers: throughput when the worker has a queue.
  const c0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let k = 0; k < 500; k++) {
        const i = pick();
        await store.readGraphs([docGraph(i), hintGraph(i)]);
        done++;
      }
    }),
  );
  const concurrentReadsPerSecond = done / ((performance.now() - c0) / 1000);
  await store.close();
  return {
    openMs,
    restoreMs: store.openInfo.restoreMs,
    quads: stats.quads,
    snapshotBytes: store.openInfo.snapshotBytes,
    replayedRecords: store.openInfo.replayedRecords,
    rss: main.rss,
    mainHeapUsed: main.heapUsed,
    workerHeapUsed: stats.workerMemory.heapUsed,
    workerExternal: stats.workerMemory.external,
    readMedian: quantile(samples, 0.5),
    readP95: quantile(samples, 0.95),
    readP99: quantile(samples, 0.99),
    readsPerSecond: samples.length / (total / 1000),
    concurrentReadsPerSecond,
  };
}

function restartInChild(dataDir: string, docs: number): Promise<RestartReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), '--restart', dataDir, String(docs)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`restart process exited with code ${code}`));
        return;
      }
      resolve(JSON.parse(out.trim().split('\n').pop()!) as RestartReport);
    });
  });
}

export async function benchStore(docs: number): Promise<Array<{ metric: string; value: string }>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  const rows: Array<{ metric: string; value: string }> = [];
  const add = (metric: string, value: string) => rows.push({ metric, value });
  try {
    const store = await EmbeddedStore.open({ dataDir });
    const w0 = performance.now();
    let inFlight: Promise<void> | null = null;
    for (let start = 0; start < docs; start += BATCH) {
      const batch = new Map<string, Quad[]>();
      for (let i = start; i < Math.min(docs, start + BATCH); i++)
        for (const [g, q] of generatedDocument(i)) batch.set(g, q);
      // Two batches in flight: the next one is built while the worker applies and syncs this one.
      const write = store.replaceGraphs(batch);
      if (inFlight) await inFlight;
      inFlight = write;
    }
    if (inFlight) await inFlight;
    const writeMs = performance.now() - w0;
    const afterBulk = await store.stats();
    // Start the single-document measurements with an empty log and no snapshot running.
    while ((await store.stats()).compacting) await new Promise((r) => setTimeout(r, 50));
    await store.compact();

    // One document per call, as a PUT does: sequential latency (one fdatasync each), then
    // 32 concurrent writers (group commit: writes share fdatasyncs).
    const sequentialWrites = async (count: number, until?: () => boolean): Promise<number[]> => {
      const samples: number[] = [];
      for (let k = 0; k < count && !(until?.() ?? false); k++) {
        const i = Math.floor(Math.random() * docs);
        const a = performance.now();
        await store.replaceGraphs(new Map(generatedDocument(i)));
        samples.push(performance.now() - a);
      }
      return samples.sort((x, y) => x - y);
    };
    const single = await sequentialWrites(300);
    const syncs0 = (await store.stats()).logSyncs;
    const concurrentDocs = 4000;
    let next = 0;
    const k0 = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = next++; i < concurrentDocs; i = next++) await store.replaceGraphs(new Map(generatedDocument(i)));
      }),
    );
    const concurrentMs = performance.now() - k0;
    const syncs = (await store.stats()).logSyncs - syncs0;
    // The same sequential writes while a snapshot is being written (they are not blocked, but
    // share the worker with the dump).
    let snapshotDone = false;
    const snapshot = store.compact().then(() => {
      snapshotDone = true;
    });
    const duringSnapshot = await sequentialWrites(100_000, () => snapshotDone);
    await snapshot;
    const beforeClose = await store.stats();
    const c0 = performance.now();
    await store.close();
    const closeMs = performance.now() - c0;
    const bytes = await dirBytes(dataDir);
    const closeSnapshot =
      bytes.log === 0
        ? 'wrote a snapshot'
        : `kept the log (${kb(beforeClose.logBytes)}, ${kb(beforeClose.deadBytes)} of it dead)`;

    const r = await restartInChild(dataDir, docs);
    add('documents (graphs)', `${docs} (${docs * 2})`);
    add('quads', String(r.quads));
    add(`write, replaceGraphs of ${BATCH} docs`, `${secs(writeMs)} (${(docs / (writeMs / 1000)).toFixed(0)} docs/s)`);
    add(
      'compactions during the bulk write (new graphs: nothing dead)',
      `${afterBulk.compactions}, log ${mb(afterBulk.logBytes)}, dead ${afterBulk.deadBytes} B`,
    );
    add(
      'single-doc replaceGraphs, sequential: median / p95',
      `${quantile(single, 0.5).toFixed(2)} / ${quantile(single, 0.95).toFixed(2)} ms`,
    );
    add(
      'single-doc replaceGraphs, 32 concurrent writers',
      `${(concurrentDocs / (concurrentMs / 1000)).toFixed(0)} docs/s, ${(concurrentDocs / syncs).toFixed(1)} writes per fdatasync`,
    );
    add(
      'single-doc replaceGraphs during a snapshot: median / p95',
      duringSnapshot.length
        ? `${quantile(duringSnapshot, 0.5).toFixed(2)} / ${quantile(duringSnapshot, 0.95).toFixed(2)} ms (${duringSnapshot.length} writes)`
        : 'n/a',
    );
    add('compactions in all (2 of them asked for)', String(beforeClose.compactions));
    add('close', `${secs(closeMs)}, ${closeSnapshot}`);
    add('snapshot on disk', `${mb(bytes.snapshot)} (${(bytes.snapshot / docs).toFixed(0)} B/doc), log ${bytes.log} B`);
    add('restart: open() total', secs(r.openMs));
    add(
      'restart: restore in worker',
      `${secs(r.restoreMs)} (snapshot of ${mb(r.snapshotBytes)}, ${r.replayedRecords} log records replayed)`,
    );
    add('after restore: RSS (process, incl. worker)', mb(r.rss));
    add('after restore: worker external (WASM memory)', mb(r.workerExternal));
    add('after restore: worker JS heap used', mb(r.workerHeapUsed));
    add('after restore: main JS heap used', mb(r.mainHeapUsed));
    add('readGraphs(doc + hint) median', `${r.readMedian.toFixed(3)} ms`);
    add('readGraphs p95 / p99', `${r.readP95.toFixed(3)} / ${r.readP99.toFixed(3)} ms`);
    add(
      'readGraphs sequential / 8 concurrent',
      `${r.readsPerSecond.toFixed(0)} / ${r.concurrentReadsPerSecond.toFixed(0)} per s`,
    );
    return rows;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  if (process.argv[2] === '--restart') {
    const report = await restart(process.argv[3], Number(process.argv[4]));
    process.stdout.write(JSON.stringify(report) + '\n');
  } else {
    const docs = Number(process.argv[2] ?? 10000);
    const rows = await benchStore(docs);
    const w = Math.max(...rows.map((r) => r.metric.length));
    console.log(`\nEmbedded store, ${docs} documents\n`);
    console.log(`| ${'metric'.padEnd(w)} | value |`);
    console.log(`|${'-'.repeat(w + 2)}|-------|`);
    for (const r of rows) console.log(`| ${r.metric.padEnd(w)} | ${r.value} |`);
  }
}
