/**
 * The embedded store at scale: `docs` synthetic documents (24 quads with 4 blank nodes, plus a
 * shape hint graph holding a ~600-character literal) written through replaceGraphs in batches,
 * closed (final snapshot), then reopened in a fresh process (a restart) to measure restore time,
 * memory after restore, and readGraphs latency.
 *
 *   node dist/test/bench/store-bench.js 100000        prints a table
 *   import { benchStore } from './store-bench.js'      rows of {metric, value}
 */
import { spawn } from 'node:child_process';
import { readdir, rm, stat, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Quad_Object, Quad_Subject } from '@rdfjs/types';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { df, type Quad } from '../../src/rdf/terms.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const BATCH = 500;

export const docGraph = (i: number) => `https://example.org/object/${i}`;
export const hintGraph = (i: number) => `https://example.org/object/${i}#hints`;

/** One document: its graph (24 quads, 4 blank nodes labelled as jsonld does, _:b0.._:b3) and its hint graph. */
export function syntheticDocument(i: number): Array<[string, Quad[]]> {
  const n = (v: string) => df.namedNode(v);
  const s = n(docGraph(i));
  const [b0, b1, b2, b3] = [0, 1, 2, 3].map((k) => df.blankNode(`b${k}`)) as [Quad_Subject, Quad_Subject, Quad_Subject, Quad_Subject];
  const t = (sub: Quad_Subject, p: string, o: Quad_Object) => df.quad(sub, n(p), o);
  const doc = [
    t(s, RDF_TYPE, n(CRM + 'E22_Human-Made_Object')),
    t(s, LABEL, df.literal(`Object number ${i}`)),
    t(s, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300033618')),
    t(s, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300133025')),
    t(s, CRM + 'P1_is_identified_by', b0 as Quad_Object),
    t(b0, RDF_TYPE, n(CRM + 'E33_E41_Linguistic_Appellation')),
    t(b0, LABEL, df.literal('Name', 'en')),
    t(b0, CRM + 'P190_has_symbolic_content', df.literal(`The painting number ${i}`, 'en')),
    t(b0, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300404670')),
    t(s, CRM + 'P1_is_identified_by', b1 as Quad_Object),
    t(b1, RDF_TYPE, n(CRM + 'E42_Identifier')),
    t(b1, CRM + 'P190_has_symbolic_content', df.literal(`ACC-${i}`)),
    t(b1, CRM + 'P2_has_type', n('http://vocab.getty.edu/aat/300312355')),
    t(s, CRM + 'P108i_was_produced_by', b2 as Quad_Object),
    t(b2, RDF_TYPE, n(CRM + 'E12_Production')),
    t(b2, CRM + 'P14_carried_out_by', n(`https://example.org/person/${i % 977}`)),
    t(b2, CRM + 'P4_has_time-span', b3 as Quad_Object),
    t(b3, RDF_TYPE, n(CRM + 'E52_Time-Span')),
    t(b3, CRM + 'P82a_begin_of_the_begin', df.literal('1650-01-01T00:00:00Z', n(XSD + 'dateTime'))),
    t(b3, CRM + 'P82b_end_of_the_end', df.literal('1660-12-31T23:59:59Z', n(XSD + 'dateTime'))),
    t(s, CRM + 'P45_consists_of', n('http://vocab.getty.edu/aat/300015050')),
    t(s, CRM + 'P43_has_dimension', df.literal(String(i % 200), n(XSD + 'integer'))),
    t(s, CRM + 'P52_has_current_owner', n(`https://example.org/group/${i % 31}`)),
    t(s, 'http://www.w3.org/2000/01/rdf-schema#comment', df.literal('A synthetic object', 'en')),
  ];
  const hintText = JSON.stringify({ doc: i, order: Array.from({ length: 40 }, (_, k) => `p${k}`), pad: 'x'.repeat(300) }).slice(0, 600);
  const hint = [t(s, 'https://example.org/ns#shapeHint', df.literal(hintText))];
  return [[docGraph(i), doc], [hintGraph(i), hint]];
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0) + ' MB';
const secs = (ms: number) => (ms / 1000).toFixed(2) + ' s';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function dirBytes(dir: string): Promise<{ snapshot: number; log: number }> {
  let snapshot = 0;
  let log = 0;
  for (const f of await readdir(dir)) {
    const size = (await stat(join(dir, f))).size;
    if (f.startsWith('snapshot')) snapshot += size; else if (f.startsWith('wal-')) log += size;
  }
  return { snapshot, log };
}

interface RestartReport {
  openMs: number; restoreMs: number; quads: number; snapshotBytes: number; replayedRecords: number;
  rss: number; mainHeapUsed: number; workerHeapUsed: number; workerExternal: number;
  readMedian: number; readP95: number; readP99: number; readsPerSecond: number; concurrentReadsPerSecond: number;
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
  for (let k = 0; k < 200; k++) { const i = pick(); await store.readGraphs([docGraph(i), hintGraph(i)]); }
  for (let k = 0; k < 3000; k++) {
    const i = pick();
    const a = performance.now();
    const quads = await store.readGraphs([docGraph(i), hintGraph(i)]);
    samples.push(performance.now() - a);
    if (quads.length !== 25) throw new Error(`document ${i} came back with ${quads.length} quads`);
  }
  samples.sort((x, y) => x - y);
  const total = samples.reduce((x, y) => x + y, 0);
  // 8 concurrent readers: throughput when the worker has a queue.
  const c0 = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let k = 0; k < 500; k++) { const i = pick(); await store.readGraphs([docGraph(i), hintGraph(i)]); done++; }
  }));
  const concurrentReadsPerSecond = done / ((performance.now() - c0) / 1000);
  await store.close();
  return {
    openMs, restoreMs: store.openInfo.restoreMs, quads: stats.quads, snapshotBytes: store.openInfo.snapshotBytes,
    replayedRecords: store.openInfo.replayedRecords,
    rss: main.rss, mainHeapUsed: main.heapUsed, workerHeapUsed: stats.workerMemory.heapUsed, workerExternal: stats.workerMemory.external,
    readMedian: quantile(samples, 0.5), readP95: quantile(samples, 0.95), readP99: quantile(samples, 0.99),
    readsPerSecond: samples.length / (total / 1000), concurrentReadsPerSecond,
  };
}

