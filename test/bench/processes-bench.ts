/**
 * Several processes on one remote store (issue 34), `npm run bench:processes-read`:
 *
 *   node dist/test/bench/processes-bench.js [--docs 2000] [--writes 40] [--seconds 5] [--rounds 2]
 *
 * On a throwaway Virtuoso (test/virtuoso/start.sh; VIRT_HTTP_PORT / VIRT_SQL_PORT, else 18904/11124),
 * `--docs` documents loaded through /_bulk, two `linkedart serve` processes (--follow-feed-ms 500,
 * the default) and HAProxy with the recipe (docs/several-processes/haproxy.cfg):
 * 1. search lag: `--writes` times, a PUT of a new name on process A, then B's /search asked every
 *    10 ms until it finds it; p50 / p99 / max of the time from A's answer to B's hit;
 * 2. read throughput through the proxy, 2 processes behind it vs 1 (the same recipe with both
 *    server lines on one process), GETs of the documents by autocannon (8 connections, --seconds
 *    each), the two interleaved for --rounds pairs, with the load average (the machine is shared);
 * 3. a third process's start: time from spawn to /ready (it reads the name index and catches up
 *    with the feed) and its RSS then, with --name-index memory, store (nothing read: Virtuoso's text
 *    index) and off. The size: --docs 1000000 (the load alone then takes hours here).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startProxy, freePort, type Proxy } from '../integration/support/proxyProcess.js';
import { startServer, type ServerProcess } from '../integration/support/serverProcess.js';
import { load } from './http/cannon.js';
import { startVirtuoso, type RemoteStore } from './remote/virtuoso.js';
import { printTable } from './stats.js';
import { remoteStoreArgs } from '../support/remoteStoreArgs.js';

const TOKEN = 'processes-bench-token-0123456789';
const LA = 'https://linked.art/ns/v1/linked-art.json';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number from 1`);
  return value;
}

const percentile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const object = (base: string, path: string, name: string) => ({
  '@context': LA,
  id: base + path,
  type: 'HumanMadeObject',
  _label: name,
  identified_by: [{ type: 'Name', content: name }],
});

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const docs = option('docs', 2000);
  const writes = option('writes', 40);
  const seconds = option('seconds', 5);
  const rounds = option('rounds', 2);
  const store: RemoteStore = await startVirtuoso({ httpPort: 18904, sqlPort: 11124 }, (m) => console.error(m));
  const running: Array<ServerProcess | Proxy> = [];
  try {
    const authUrl = store.url.replace(/\/sparql$/, '/sparql-auth');
    const storeArgs = remoteStoreArgs(store.url, { updateUrl: authUrl, user: 'dba', password: 'dba' });
    const proxyPort = await freePort();
    const soloPort = await freePort();
    const base = `http://127.0.0.1:${proxyPort}/`;
    const serve = (more: string[] = []) => startServer([...storeArgs, '--base-url', base, '--token', TOKEN, ...more]);
    const [a, b] = [await serve(), await serve()];
    running.push(a, b);
    const both = await startProxy(proxyPort, [a.url, b.url]);
    const solo = await startProxy(soloPort, [a.url]);
    running.push(both, solo);

    const paths = Array.from({ length: docs }, (_, i) => `object/doc-${i}`);
    const body = paths.map((p, i) => JSON.stringify(object(base, p, `Document ${i} of the harbour`))).join('\n') + '\n';
    const bulk = await fetch(`${both.url}/_bulk?format=ndjson`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/x-ndjson' },
      body,
    });
    if (!bulk.ok) throw new Error(`bulk load: ${bulk.status} ${(await bulk.text()).slice(0, 300)}`);
    await bulk.text();

    // 1. Search lag, write on A → found on B.
    const lags: number[] = [];
    for (let i = 0; i < writes; i++) {
      const word = `lagword${i}x${Date.now().toString(36)}`;
      const path = `object/lag-${i}`;
      const put = await fetch(`${a.url}/${path}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(object(base, path, `Boat ${word}`)),
      });
      if (!put.ok) throw new Error(`PUT ${path}: ${put.status}`);
      const written = performance.now();
      for (;;) {
        const found = (await (
          await fetch(`${b.url}/search?q=${word}`, { headers: { Accept: 'application/json' } })
        ).json()) as { totalItems: number };
        if (found.totalItems > 0) break;
        if (performance.now() - written > 30000) throw new Error(`${path} not found on B within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      lags.push(performance.now() - written);
    }
    lags.sort((x, y) => x - y);
    printTable(
      `Search lag, PUT on A → found by /search on B (${writes} writes, --follow-feed-ms 500)`,
      ['p50 ms', 'p99 ms', 'max ms'],
      [[percentile(lags, 0.5), percentile(lags, 0.99), lags[lags.length - 1]].map((v) => v.toFixed(0))],
    );

    // 2. Read throughput through the proxy: 2 processes vs 1, interleaved.
    const getPaths = paths.map((p) => `/${p}`);
    const rows: string[][] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const one = await load(solo.url, getPaths, 'application/ld+json', 8, seconds);
      const two = await load(both.url, getPaths, 'application/ld+json', 8, seconds);
      const load1 = loadavg()[0].toFixed(2);
      ratios.push(two.result.requests.average / one.result.requests.average);
      rows.push([
        String(round),
        one.result.requests.average.toFixed(0),
        two.result.requests.average.toFixed(0),
        (two.result.requests.average / one.result.requests.average).toFixed(2),
        `${one.p50.toFixed(1)} / ${two.p50.toFixed(1)}`,
        load1,
      ]);
    }
    printTable(
      `GET throughput through HAProxy, 1 vs 2 processes (${docs} documents, 8 connections, ${seconds} s each, interleaved)`,
      ['round', '1 process req/s', '2 processes req/s', 'ratio', 'p50 ms 1 / 2', 'load avg (1 min)'],
      rows,
    );

    // 3. A third process's start to /ready, and its RSS then.
    const starts: string[][] = [];
    for (const place of ['memory', 'store', 'off']) {
      const started = performance.now();
      const late = await serve(['--name-index', place]);
      const readyMs = performance.now() - started;
      starts.push([place, readyMs.toFixed(0), rssMb(late.child.pid!).toFixed(0)]);
      await late.stop();
    }
    printTable(
      `A process started on ${docs + writes} documents: spawn → /ready`,
      ['--name-index', 'ms', 'RSS MB'],
      starts,
    );
  } finally {
    for (const r of running.reverse()) await r.stop();
    const problem = await store.stop();
    if (problem) console.error(problem);
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
});
