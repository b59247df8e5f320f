/**
 * `npm run bench:search`: name search at 10,000 and 100,000 documents.
 * - In process (the default): a NameIndex of generated documents (search/generatedNames.ts: one
 *   word in 58% of them, as issue 35 measured) asked for a first page with its facets: one word,
 *   two words, a prefix, a typo, a narrowed search, p50 and p99 each, beside MiniSearch alone asked
 *   the same query in the same run (search/indexBench.ts); each page checked against the order
 *   the service gave before. Target (issues 32, 35): p50 ≤ 20 ms, p99 ≤ 50 ms at 100,000.
 * - Through HTTP (`--http`): a generated dump (load/dump.ts, loaded with `linkedart load`) on a
 *   child `linkedart serve`: the name index's build at start (time to /ready with it and without
 *   it, LINKEDART_BENCH_WITHOUT_NAMES=1, and the server's peak RSS both ways, once the SPARQL
 *   replicas are seeded), then one client asking realistic queries from the documents' own names
 *   and identifiers one after another (one word, two words in reverse order, a prefix, an
 *   identifier, a word with accents and capitals added): p50 and p99 per kind.
 * - As a user and issue 35's outside harness see it (`--rich`): the richer collection (~59 quads a
 *   document, "harbour" in ~58%) loaded and served by a child `linkedart serve`, the issue's queries
 *   ("harbour", "harbour view", a typo, a prefix) asked over HTTP as JSON and as the HTML page, wall
 *   p50/p99 and the server's main-thread CPU a request (search/issueQueriesOverHttp.ts).
 *   npm run bench:search                        in process, 10000 and 100000
 *   npm run bench:search -- 500 2000            other sizes
 *   npm run bench:search -- --http [sizes]      through HTTP
 *   npm run bench:search -- --rich [sizes]      the issue's queries over HTTP, 10000 unless sizes are given
 *   npm run bench:search -- --rich 100000 --data-dir DIR [--rounds N]   a store of that collection loaded before
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { startChildServer, untilSettled, type ChildServer } from './http/childServer.js';
import { printTable } from './stats.js';
import { benchIndex } from './search/indexBench.js';
import { issueQueriesOverHttp } from './search/issueQueriesOverHttp.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const progress = (message: string) => process.stderr.write(`[bench:search] ${message}\n`);
const args = process.argv.slice(2);
/** The value given after an option (`--rounds 40`), if any. */
const optionValue = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--rounds').map(Number);
const RICH = args.includes('--rich');
const SIZES = sizes.length ? sizes : RICH ? [10000] : [10000, 100000];
/** Documents whose names make the queries. */
const SAMPLE = 60;
const ROUNDS = 5;

const HTTP = process.argv.includes('--http');

