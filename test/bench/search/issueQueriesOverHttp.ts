/**
 * Name search measured as issue 35's outside harness and a user measure it (`npm run bench:search --
 * --rich`): the richer collection (scale/richCollection.ts, ~59 quads a document, "harbour" in ~58% of
 * the documents) loaded with `linkedart load`, a child `linkedart serve` on it as a user starts it, and
 * once its SPARQL replicas are seeded, one client asking `/search?q=…` one request after another over
 * HTTP: the issue's one word ("harbour") and two words ("harbour view"), and a typo and a prefix, each
 * as JSON and as the HTML page a browser gets (its thumbnails and facets), wall p50/p99 from the client,
 * and the server's main-thread CPU a request (where the search runs: /proc, Linux), so a figure taken on
 * a shared machine can be read beside the load average. `--data-dir DIR` serves a directory loaded
 * before (the same collection) instead of loading one. Target (issues 32, 35): p50 ≤ 20 ms, p99 ≤ 50 ms.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { startChildServer, untilSettled, type ChildServer } from '../http/childServer.js';
import { runMeasured } from '../load/measuredChild.js';
import { writeRichDumps } from '../scale/richCollection.js';

const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The queries: the issue's two, and a typo and a prefix of the same common word. */
export const ISSUE_QUERIES: ReadonlyArray<readonly [string, string]> = [
  ['one word, ~58% of documents', 'harbour'],
  ['two words, ~34%', 'harbour view'],
  ['a typo (one edit)', 'harbor'],
  ['a prefix', 'harb'],
];

export interface HttpSearchRow {
  readonly docs: number;
  readonly kind: string;
  readonly query: string;
  readonly as: 'JSON' | 'HTML';
  readonly hits: number;
  readonly p50: number;
  readonly p99: number;
  /** The server's main thread's CPU a request, ms (undefined where /proc cannot tell). */
  readonly cpuMs: number | undefined;
}

/** CPU (ms) the process's main thread has used: where express and the name index run. */
function mainThreadCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of stat) in clock ticks, 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function timedSearches(server: ChildServer, docs: number, rounds: number): Promise<HttpSearchRow[]> {
  const rows: HttpSearchRow[] = [];
  for (const [kind, query] of ISSUE_QUERIES) {
    let hits = 0;
    for (const [as, accept] of [
      ['JSON', 'application/json'],
      ['HTML', BROWSER],
    ] as const) {
      const url = `${server.url}/search?q=${encodeURIComponent(query)}`;
      const ask = async () => {
        const response = await fetch(url, { headers: { Accept: accept } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        return body;
      };
      // The first answer warms up (and tells the hits).
      const first = await ask();
      if (as === 'JSON') hits = (JSON.parse(first) as { totalItems: number }).totalItems;
      const samples: number[] = [];
      const cpuBefore = mainThreadCpuMs(server.child.pid);
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        await ask();
        samples.push(performance.now() - started);
      }
      const cpuAfter = mainThreadCpuMs(server.child.pid);
      samples.sort((a, b) => a - b);
      rows.push({
        docs,
        kind,
        query,
        as,
        hits,
        p50: quantile(samples, 0.5),
        p99: quantile(samples, 0.99),
        cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / rounds,
      });
    }
  }
  return rows;
}

/**
 * The issue's searches at `docs` documents, over HTTP: `dataDir` served as it is when given (a store
 * of richCollection(docs) loaded before), else the collection written and loaded into `work`.
 */
export async function issueQueriesOverHttp(
  docs: number,
  work: string,
  options: { readonly dataDir?: string; readonly rounds: number },
  progress: (message: string) => void,
): Promise<{ rows: HttpSearchRow[]; peakRss: number | undefined; load: string }> {
  let dataDir = options.dataDir;
  if (dataDir === undefined) {
    const ndjson = join(work, `rich-${docs}.ndjson`);
    progress(`${docs}: writing the rich collection`);
    await writeRichDumps(docs, join(work, `rich-${docs}.nq`), ndjson);
    dataDir = join(work, `rich-store-${docs}`);
    progress(`${docs}: loading it`);
    const loaded = await runMeasured([MAIN, 'load', '--data-dir', dataDir, '--no-progress', ndjson]);
    if (loaded.code !== 0) throw new Error(`load failed: ${loaded.stderr.slice(-2000)}`);
  }
  progress(`${docs}: starting the server, waiting until its replicas are seeded`);
  const server = await startChildServer(
    MAIN,
    ['serve', '--data-dir', dataDir, '--port', '0', '--base-url', BASE, '--log-level', 'warn'],
    60 * 60 * 1000,
  );
  try {
    await untilSettled(server);
    progress(`${docs}: searching`);
    const rows = await timedSearches(server, docs, options.rounds);
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    return { rows, peakRss: server.peakRss(), load };
  } finally {
    await server.stop();
  }
}
