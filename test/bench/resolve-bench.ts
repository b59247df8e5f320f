/**
 * `npm run bench:resolve`: `/resolve?identifier=…` at 20,000 documents on the embedded store (a
 * generated dump: load/dump.ts, loaded with `linkedart load`), on a child `linkedart serve`, one
 * client, requests one after another once the SPARQL replicas are seeded:
 * - one holder (303): numbers PUT here, each on one document;
 * - the same with extra white space (a miss, then the collapsed second try: two queries);
 * - many holders (300, JSON): the corpus documents' own numbers, each copied into every
 *   generated copy of its document (about 120 holders each at 20,000);
 * - no holder (404);
 * and the first lookup after start (serve reads the tags content carries, one scan, before ready).
 *   npm run bench:resolve                      20000
 *   npm run bench:resolve -- 5000              other sizes
 *   npm run bench:resolve -- --remote          on a throwaway Virtuoso (remote/virtuoso.ts), loaded as dba
 * The exit code is 0 whatever the result.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { runMeasured } from './load/measuredChild.js';
import { startChildServer, untilSettled, type ChildServer } from './http/childServer.js';
import { startVirtuoso, type RemoteStore } from './remote/virtuoso.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const TOKEN = 'bench-curator-token-0123456789';
const progress = (message: string) => process.stderr.write(`[bench:resolve] ${message}\n`);
const sizes = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const SIZES = sizes.length ? sizes : [20000];
const REMOTE = process.argv.includes('--remote');
/** Ports clear of the test suites' and the other benches'. */
const REMOTE_PORTS = { httpPort: 18998, sqlPort: 11998 };
/** Numbers of each kind looked up, and the rounds over them (the first untimed). */
const SAMPLE = 50;
const ROUNDS = 5;

const rows: string[][] = [];
const f1 = (n: number) => n.toFixed(1);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/** The top-level Identifier contents of the templates: each held by every copy of its document. */
function sharedNumbers(templates: ReturnType<typeof gateTemplates>['templates']): string[] {
  const out = new Set<string>();
  for (const t of templates) {
    const doc = JSON.parse(t.text) as { identified_by?: Array<{ type?: string; content?: unknown }> };
    for (const entry of doc.identified_by ?? [])
      if (entry.type === 'Identifier' && typeof entry.content === 'string' && entry.content.trim() !== '')
        out.add(entry.content);
  }
  return [...out].slice(0, SAMPLE);
}

async function putNumbered(server: ChildServer, i: number): Promise<string> {
  const number = `BENCH ${String(i).padStart(4, '0')}`;
  const id = `${BASE}object/bench-${i}`;
  const response = await fetch(`${server.url}/object/bench-${i}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
    body: JSON.stringify({
      '@context': 'https://linked.art/ns/v1/linked-art.json',
      id,
      type: 'HumanMadeObject',
      _label: `Bench object ${i}`,
      identified_by: [{ type: 'Identifier', content: number }],
    }),
  });
  await response.arrayBuffer();
  if (response.status !== 201 && response.status !== 200) throw new Error(`PUT ${id}: ${response.status}`);
  return number;
}

async function lookup(server: ChildServer, number: string, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/resolve?identifier=${encodeURIComponent(number)}`, {
    redirect: 'manual',
    headers: { Accept: 'application/json' },
  });
  await response.arrayBuffer();
  const took = performance.now() - started;
  if (response.status !== expected) throw new Error(`resolve ${number}: ${response.status}, not ${expected}`);
  return took;
}

/** The store options of `load` and `serve`: a data directory, or the remote store written as dba. */
function storeArgs(work: string, docs: number, store: RemoteStore | undefined): string[] {
  if (!store) return ['--data-dir', join(work, `store-${docs}`)];
  const auth = store.url.replace(/\/sparql$/, '/sparql-auth');
  return [
    '--store',
    'sparql',
    '--sparql-url',
    store.url,
    '--update-url',
    auth,
    '--store-user',
    'dba',
    '--store-password',
    'dba',
  ];
}

async function bench(
  docs: number,
  templates: ReturnType<typeof gateTemplates>['templates'],
  work: string,
  store: RemoteStore | undefined,
) {
  const nq = join(work, `dump-${docs}.nq`);
  progress(`${docs}: writing and loading the dump`);
  await writeDumps(templates, docs, nq, join(work, `dump-${docs}.ndjson`));
  const loaded = await runMeasured([MAIN, 'load', ...storeArgs(work, docs, store), '--no-progress', nq]);
  if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);
  const args = ['serve', ...storeArgs(work, docs, store), '--port', '0', '--base-url', BASE, '--log-level', 'silent'];
  const server = await startChildServer(MAIN, [...args, '--token', TOKEN], 600000);
  try {
    await untilSettled(server);
    const shared = sharedNumbers(templates);
    const first = await lookup(server, shared[0], 300);
    rows.push([
      String(docs),
      'first lookup after start: 300 (JSON), the content tags read before ready',
      `${f1(first)} ms`,
      '',
      '',
    ]);
    const unique: string[] = [];
    for (let i = 0; i < SAMPLE; i++) unique.push(await putNumbered(server, i));
    const kinds: Array<[string, string[], number]> = [
      ['one holder: 303', unique, 303],
      ['one holder, extra spaces: 303 on the second try', unique.map((n) => ` ${n.replace(' ', '  ')} `), 303],
      ['many holders: 300 (JSON)', shared, 300],
      ['no holder: 404', unique.map((n) => `NONE ${n}`), 404],
    ];
    for (const [kind, numbers, status] of kinds) {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round++)
        for (const n of numbers) {
          const took = await lookup(server, n, status);
          if (round > 0) samples.push(took);
        }
      samples.sort((a, b) => a - b);
      rows.push([
        String(docs),
        `${kind} (${numbers.length} numbers, e.g. ${JSON.stringify(numbers[0])})`,
        `${f1(percentile(samples, 0.5))} ms`,
        `${f1(percentile(samples, 0.99))} ms`,
        '',
      ]);
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { templates } = gateTemplates();
  const work = await mkdtemp(join(tmpdir(), 'linkedart-resolve-bench-'));
  const store = REMOTE ? await startVirtuoso(REMOTE_PORTS, progress) : undefined;
  try {
    // One store for every size: each is loaded into the one before (the remote store is not emptied).
    if (store && SIZES.length > 1) throw new Error('--remote measures one size at a time');
    for (const docs of SIZES) await bench(docs, templates, work, store);
  } finally {
    await store?.stop();
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    `Lookup by identifier (/resolve), one client, ${store ? 'remote store (Virtuoso)' : 'embedded store'}`,
    ['documents', 'measure', 'p50 / value', 'p99', ''],
    rows,
  );
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
});
