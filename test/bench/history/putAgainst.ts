/**
 * `node dist/test/bench/history/putAgainst.js <other build's dist> [blocks] [PUTs a block]`: a
 * PUT replacing a document with every version kept and with none, on this build and on another
 * (e.g. main's, compiled in a checkout of its own), four apps in one process, their PUTs in blocks
 * whose order turns each round, so that a busy machine's load falls alike on the four. Prints each
 * app's wall p50 and CPU per PUT (the process's, over its blocks: p50 and mean, which counts the
 * compactions a history's larger store brings), and each build's with/without ratios: the issue 33
 * target is the with/without ratio ≤ 1.10. `HISTORY_PUT_DOC=demo`: the demo's painting (15 KB,
 * some 200 quads) instead of a document of three.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import type { TestApp } from '../../integration/support/testApp.js';
import { printTable } from '../stats.js';
import { BASE, ID, TOKEN, putDocument, smallDocument } from './historyPut.js';

const OTHER = process.argv[2];
const BLOCKS = Number(process.argv[3] ?? 100);
const BLOCK = Number(process.argv[4] ?? 10);
const demo = JSON.parse(readFileSync(`${PROJECT_ROOT}data/demo/object-harbour-at-dusk.json`, 'utf8')) as object;
const documentNamed = (label: string): string =>
  process.env.HISTORY_PUT_DOC === 'demo' ? JSON.stringify({ ...demo, id: ID, _label: label }) : smallDocument(label);

type Start = typeof import('../../integration/support/testApp.js').startTestApp;

const put = (app: TestApp, label: string): Promise<void> => putDocument(app, documentNamed(label));

const median = (list: readonly number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const mean = (list: readonly number[]) => list.reduce((a, b) => a + b, 0) / list.length;

async function main(): Promise<void> {
  if (!OTHER) throw new Error('usage: putAgainst.js <other build dist directory> [blocks] [PUTs a block]');
  const builds: Record<string, string> = { this: `${PROJECT_ROOT}dist`, other: resolve(OTHER) };
  const apps = new Map<string, TestApp>();
  for (const [build, dist] of Object.entries(builds)) {
    const { startTestApp } = (await import(`${dist}/test/integration/support/testApp.js`)) as { startTestApp: Start };
    for (const keep of ['all', '0'])
      apps.set(`${build} ${keep}`, await startTestApp([], { baseUrl: BASE, token: TOKEN, keepVersions: keep }));
  }
  const names = [...apps.keys()];
  try {
    for (const name of names) for (let i = 0; i < 50; i++) await put(apps.get(name)!, `warm ${i}`);
    const wall = new Map(names.map((n) => [n, [] as number[]]));
    const cpu = new Map(names.map((n) => [n, [] as number[]]));
    for (let b = 0; b < BLOCKS; b++) {
      const order = names.map((_, i) => names[(i + b) % names.length]);
      if (b % 2 === 1) order.reverse();
      for (const name of order) {
        const start = process.cpuUsage();
        for (let i = 0; i < BLOCK; i++) {
          const t = performance.now();
          await put(apps.get(name)!, `block ${b} ${i}`);
          wall.get(name)!.push((performance.now() - t) * 1000);
        }
        const used = process.cpuUsage(start);
        cpu.get(name)!.push((used.user + used.system) / BLOCK);
      }
    }
    const of = (name: string) => ({
      wall: median(wall.get(name)!),
      cpu: median(cpu.get(name)!),
      cpuMean: mean(cpu.get(name)!),
    });
    const rows = names.map((n) => [n, ...Object.values(of(n)).map((v) => v.toFixed(0))]);
    for (const build of Object.keys(builds)) {
      const [a, z] = [of(`${build} all`), of(`${build} 0`)];
      rows.push([
        `${build}: with / without`,
        ...[a.wall / z.wall, a.cpu / z.cpu, a.cpuMean / z.cpuMean].map((r) => r.toFixed(3)),
      ]);
    }
    printTable(
      `PUT with and without history, this build and ${OTHER} (${process.env.HISTORY_PUT_DOC ?? 'small'} document, ${BLOCKS} blocks of ${BLOCK} PUTs an app), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      ['app', 'wall p50 (µs)', 'CPU p50 (µs)', 'CPU mean (µs)'],
      rows,
    );
  } finally {
    for (const app of apps.values()) await app.close();
  }
}

await main();
