/**
 * `npm run bench:harvest`: `linkedart harvest` of a local service's feed against a plain
 * sequential GET loop over the same documents (issue 19's target: the harvester at least as fast,
 * ≥ 1x; it fetches several documents at once, checks each through the gate and writes them).
 * Service A: a generated dump (load/dump.ts) of N documents with ids under A's own URL, loaded
 * into a data directory and served; then
 * (a) `linkedart harvest A/activity-stream` into an empty data directory (a child process, wall clock),
 * (b) GET of every document URI one after another, Accept: Linked Art JSON-LD, body read, from A
 *     started again (so neither side finds the documents already rendered by the other).
 *   npm run bench:harvest            10000 documents
 *   npm run bench:harvest -- 2000    another size
 * Needs A to serve /activity-stream; says so and stops if it does not. The exit code is 0 whatever the result.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { LINKED_ART_ACCEPT } from '../../src/harvest/fetchDocument.js';
import type { HarvestReport } from '../../src/harvest/HarvestReport.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startChildServer, untilReady } from './http/childServer.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { docGraph } from './store-bench.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const progress = (message: string) => process.stderr.write(`[bench:harvest] ${message}\n`);
const sizeArg = process.argv.slice(2).find((a) => /^\d+$/.test(a));
const N = sizeArg ? Number(sizeArg) : 10000;

/** A port free now, so A's ids can be under its own URL (its base URL is fixed before it starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

/** The NDJSON dump with the generated ids (`docGraph(i)`) moved under `base`. */
async function rebase(from: string, to: string, base: string): Promise<void> {
  const generated = docGraph(0).replace(/0$/, '');
  const out = createWriteStream(to);
  for await (const line of createInterface({ input: createReadStream(from) })) {
    if (
      !out.write(
        line.split(JSON.stringify(generated).slice(0, -1)).join(JSON.stringify(`${base}generated/`).slice(0, -1)) +
          '\n',
      )
    )
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

const work = await mkdtemp(join(tmpdir(), 'linkedart-harvest-bench-'));
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  progress(`generating ${N} documents under ${base}`);
  const dump = join(work, 'dump.ndjson');
  await writeDumps(gateTemplates().templates, N, join(work, 'dump.nq'), join(work, 'generated.ndjson'));
  await rebase(join(work, 'generated.ndjson'), dump, base);
  progress('loading service A');
  const loaded = await runMeasured([MAIN, 'load', '--data-dir', join(work, 'a'), '--no-progress', dump]);
  if (loaded.code !== 0) throw new Error(`load into A failed: ${loaded.stderr.slice(-2000)}`);
  const serveA = () =>
    startChildServer(
      MAIN,
      ['serve', '--data-dir', join(work, 'a'), '--port', String(port), '--base-url', base, '--log-level', 'silent'],
      600000,
    );
  let server = await serveA();
  try {
    const feed = `${base}activity-stream`;
    // Ready once the index is read from the store (503 until then).
    await untilReady(server);
    const probe = await fetch(feed, { headers: { accept: 'application/ld+json' } });
    if (probe.status !== 200) {
      progress(`service A answers ${probe.status} at ${feed}: it does not serve a change feed yet; nothing measured`);
    } else {
      progress('(a) linkedart harvest into an empty data directory');
      // A is on 127.0.0.1: its origin allowed explicitly (issue 28).
      const run = await runMeasured([
        MAIN,
        'harvest',
        '--data-dir',
        join(work, 'b'),
        '--no-progress',
        '--json',
        '--allow-origin',
        new URL(base).origin,
        feed,
      ]);
      if (run.code !== 0) progress(`harvest exited ${run.code}: ${run.stderr.slice(-2000)}`);
      const report = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as Partial<HarvestReport>;
      const harvested = (report.created ?? 0) + (report.replaced ?? 0) + (report.unchanged ?? 0);

      // A started afresh, so the loop does not read the documents the harvest made A render and keep.
      await server.stop();
      server = await serveA();
      await untilReady(server);
      progress('(b) sequential GET of every document (A restarted: its render cache as cold as the harvest found it)');
      const started = performance.now();
      for (let i = 0; i < N; i++) {
        const response = await fetch(`${base}generated/${i}`, { headers: { accept: LINKED_ART_ACCEPT } });
        await response.text();
        if (response.status !== 200) throw new Error(`GET ${base}generated/${i}: ${response.status}`);
      }
      const loopMs = performance.now() - started;

      const harvestRate = harvested / (run.ms / 1000);
      const loopRate = N / (loopMs / 1000);
      printTable(
        `Harvest of ${N} documents from a local service (same machine)`,
        ['method', 'documents', 'seconds', 'docs/s', 'vs GET loop'],
        [
          [
            'linkedart harvest (process start to exit)',
            String(harvested),
            (run.ms / 1000).toFixed(1),
            harvestRate.toFixed(0),
            `${(harvestRate / loopRate).toFixed(2)}x`,
          ],
          ['sequential GET loop (body read)', String(N), (loopMs / 1000).toFixed(1), loopRate.toFixed(0), '1.00x'],
        ],
      );
      console.log(
        `\nharvest report: ${report.activities} activities on ${report.pages} pages, ${report.rejected} rejected, ${report.missing} missing; target ≥ 1x`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
