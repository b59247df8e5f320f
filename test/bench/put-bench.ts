/**
 * A curator's PUT of a demo document, in process (the real app on the embedded store): over
 * loopback HTTP, and through the service the route calls (no HTTP). µs per PUT that replaces
 * the stored version (each writes: the label changes), per PUT of the same document again
 * (unchanged: no write), and per PUT followed by a GET of what it stored (the render cache's
 * first read after the write). The machine may be shared: the
 * process's CPU time per PUT (every thread: the store's worker too) says more than the wall time.
 */
import { readFileSync } from 'node:fs';
import { DEMO_BASE_URL, DEMO_DIR, demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp } from '../integration/support/testApp.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../src/ingest/documentLimits.js';
import { admitPut, storePut } from '../../src/service/putDocument.js';
import { printTable } from './stats.js';

const TOKEN = 'curator-token-0123456789abcdef';
const ROUNDS = Number(process.env.PUT_BENCH_ROUNDS ?? 300);
const FILES = ['person-edith-marrow.json', 'object-harbour-at-dusk.json'];

const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' };

async function main(): Promise<void> {
  const app = await startTestApp(demoDocuments(DEMO_BASE_URL), { baseUrl: DEMO_BASE_URL, token: TOKEN });
  const rows: string[][] = [];
  try {
    for (const file of FILES) {
      const document = JSON.parse(readFileSync(DEMO_DIR + file, 'utf8')) as { id: string; _label: string };
      const path = new URL(document.id).pathname;
      const body = (n: number): string => JSON.stringify({ ...document, _label: `${document._label} (${n})` });
      const overHttp = async (text: string): Promise<void> => {
        const response = await fetch(app.origin + path, { method: 'PUT', headers, body: text });
        if (response.status >= 300) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      };
      // What the route calls, without HTTP: the gate, the write, the new version's validators.
      const checks = { id: document.id, repair: 'none', limits: DEFAULT_DOCUMENT_LIMITS } as const;
      const throughService = async (text: string): Promise<void> => {
        const admitted = await admitPut(app.representations, Buffer.from(text), checks);
        if (admitted.kind !== 'admitted') throw new Error(`PUT ${path}: ${admitted.kind}`);
        await storePut(app.documents, app.representations, document.id, admitted);
      };
      const get = async (): Promise<void> => {
        await (await fetch(app.origin + path)).arrayBuffer();
      };
      const texts = Array.from({ length: ROUNDS }, (_, n) => body(n));
      for (const [how, put] of [
        ['HTTP', overHttp],
        ['service', throughService],
      ] as const) {
        for (const text of texts.slice(0, 30)) await put(text);
        rows.push([file, `${how}: PUT (replaced)`, ...stats(await timed(texts, put))]);
        const same = texts[texts.length - 1];
        rows.push([file, `${how}: PUT (unchanged)`, ...stats(await timed(texts, () => put(same)))]);
        rows.push([
          file,
          `${how}: PUT, then GET`,
          ...stats(
            await timed(texts, async (text) => {
              await put(text);
              await get();
            }),
          ),
        ]);
      }
    }
  } finally {
    await app.close();
  }
  printTable(
    `PUT of a demo document, in process (${ROUNDS} rounds)`,
    ['document', 'case', 'CPU median µs', 'CPU mean µs', 'wall median µs', 'wall mean µs'],
    rows,
  );
}

interface Samples {
  readonly wall: number[];
  readonly cpu: number[];
}

/** Wall and CPU µs of each call. */
async function timed(items: readonly string[], fn: (item: string) => Promise<void>): Promise<Samples> {
  const samples: Samples = { wall: [], cpu: [] };
  for (const item of items) {
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    await fn(item);
    const used = process.cpuUsage(cpu);
    samples.wall.push(Number(process.hrtime.bigint() - start) / 1000);
    samples.cpu.push(used.user + used.system);
  }
  return samples;
}

function stats({ wall, cpu }: Samples): string[] {
  return [...medianAndMean(cpu), ...medianAndMean(wall)];
}

function medianAndMean(samples: number[]): string[] {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return [sorted[Math.floor(sorted.length / 2)].toFixed(0), mean.toFixed(0)];
}

await main();
