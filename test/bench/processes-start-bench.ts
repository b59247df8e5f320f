/**
 * A process's start on a remote store at scale, with the name index in the store (issue 34:
 * "≤ 10 s to /ready, RSS ≤ 500 MB at 1,000,000 documents"), `npm run bench:processes-start`:
 *
 *   node dist/test/bench/processes-start-bench.js [--sizes 2000,20000] [--starts 2]
 *
 * For each size: a dump of that many generated documents (test/bench/load/dump.ts) put into a
 * throwaway Virtuoso by its own bulk loader (the quickest way to a large store here: ours loads
 * some 700 documents/s), the store stamped with the relations' version (as a load leaves it, so
 * no reverse-link rebuild runs); then `linkedart serve --store sparql --name-index store` started
 * `--starts` times (the first also sets up Virtuoso's text index of names, which indexes what is
 * stored, once): spawn → /ready, RSS at /ready, and how long each step of the start took (the
 * reasons /ready gives while not ready, asked every 20 ms). Flat across sizes is the target.
 * Ports: VIRT_HTTP_PORT / VIRT_SQL_PORT (else 18905/11125); the service on a free port.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { linksVersionGraph } from '../../src/discovery/reindex.js';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startChildServer } from './http/childServer.js';
import { gateTemplates, writeDumps } from './load/dump.js';
import { startVirtuoso } from './remote/virtuoso.js';
import { printTable } from './stats.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE_URL = 'https://example.org/';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

interface Start {
  readyMs: number;
  rss: number;
  /** Each reason /ready gave, with how long it was given (ms), in order. */
  steps: Array<[string, number]>;
}

/** Spawn → /ready, asking /ready every 20 ms and timing each reason it gives. */
async function timedStart(args: readonly string[]): Promise<Start> {
  const started = performance.now();
  const server = await startChildServer(MAIN, args, 600000);
  const steps: Array<[string, number]> = [['spawn → listening', performance.now() - started]];
  let reason = '';
  let since = performance.now();
  try {
    for (;;) {
      const response = await fetch(`${server.url}/ready`);
      const body = (await response.json()) as { reason?: string };
      const now = performance.now();
      const next = response.status === 200 ? 'ready' : (body.reason ?? '?').replace(/\d+\/\d+/, 'n/N');
      if (next !== reason) {
        if (reason) steps.push([reason, now - since]);
        reason = next;
        since = now;
      }
      if (response.status === 200) return { readyMs: now - started, rss: rssMb(server.child.pid!), steps };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const sizes = option('sizes', '2000,20000').split(',').map(Number);
  const starts = Number(option('starts', '2'));
  const httpPort = Number(process.env.VIRT_HTTP_PORT ?? 18905);
  const rows: string[][] = [];
  const work = await mkdtemp(join(tmpdir(), 'processes-start-'));
  try {
    const templates = gateTemplates().templates;
    for (const docs of sizes) {
      const dir = join(work, `dump-${docs}`);
      execFileSync('mkdir', ['-p', dir]);
      console.error(`writing a dump of ${docs} documents`);
      await writeDumps(templates, docs, join(dir, 'dump.nq'), join(dir, 'dump.ndjson'));
      const store = await startVirtuoso({ httpPort, sqlPort: 11125, dirsAllowed: [dir] }, console.error);
      try {
        console.error(`bulk loading ${docs} documents`);
        execFileSync('isql-vt', [
          `127.0.0.1:${store.sqlPort}`,
          'dba',
          'dba',
          `exec=ld_dir('${dir}', '*.nq', '${BASE_URL}default'); rdf_loader_run(); checkpoint;`,
        ]);
        const auth = {
          queryUrl: store.url,
          updateUrl: store.url.replace(/\/sparql$/, '/sparql-auth'),
          user: 'dba',
          password: 'dba',
        };
        const sparql = await SparqlStore.open(auth);
        await sparql.replaceGraphs(new Map([linksVersionGraph()]));
        await sparql.close();
        const args = [
          'serve',
          ...['--store', 'sparql', '--sparql-url', store.url, '--update-url', auth.updateUrl],
          ...['--store-user', 'dba', '--store-password', 'dba', '--name-index', 'store'],
          ...['--base-url', BASE_URL, '--port', '0', '--log-level', 'warn'],
        ];
        for (let n = 1; n <= starts; n++) {
          const start = await timedStart(args);
          console.error(`${docs} documents, start ${n}: ${JSON.stringify(start)}`);
          rows.push([
            String(docs),
            String(n),
            (start.readyMs / 1000).toFixed(1),
            start.rss.toFixed(0),
            start.steps.map(([reason, ms]) => `${reason} ${(ms / 1000).toFixed(1)}`).join('; '),
            loadavg()[0].toFixed(1),
          ]);
        }
      } finally {
        await store.stop();
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  printTable(
    'A process started on a remote store with --name-index store: spawn → /ready (s), RSS at /ready, each step (s)',
    ['documents', 'start', 's to /ready', 'RSS MB', 'steps (s)', 'load avg'],
    rows,
  );
}

await main();
