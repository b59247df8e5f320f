/**
 * `node dist/test/bench/history/restartAtScale.js [documents] [versions]` (default 100,000 × 5):
 * issue 33's restart at scale, on the embedded store. A store of small documents (an object, its
 * label and one Name: the quads a document holds are printed) loaded `versions` times, each load
 * changing every document (so each keeps versions − 1 past ones), against the same documents loaded
 * once, both with every version kept; each compacted, then its bytes on disk (the growth a past
 * version) and `serve`'s start on it, spawn to "ready", in turns A B B A. Rich documents × 5 do not
 * fit the embedded store's memory at 100,000, nor do these (the fifth load stops as store full after
 * some 68,500: README, "History and identity"); 30,000 × 5 do.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/store/embedded/EmbeddedStore.js';
import { printTable } from '../stats.js';
import { BASE, MAIN, documentOf, load, note, run, secondsToReady } from './restartRuns.js';

const DOCS = Number(process.argv[2] ?? 100_000);
const VERSIONS = Number(process.argv[3] ?? 5);

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'linkedart-restart-'));
  try {
    const stores = { [`× ${VERSIONS}`]: join(work, 'many'), '× 1': join(work, 'one') };
    for (let v = 1; v <= VERSIONS; v++) {
      const dump = join(work, `v${v}.ndjson`);
      const lines: string[] = [];
      for (let i = 0; i < DOCS; i++) lines.push(documentOf(i, v));
      await writeFile(dump, lines.join('\n') + '\n');
      const into = v === 1 ? Object.values(stores) : [stores[`× ${VERSIONS}`]];
      for (const dataDir of into) {
        const t = performance.now();
        await run([MAIN, 'load', '--data-dir', dataDir, '--no-progress', '--keep-versions', 'all', dump]);
        note(`load ${v} into ${dataDir}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      await rm(dump);
    }
    const bytes: Record<string, number> = {};
    let quadsPerDocument = 0;
    for (const [name, dataDir] of Object.entries(stores)) {
      const store = await EmbeddedStore.open({ dataDir });
      quadsPerDocument = (await store.readGraphs([`${BASE}object/0`])).length;
      await store.compact();
      await store.close();
      bytes[name] = await directoryBytes(dataDir);
    }
    const names = Object.keys(stores);
    const ready: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const name of [names[0], names[1], names[1], names[0]]) {
      const seconds = await secondsToReady(['--data-dir', stores[name]]);
      ready[name].push(seconds);
      note(`serve ${name}: ready in ${seconds.toFixed(1)} s (load ${load()})`);
    }
    const [many, one] = names;
    const best = (name: string) => Math.min(...ready[name]);
    const pastVersions = DOCS * (VERSIONS - 1);
    printTable(
      `History at scale: ${DOCS} documents of ${quadsPerDocument} quads, × ${VERSIONS} versions against × 1, embedded store (load average ${load()})`,
      ['', `× ${VERSIONS}`, '× 1', 'ratio'],
      [
        [
          'store on disk, compacted (MB)',
          (bytes[many] / 1e6).toFixed(1),
          (bytes[one] / 1e6).toFixed(1),
          (bytes[many] / bytes[one]).toFixed(2),
        ],
        ['growth per past version (bytes)', ((bytes[many] - bytes[one]) / pastVersions).toFixed(0), '', ''],
        [
          'restart: serve spawned → ready (s, best of 2)',
          best(many).toFixed(1),
          best(one).toFixed(1),
          (best(many) / best(one)).toFixed(2),
        ],
        [
          'restart: each run (s)',
          ready[many].map((s) => s.toFixed(1)).join(' '),
          ready[one].map((s) => s.toFixed(1)).join(' '),
          '',
        ],
      ],
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
