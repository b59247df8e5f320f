/**
 * `npm run bench:discovery`: the reverse-link index at 10,000 and 100,000 documents on the
 * embedded store (a generated dump: load/dump.ts), each measure beside its reference taken in the
 * same run:
 * - load: `linkedart load` of the N-Quads dump with the index, against the same load without it
 *   (LINKEDART_BENCH_WITHOUT_LINKS=1: the links graphs not made); target ≤ 1.15x;
 * - search pages: one client, requests one after another (no queueing), cycling over the first
 *   and a middle page of every relation with hits for the references of the dump's templates
 *   (hubs of ~N/templates hits each) and of a sample of documents, and pages of the class
 *   collections; render cache off; targets p50 ≤ 5 ms, p99 ≤ 20 ms, flat from 10k to 100k;
 * - GET of documents (10 connections, autocannon) with `_links` against `--links off`: warm
 *   (render cache on, every path fetched first), target ≥ 95% of the requests/s; cold (cache off),
 *   target ≤ 1.2x the latency.
 *   npm run bench:discovery                 10000 and 100000
 *   npm run bench:discovery -- 2000 20000   other sizes
 *   npm run bench:discovery -- --duration 5 seconds per GET run (default 10)
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { startChildServer, untilReady, type ChildServer } from './http/childServer.js';
import { load } from './http/cannon.js';
import { docGraph } from './store-bench.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const progress = (message: string) => process.stderr.write(`[bench:discovery] ${message}\n`);
const args = process.argv.slice(2);
const durationAt = args.indexOf('--duration');
const duration = durationAt >= 0 ? Number(args[durationAt + 1]) : 10;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--duration').map(Number);
const SIZES = sizes.length ? sizes : [10000, 100000];

const rows: string[][] = [];
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

async function loadTimed(dump: string, dataDir: string, withoutLinks: boolean): Promise<number> {
  const before = process.env.LINKEDART_BENCH_WITHOUT_LINKS;
  if (withoutLinks) process.env.LINKEDART_BENCH_WITHOUT_LINKS = '1';
  try {
    const run = await runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', dump]);
    if (run.code !== 0) throw new Error(`load failed: ${run.stderr.slice(-2000)}`);
    return run.ms;
  } finally {
    if (before === undefined) delete process.env.LINKEDART_BENCH_WITHOUT_LINKS;
    else process.env.LINKEDART_BENCH_WITHOUT_LINKS = before;
  }
}

/** A server on `dataDir`, once `/ready` says so (the index is read before it is): how long that took after it listened. */
async function serve(dataDir: string, extra: string[]): Promise<ChildServer & { readyMs: number }> {
  const server = await startChildServer(
    MAIN,
    ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'silent', ...extra],
    600000,
  );
  return Object.assign(server, { readyMs: await untilReady(server) });
}

/** The path (and query) of a URL the service gave, on the child server. */
const local = (href: string) => {
  const u = new URL(href);
  return u.pathname + u.search;
};

async function getJson(server: ChildServer, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(server.url + path);
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : {},
  };
}

/** Search page paths: for the templates' references and a sample of documents, page 1 and a middle page of every relation with hits. */
async function searchPaths(
  server: ChildServer,
  docs: number,
  referenced: readonly string[],
): Promise<{ paths: string[]; biggest: number }> {
  const root = (await getJson(server, '/')).body as {
    relations: Array<{ name: string }>;
    collections: Array<{ id: string; totalItems: number; last: { id: string } }>;
  };
  const paths: string[] = [];
  let biggest = 0;
  const add = async (collectionPage1: string): Promise<void> => {
    const page = (await getJson(server, local(collectionPage1))).body as {
      partOf?: { totalItems: number; last: { id: string } };
    };
    if (!page.partOf || page.partOf.totalItems === 0) return;
    biggest = Math.max(biggest, page.partOf.totalItems);
    paths.push(local(collectionPage1));
    const last = Number(new URL(page.partOf.last.id).searchParams.get('page'));
    if (last > 1) paths.push(local(collectionPage1).replace(/page=1$/, `page=${Math.ceil(last / 2)}`));
  };
  for (const target of referenced) {
    for (const relation of root.relations)
      await add(`${BASE}_links/${relation.name}?id=${encodeURIComponent(target)}&page=1`);
  }
  for (let i = 0; i < docs; i += Math.max(1, Math.floor(docs / 300))) {
    const links = ((await getJson(server, local(docGraph(i)))).body._links ?? {}) as Record<string, { href?: string }>;
    for (const [name, link] of Object.entries(links))
      if (name.startsWith('la:') && link.href?.includes('/_links/')) await add(link.href);
  }
  for (const c of root.collections) await add(`${c.id}?page=1`);
  return { paths, biggest };
}