function restartInChild(dataDir: string, docs: number): Promise<RestartReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--restart', dataDir, String(docs)],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) { reject(new Error(`restart process exited with code ${code}`)); return; }
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
      for (let i = start; i < Math.min(docs, start + BATCH); i++) for (const [g, q] of syntheticDocument(i)) batch.set(g, q);
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
        await store.replaceGraphs(new Map(syntheticDocument(i)));
        samples.push(performance.now() - a);
      }
      return samples.sort((x, y) => x - y);
    };
    const single = await sequentialWrites(300);
    const syncs0 = (await store.stats()).logSyncs;
    const concurrentDocs = 4000;
    let next = 0;
    const k0 = performance.now();
    await Promise.all(Array.from({ length: 32 }, async () => {
      for (let i = next++; i < concurrentDocs; i = next++) await store.replaceGraphs(new Map(syntheticDocument(i)));
    }));
    const concurrentMs = performance.now() - k0;
    const syncs = (await store.stats()).logSyncs - syncs0;
    // The same sequential writes while a snapshot is being written (they are not blocked, but
    // share the worker with the dump).
    let snapshotDone = false;
    const snapshot = store.compact().then(() => { snapshotDone = true; });
    const duringSnapshot = await sequentialWrites(100_000, () => snapshotDone);
    await snapshot;
    const beforeClose = await store.stats();
    const c0 = performance.now();
    await store.close();
    const closeMs = performance.now() - c0;
    const bytes = await dirBytes(dataDir);

    const r = await restartInChild(dataDir, docs);
    add('documents (graphs)', `${docs} (${docs * 2})`);
    add('quads', String(r.quads));
    add(`write, replaceGraphs of ${BATCH} docs`, `${secs(writeMs)} (${(docs / (writeMs / 1000)).toFixed(0)} docs/s)`);
    add('compactions during the bulk write', String(afterBulk.compactions));
    add('single-doc replaceGraphs, sequential: median / p95', `${quantile(single, 0.5).toFixed(2)} / ${quantile(single, 0.95).toFixed(2)} ms`);
    add('single-doc replaceGraphs, 32 concurrent writers', `${(concurrentDocs / (concurrentMs / 1000)).toFixed(0)} docs/s, ${(concurrentDocs / syncs).toFixed(1)} writes per fdatasync`);
    add('single-doc replaceGraphs during a snapshot: median / p95', duringSnapshot.length
      ? `${quantile(duringSnapshot, 0.5).toFixed(2)} / ${quantile(duringSnapshot, 0.95).toFixed(2)} ms (${duringSnapshot.length} writes)` : 'n/a');
    add('compactions in all (2 of them asked for)', String(beforeClose.compactions));
    add('close (final snapshot)', secs(closeMs));
    add('snapshot on disk', `${mb(bytes.snapshot)} (${(bytes.snapshot / docs).toFixed(0)} B/doc), log ${bytes.log} B`);
    add('restart: open() total', secs(r.openMs));
    add('restart: restore in worker', secs(r.restoreMs));
    add('after restore: RSS (process, incl. worker)', mb(r.rss));
    add('after restore: worker external (WASM memory)', mb(r.workerExternal));
    add('after restore: worker JS heap used', mb(r.workerHeapUsed));
    add('after restore: main JS heap used', mb(r.mainHeapUsed));
    add('readGraphs(doc + hint) median', `${r.readMedian.toFixed(3)} ms`);
    add('readGraphs p95 / p99', `${r.readP95.toFixed(3)} / ${r.readP99.toFixed(3)} ms`);
    add('readGraphs sequential / 8 concurrent', `${r.readsPerSecond.toFixed(0)} / ${r.concurrentReadsPerSecond.toFixed(0)} per s`);
    return rows;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  if (process.argv[2] === '--restart') {
    const report = await restart(process.argv[3]!, Number(process.argv[4]));
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