const rows: string[][] = [];
const f1 = (n: number) => n.toFixed(1);
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1048576).toFixed(0)} MB`);

async function serve(
  dataDir: string,
  withoutNames: boolean,
): Promise<ChildServer & { readyMs: number; settledMs: number }> {
  const before = process.env.LINKEDART_BENCH_WITHOUT_NAMES;
  if (withoutNames) process.env.LINKEDART_BENCH_WITHOUT_NAMES = '1';
  try {
    const server = await startChildServer(
      MAIN,
      ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'silent'],
      600000,
    );
    const started = performance.now();
    for (;;) {
      const response = await fetch(`${server.url}/ready`).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const readyMs = performance.now() - started;
    // Searches are timed once the SPARQL replicas are seeded: their seeding takes both cores for a
    // minute after /ready at 100,000 documents, and a museum's searches come on a settled server.
    await untilSettled(server);
    return Object.assign(server, { readyMs, settledMs: performance.now() - started });
  } finally {
    if (before === undefined) delete process.env.LINKEDART_BENCH_WITHOUT_NAMES;
    else process.env.LINKEDART_BENCH_WITHOUT_NAMES = before;
  }
}

async function json(server: ChildServer, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(server.url + path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** An accent on the first vowel that takes one, and capitals: the query a person might type. */
function accented(word: string): string {
  return word.replace(/[aeiou]/, (v) => ({ a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü' })[v]!).toUpperCase();
}

/** Queries of each kind from the names and identifiers of a sample of documents (taken from the class lists). */
async function queries(server: ChildServer): Promise<Map<string, string[]>> {
  const root = (await json(server, '/')) as { collections: Array<{ id: string; first: { id: string } }> };
  const ids: string[] = [];
  for (const c of root.collections) {
    const page = (await json(server, new URL(c.first.id).pathname + new URL(c.first.id).search)) as {
      orderedItems: Array<{ id: string }>;
    };
    ids.push(...page.orderedItems.slice(0, Math.ceil(SAMPLE / root.collections.length)).map((h) => h.id));
  }
  const out = new Map<string, string[]>([
    ['one word', []],
    ['two words, reversed', []],
    ['prefix', []],
    ['identifier', []],
    ['accents, capitals', []],
  ]);
  for (const id of ids) {
    const doc = await json(server, new URL(id).pathname);
    const names = (doc.identified_by as Array<{ type: string; content?: string }> | undefined) ?? [];
    const name = names.find((n) => n.type === 'Name')?.content;
    const identifier = names.find((n) => n.type === 'Identifier')?.content;
    const words = (name ?? '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
    if (words.length > 0) {
      const longest = [...words].sort((a, b) => b.length - a.length)[0];
      out.get('one word')!.push(longest);
      out.get('prefix')!.push(longest.slice(0, 4));
      out.get('accents, capitals')!.push(accented(longest));
    }
    if (words.length > 1) out.get('two words, reversed')!.push(`${words[words.length - 1]} ${words[0]}`);
    if (identifier) out.get('identifier')!.push(identifier);
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

async function bench(
  docs: number,
  templates: ReturnType<typeof gateTemplates>['templates'],
  work: string,
): Promise<void> {
  const nq = join(work, `dump-${docs}.nq`);
  progress(`${docs}: writing and loading the dump`);
  await writeDumps(templates, docs, nq, join(work, `dump-${docs}.ndjson`));
  const dataDir = join(work, `store-${docs}`);
  const loaded = await runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', nq]);
  if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);

  progress(`${docs}: start without the name index`);
  const without = await serve(dataDir, true);
  const withoutRss = without.peakRss();
  await without.stop();
  progress(`${docs}: start with it`);
  const server = await serve(dataDir, false);
  try {
    rows.push([
      String(docs),
      'ready after listening, with / without the index',
      `${f1(server.readyMs)} / ${f1(without.readyMs)} ms`,
      '',
      '',
    ]);
    rows.push([
      String(docs),
      'SPARQL replicas seeded after listening, with / without',
      `${f1(server.settledMs)} / ${f1(without.settledMs)} ms`,
      '',
      '',
    ]);
    const byKind = await queries(server);
    for (const [kind, list] of byKind) {
      if (list.length === 0) continue;
      const samples: number[] = [];
      let hits = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const q of list) {
          const started = performance.now();
          const response = await fetch(`${server.url}/search?q=${encodeURIComponent(q)}`, {
            headers: { Accept: 'application/json' },
          });
          const body = (await response.json()) as { totalItems?: number };
          if (response.status !== 200) throw new Error(`search ${q}: ${response.status}`);
          if (round > 0) samples.push(performance.now() - started);
          hits += body.totalItems ?? 0;
        }
      }
      samples.sort((a, b) => a - b);
      rows.push([
        String(docs),
        `search: ${kind} (${list.length} queries, e.g. ${JSON.stringify(list[0])})`,
        `${f1(percentile(samples, 0.5))} ms`,
        `${f1(percentile(samples, 0.99))} ms`,
        `${Math.round(hits / (list.length * ROUNDS))} hits avg`,
      ]);
    }
    rows.push([
      String(docs),
      'peak RSS with / without the index',
      `${mb(server.peakRss())} / ${mb(withoutRss)}`,
      '',
      '',
    ]);
  } finally {
    await server.stop();
  }
}

async function overHttp(): Promise<void> {
  const { templates } = gateTemplates();
  const work = await mkdtemp(join(tmpdir(), 'linkedart-search-bench-'));
  try {
    for (const docs of SIZES) await bench(docs, templates, work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    'Name search through HTTP (target: p50 ≤ 20 ms at 100,000 documents)',
    ['documents', 'measure', 'p50 / value', 'p99', 'note'],
    rows,
  );
}

function inProcess(): void {
  const table = SIZES.flatMap((docs) => benchIndex(docs, progress));
  printTable(
    'Name search in process, first page of 20 with facets (target: p50 ≤ 20 ms, p99 ≤ 50 ms at 100,000)',
    ['documents', 'query', 'p50', 'p99', 'CPU p50', 'CPU p99', 'MiniSearch alone p50', 'p99', 'hits avg'],
    table.map((r) => [
      String(r.docs),
      r.kind,
      `${f1(r.p50)} ms`,
      `${f1(r.p99)} ms`,
      `${f1(r.cpuP50)} ms`,
      `${f1(r.cpuP99)} ms`,
      `${f1(r.refP50)} ms`,
      `${f1(r.refP99)} ms`,
      String(r.hits),
    ]),
  );
}

async function issueQueries(): Promise<void> {
  const dataDir = optionValue('--data-dir');
  const rounds = Number(optionValue('--rounds') ?? 40);
  if (dataDir !== undefined && SIZES.length !== 1)
    throw new Error('--data-dir serves one store: give the one size it holds (e.g. --rich 100000 --data-dir DIR)');
  const work = await mkdtemp(join(tmpdir(), 'linkedart-search-bench-'));
  const table: string[][] = [];
  try {
    for (const docs of SIZES) {
      const { rows: measured, peakRss, load } = await issueQueriesOverHttp(docs, work, { dataDir, rounds }, progress);
      for (const r of measured)
        table.push([
          String(docs),
          `${r.kind}: ${JSON.stringify(r.query)}, ${r.hits.toLocaleString('en')} hits`,
          r.as,
          `${f1(r.p50)} ms`,
          `${f1(r.p99)} ms`,
          r.cpuMs === undefined ? 'n/a' : `${f1(r.cpuMs)} ms`,
        ]);
      table.push([String(docs), `server peak RSS ${mb(peakRss)}; load average after ${load}`, '', '', '', '']);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    `Name search over HTTP on the rich collection, one client, ${rounds} requests each (target: p50 ≤ 20 ms, p99 ≤ 50 ms at 100,000)`,
    ['documents', 'search', 'as', 'p50', 'p99', 'server CPU a request'],
    table,
  );
}

async function main(): Promise<void> {
  if (RICH) await issueQueries();
  else if (HTTP) await overHttp();
  else inProcess();
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
});
