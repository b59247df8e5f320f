/**
 * `npm run bench:history`: what keeping every version costs (src/history, docs/history.md), each
 * measured with and without (--keep-versions all / 0) in the same run, interleaved (A B B A):
 * - a `linkedart load` of a generated N-Quads dump into a fresh store (default 20,000 documents;
 *   the size: `npm run bench:history -- 100000`), wall time of the child process;
 * - one PUT that replaces a document (in process, over loopback HTTP), µs per PUT;
 * - the TimeMap of a document with 1,000 versions (p50 of GETs);
 * - a past version's GET against the live document's GET (p50 of each);
 * - bytes per version: a kept version's graphs and record as text, and the quads the store grew by per PUT
 *   with history less without.
 * The machine may be shared: the load average is printed with the ratios.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startTestApp, type TestApp } from '../integration/support/testApp.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { printTable, summarize } from './stats.js';
import { versionGraphOf, versionHintGraphOf } from '../../src/history/versionGraphs.js';
import type { Quad } from '../../src/rdf/terms.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const DOCS = Number(process.argv[2] ?? 20_000);
const VERSIONS = 1_000;
const PUT_ROUNDS = Number(process.env.HISTORY_BENCH_PUTS ?? 200);
const TOKEN = 'history-bench-token-0123456789';
const BASE = 'http://localhost:8080/bench/';
const ID = `${BASE}object/1`;
const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' };

const documentNamed = (label: string): string =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: ID,
    type: 'HumanMadeObject',
    _label: label,
  });

/** Seconds of one `linkedart load` of `dump` into a fresh store. */
async function loadSeconds(work: string, dump: string, keep: string): Promise<number> {
  const dataDir = await mkdtemp(join(work, `store-${keep}-`));
  const start = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [MAIN, 'load', '--data-dir', dataDir, '--no-progress', '--keep-versions', keep, dump],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`load --keep-versions ${keep} exited ${run.status}`);
  await rm(dataDir, { recursive: true, force: true });
  return seconds;
}

async function put(app: TestApp, label: string): Promise<void> {
  const response = await fetch(app.origin + new URL(ID).pathname, {
    method: 'PUT',
    headers,
    body: documentNamed(label),
  });
  if (response.status >= 300) throw new Error(`PUT: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e3;
}

async function getMs(app: TestApp, url: string): Promise<number> {
  return (
    (await timed(async () => {
      const response = await fetch(app.origin + new URL(url).pathname + new URL(url).search);
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
      await response.arrayBuffer();
    })) / 1000
  );
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'linkedart-history-bench-'));
  const rows: string[][] = [];
  try {
    // The load, A B B A.
    const dump = join(work, 'dump.nq');
    await writeDumps(gateTemplates().templates, DOCS, dump, join(work, 'dump.ndjson'));
    const load: Record<string, number[]> = { all: [], '0': [] };
    for (const keep of ['0', 'all', 'all', '0']) load[keep].push(await loadSeconds(work, dump, keep));
    const [withLoad, withoutLoad] = [Math.min(...load.all), Math.min(...load['0'])];
    rows.push([
      `load ${DOCS} documents (s, best of 2)`,
      withLoad.toFixed(2),
      withoutLoad.toFixed(2),
      (withLoad / withoutLoad).toFixed(3),
    ]);

    // One PUT, interleaved in rounds; then 1,000 versions, the TimeMap, past against live; bytes per version.
    const apps = {
      all: await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: 'all' }),
      '0': await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: '0' }),
    };
    try {
      const puts: Record<string, number[]> = { all: [], '0': [] };
      for (let n = 0; n < PUT_ROUNDS; n++)
        for (const keep of n % 2 === 0 ? (['all', '0'] as const) : (['0', 'all'] as const))
          puts[keep].push(await timed(() => put(apps[keep], `put ${n}`)));
      const [withPut, withoutPut] = [summarize(puts.all.slice(10)).median, summarize(puts['0'].slice(10)).median];
      rows.push([
        'PUT replacing a document (µs, p50)',
        withPut.toFixed(0),
        withoutPut.toFixed(0),
        (withPut / withoutPut).toFixed(3),
      ]);

      const before = { all: await apps.all.store.size(), '0': await apps['0'].store.size() };
      for (let n = 0; n < VERSIONS - PUT_ROUNDS; n++)
        for (const keep of ['all', '0'] as const) await put(apps[keep], `version ${n}`);
      const quads = (await apps.all.store.size()) - before.all - ((await apps['0'].store.size()) - before['0']);
      const timeMap = `${BASE}_timemap/bench/object/1`;
      const tm: number[] = [];
      for (let i = 0; i < 100; i++) tm.push(await getMs(apps.all, timeMap));
      rows.push([
        `TimeMap of ${VERSIONS} versions (ms, p50)`,
        summarize(tm.slice(5)).median.toFixed(2),
        '',
        'target ≤ 5 ms',
      ]);
      const past: number[] = [];
      const live: number[] = [];
      for (let i = 0; i < 200; i++) {
        past.push(await getMs(apps.all, `${BASE}_version/${1 + (i % 500)}/bench/object/1`));
        live.push(await getMs(apps.all, ID));
      }
      const [pastP50, liveP50] = [summarize(past.slice(5)).median, summarize(live.slice(5)).median];
      rows.push([
        'past version GET vs live GET (ms, p50)',
        pastP50.toFixed(2),
        liveP50.toFixed(2),
        (pastP50 / liveP50).toFixed(3),
      ]);
      const bytes = await bytesPerVersion(apps.all, 500);
      rows.push(['bytes per kept version (its graphs and record, as text)', bytes.toFixed(0), '', '']);
      rows.push([
        `store growth per version (quads, over ${VERSIONS - PUT_ROUNDS} PUTs)`,
        (quads / (VERSIONS - PUT_ROUNDS)).toFixed(1),
        '',
        '',
      ]);
    } finally {
      for (const app of Object.values(apps)) await app.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    `History (keep all vs 0), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    ['measure', 'with', 'without', 'ratio'],
    rows,
  );
}

/** The bytes one kept version adds, as N-Quads-like text: its entity and hint graphs, and its record (the history graph's share). */
async function bytesPerVersion(app: TestApp, n: number): Promise<number> {
  const text = (quads: readonly Quad[]) =>
    quads.reduce(
      (sum, q) =>
        sum + q.subject.value.length + q.predicate.value.length + q.object.value.length + q.graph.value.length + 12,
      0,
    );
  // Its record is in its hint graph; the head (one record a document) is not counted per version.
  return text(await app.store.readGraphs([versionGraphOf(ID, n), versionHintGraphOf(ID, n)]));
}

await main();
