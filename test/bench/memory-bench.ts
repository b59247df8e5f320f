/**
 * `npm run bench:memory`: the service's memory with the default settings against bare Oxigraph
 * (issue 35: peak RSS ≤ 1.5x of a bare `Store.load` of the same quads, a replica no larger than the
 * store's own copy, every replica seeded ≤ 1.5x of bare's load time), on the rich generated
 * collection (scale/richCollection.ts), each figure beside its reference measured in the same run:
 * - bare Oxigraph loading the N-Quads dump (scale/bareOxigraph.ts, a process of its own): peak RSS, load time;
 * - each structure's memory a document (scale/memoryPerDocument.ts: the store, its quads by graph
 *   kind, the in-memory indexes, one query replica and its quads);
 * - `linkedart serve` with no option but the data directory (the default replicas), from spawn to
 *   every replica seeded and a query answered: its peak RSS, the replicas `auto` chose and why.
 *   npm run bench:memory                20000 documents
 *   npm run bench:memory -- 5000        another size
 *   npm run bench:memory -- 5000 --serve-only   no per-structure table (quicker)
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { runMeasured } from './load/measuredChild.js';
import { startChildServer, untilReady } from './http/childServer.js';
import { writeRichDumps } from './scale/richCollection.js';
import type { MemoryPerDocument } from './scale/memoryPerDocument.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BARE = new URL('./scale/bareOxigraph.js', import.meta.url).pathname;
const MEMORY = new URL('./scale/memoryPerDocument.js', import.meta.url).pathname;
const LOOKUP = 'SELECT ?s ?label WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label } LIMIT 4';

const args = process.argv.slice(2);
const DOCS = Number(args.find((a) => /^\d+$/.test(a)) ?? 20000);
const progress = (m: string) => process.stderr.write(`[bench:memory] ${m}\n`);
const gb = (b: number | undefined) => (b === undefined ? 'n/a' : `${(b / 2 ** 30).toFixed(2)} GB`);
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined && b > 0 ? (a / b).toFixed(2) : '';
const load = () => loadavg()[0].toFixed(1);

interface SparqlState {
  state?: string;
  replicas?: number;
  replicasReady?: number;
  quads?: number;
}

async function sparqlState(url: string): Promise<SparqlState | undefined> {
  const body = await fetch(`${url}/ready`)
    .then((r) => r.json() as Promise<{ sparql?: SparqlState }>)
    .catch(() => undefined);
  return body?.sparql;
}

const rows: string[][] = [];
const work = await mkdtemp(join(tmpdir(), 'linkedart-memory-bench-'));
try {
  const dump = join(work, 'dump.nq');
  progress(`writing ${DOCS} documents`);
  const info = await writeRichDumps(DOCS, dump, join(work, 'dump.ndjson'));
  progress(`bare Oxigraph (load ${load()})`);
  const bareRun = await runMeasured([BARE, dump, LOOKUP]);
  if (bareRun.code !== 0) throw new Error(`bare Oxigraph failed: ${bareRun.stderr.slice(-1000)}`);
  const bare = JSON.parse(bareRun.stdout.trim().split('\n').pop()!) as { loadMs: number; peakRss?: number };
  rows.push([
    `bare Oxigraph Store.load of ${info.quads.toLocaleString('en')} quads`,
    gb(bare.peakRss),
    s1(bare.loadMs),
    '',
    load(),
  ]);

  const dataDir = join(work, 'data');
  progress('linkedart load');
  const loaded = await runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', dump]);
  if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);

  progress(`serve, default settings (load ${load()})`);
  const spawned = performance.now();
  const server = await startChildServer(
    MAIN,
    ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', 'https://example.org/', '--log-level', 'silent'],
    30 * 60 * 1000,
  );
  try {
    await untilReady(server);
    let sparql: SparqlState | undefined;
    for (;;) {
      sparql = await sparqlState(server.url);
      if (sparql?.state === 'ready' && sparql.replicasReady === sparql.replicas) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seededMs = performance.now() - spawned;
    const answered = await fetch(`${server.url}/sparql`, {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
      body: LOOKUP,
    });
    await answered.arrayBuffer();
    if (answered.status !== 200) throw new Error(`the lookup answered ${answered.status}`);
    rows.push([
      `serve, defaults: peak RSS, ${sparql?.replicas} replica(s) seeded (${(sparql?.quads ?? 0).toLocaleString('en')} quads in one)`,
      gb(server.peakRss()),
      s1(seededMs),
      `${ratio(server.peakRss(), bare.peakRss)}x RSS, ${ratio(seededMs, bare.loadMs)}x time of bare`,
      load(),
    ]);
  } finally {
    await server.stop(120000);
  }

  if (!args.includes('--serve-only')) {
    progress(`each structure (load ${load()})`);
    const run = await runMeasured(['--expose-gc', MEMORY, dataDir, String(DOCS)]);
    if (run.code !== 0) throw new Error(`memoryPerDocument failed: ${run.stderr.slice(-1000)}`);
    const { bytes, quads } = JSON.parse(run.stdout.trim().split('\n').pop()!) as MemoryPerDocument;
    const perQuad = Object.entries(quads).map(([k, n]) => `${k} ${n.toFixed(1)}`);
    rows.push(['quads a document, by graph', perQuad.join(', '), '', '', load()]);
    for (const [name, b] of Object.entries(bytes))
      rows.push([
        `a document: ${name}`,
        kb(b),
        '',
        bare.peakRss ? `${ratio(b, bare.peakRss / DOCS)}x bare's peak a document` : '',
        load(),
      ]);
  }
  printTable(
    `Memory, ${DOCS.toLocaleString('en')} documents (${(info.quads / DOCS).toFixed(1)} quads each)`,
    ['measure', 'memory', 'time', 'against bare', 'load avg'],
    rows,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