/** Sequential requests over `paths` (cycled), after one untimed pass: p50 and p99 in ms. */
async function sequential(
  server: ChildServer,
  paths: readonly string[],
  count: number,
): Promise<{ p50: number; p99: number }> {
  for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(server.url + paths[i % paths.length]);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)],
  };
}

async function benchSize(docs: number, work: string): Promise<void> {
  const templates = gateTemplates().templates;
  const nq = join(work, `dump-${docs}.nq`);
  await writeDumps(templates, docs, nq, join(work, `dump-${docs}.ndjson`));
  // Targets of the templates' references: each shared by the copies of its template (a hub).
  const referenced = [
    ...new Set(
      templates.flatMap((t) =>
        [...t.text.matchAll(/"id":\s*"(https:\/\/linked\.art\/example\/[^"]+)"/g)].map((m) => m[1]),
      ),
    ),
  ].slice(0, 60);

  progress(`${docs}: loading without the index, then with it`);
  const without = await loadTimed(nq, join(work, `plain-${docs}`), true);
  const withLinks = await loadTimed(nq, join(work, `linked-${docs}`), false);
  rows.push([
    String(docs),
    'load (N-Quads, fresh store)',
    `${f1(withLinks / 1000)} s`,
    `${f1(without / 1000)} s without the index`,
    f2(withLinks / without),
    '≤ 1.15',
  ]);

  const dataDir = join(work, `linked-${docs}`);
  let server = await serve(dataDir, ['--cache-mb', '0']);
  try {
    const started = performance.now();
    await getJson(server, '/');
    rows.push([
      String(docs),
      'ready after listening (index read from the store)',
      `${f1(server.readyMs)} ms`,
      '',
      '',
      '',
    ]);
    rows.push([
      String(docs),
      'first discovery request, once ready',
      `${f1(performance.now() - started)} ms`,
      '',
      '',
      '',
    ]);
    progress(`${docs}: collecting search pages`);
    const { paths, biggest } = await searchPaths(server, docs, referenced);
    const pages = await sequential(server, paths, 3000);
    rows.push([
      String(docs),
      `search page p50 / p99 (${paths.length} pages, largest list ${biggest})`,
      `${f2(pages.p50)} / ${f2(pages.p99)} ms`,
      '',
      '',
      '≤ 5 / ≤ 20 ms',
    ]);
  } finally {
    await server.stop();
  }

  const docPaths = Array.from({ length: Math.min(docs, 5000) }, (_, i) =>
    local(docGraph(Math.floor((i * docs) / Math.min(docs, 5000)))),
  );
  const getRun = async (links: 'on' | 'off', cacheMb: string) => {
    server = await serve(dataDir, ['--links', links, '--cache-mb', cacheMb]);
    try {
      if (cacheMb !== '0') for (const p of docPaths) await (await fetch(server.url + p)).arrayBuffer();
      // Cold: an untimed run first, so both servers are measured with their code compiled (not the JIT's first minute).
      else await load(server.url, docPaths, 'application/ld+json', 10, Math.min(3, duration));
      const measured = await load(server.url, docPaths, 'application/ld+json', 10, duration);
      if (measured.result.non2xx > 0)
        throw new Error(`GET --links ${links}: ${measured.result.non2xx} answers were not 2xx`);
      return measured;
    } finally {
      await server.stop();
    }
  };
  progress(`${docs}: GET with and without _links, warm and cold`);
  const warmOff = await getRun('off', '256');
  const warmOn = await getRun('on', '256');
  // Cold runs alternate, three times each, and the mean p50 is compared: one run's p50 moves by ±10% with the machine.
  const cold: Record<'on' | 'off', number[]> = { on: [], off: [] };
  for (const links of ['off', 'on', 'off', 'on', 'off', 'on'] as const)
    cold[links].push((await getRun(links, '0')).p50);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const coldOn = { p50: mean(cold.on) };
  const coldOff = { p50: mean(cold.off) };
  rows.push([
    String(docs),
    'warm GET requests/s, with _links',
    f1(warmOn.result.requests.average),
    `${f1(warmOff.result.requests.average)} with --links off`,
    f2(warmOn.result.requests.average / warmOff.result.requests.average),
    '≥ 0.95',
  ]);
  rows.push([
    String(docs),
    'cold GET p50 latency (mean of 3 runs), with _links',
    `${f2(coldOn.p50)} ms`,
    `${f2(coldOff.p50)} ms with --links off`,
    f2(coldOn.p50 / coldOff.p50),
    '≤ 1.2',
  ]);
}

const work = await mkdtemp(join(tmpdir(), 'linkedart-discovery-bench-'));
try {
  for (const docs of SIZES) await benchSize(docs, work);
} finally {
  await rm(work, { recursive: true, force: true });
}
printTable(
  'bench:discovery (embedded store)',
  ['documents', 'measure', 'ours', 'reference (same run)', 'ratio', 'target'],
  rows,
);
