/**
 * The second pass of `npm test`: the store, render, HTTP, load and SPARQL suites again, on a
 * Virtuoso 7 started here (test/virtuoso/start.sh installs it from Debian's packages when it is
 * missing, and starts it on 127.0.0.1 with a throwaway database) and stopped by its recorded
 * PID at the end. LINKEDART_TEST_SPARQL_URL tells the suites to use it (test/support/testStore.ts).
 * An already running store can be given instead: LINKEDART_TEST_SPARQL_URL set beforehand.
 *
 * In mocha's parallel mode (test/virtuoso/mocharc.json: `jobs` test files at once) one Virtuoso
 * is started per worker, each with a database of its own: a suite clears its store when it opens
 * it, so two suites must never share one. Mocha's own process starts them all (it outlives the
 * workers, and stops them), and each worker claims one as it loads this file (claim.ts). The
 * config lists the suites longest first (the remote-only ones, by their pattern, then the others),
 * so that no long one starts last.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';
import { claimVirtuoso, type TestVirtuoso } from './claim.js';
import { virtuosoPorts } from './ports.js';

const SCRIPTS = `${PROJECT_ROOT}test/virtuoso/`;
/** The instances started here, as the workers read them (LINKEDART_TEST_VIRTUOSOS, JSON). */
const INSTANCES = 'LINKEDART_TEST_VIRTUOSOS';
let started: TestVirtuoso[] = [];

/** How many test files mocha runs at once in this process's run: one Virtuoso each. */
function filesAtOnce(): number {
  const { loadOptions } = createRequire(import.meta.url)('mocha/lib/cli/options.js') as {
    loadOptions: (argv: string[]) => { parallel?: boolean; jobs?: number };
  };
  const { parallel, jobs } = loadOptions(process.argv.slice(2));
  return parallel ? Math.max(1, jobs ?? 1) : 1;
}

/** Starts instance `i` on its ports (test/virtuoso/ports.ts), with a throwaway database. */
async function startOne(i: number): Promise<TestVirtuoso> {
  const dir = mkdtempSync(join(tmpdir(), 'linkedart-virtuoso-'));
  const ports = virtuosoPorts(10 * i);
  // start.sh prints the URL on stdout, its progress on stderr (shown).
  const script = spawn('bash', [`${SCRIPTS}start.sh`], {
    env: { ...process.env, ...ports, VIRT_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let url = '';
  script.stdout.setEncoding('utf8').on('data', (chunk: string) => (url += chunk));
  const [status] = (await once(script, 'close')) as [number | null];
  if (status !== 0) throw new Error(`test/virtuoso/start.sh failed (exit ${status}) for ${dir}`);
  return { url: url.trim(), dir };
}

/** Tells this process's suites (and the workers it starts) to use `virtuoso`. */
function useVirtuoso({ url, dir }: TestVirtuoso): void {
  process.env.LINKEDART_TEST_SPARQL_URL = url;
  // Written as dba through /sparql-auth, as the README advises (inserts as N-Quads); read anonymously.
  process.env.LINKEDART_TEST_SPARQL_UPDATE_URL = url.replace(/\/sparql$/, '/sparql-auth');
  process.env.LINKEDART_TEST_SPARQL_USER = 'dba';
  process.env.LINKEDART_TEST_SPARQL_PASSWORD = 'dba';
  process.env.LINKEDART_TEST_VIRT_DIR = dir;
}

/**
 * Started when mocha requires this file, before it loads the spec files: the suites read
 * LINKEDART_TEST_SPARQL_URL as they load (their titles say which store), which is earlier than
 * mocha's global setup hook would run. The instances start at the same time.
 */
async function startVirtuosos(): Promise<void> {
  if (process.env.LINKEDART_TEST_SPARQL_URL) return;
  // Installed once, before the instances start side by side (each start.sh checks again).
  execFileSync('bash', [`${PROJECT_ROOT}test/prerequisites.sh`, 'virtuoso'], { stdio: 'inherit' });
  const count = filesAtOnce();
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => startOne(i)));
  started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    mochaGlobalTeardown();
    throw failed.reason;
  }
  useVirtuoso(started[0]);
  process.env[INSTANCES] = JSON.stringify(started);
  for (const { url, dir } of started) console.log(`Virtuoso for the remote-store suites: ${url} (database in ${dir})`);
}

if (process.env.MOCHA_WORKER_ID !== undefined && process.env[INSTANCES]) {
  useVirtuoso(claimVirtuoso(JSON.parse(process.env[INSTANCES]) as TestVirtuoso[]));
} else {
  await startVirtuosos();
  // Also when mocha stops before its teardown (a spec file that fails to load), or is interrupted (npm
  // test runs this pass beside the embedded one and stops it with SIGTERM): never leave one running.
  process.once('exit', () => mochaGlobalTeardown());
  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => {
      mochaGlobalTeardown();
      process.exit(status);
    });
}

export function mochaGlobalTeardown(): void {
  const stopping = started;
  started = [];
  for (const { dir } of stopping)
    execFileSync('bash', [`${SCRIPTS}stop.sh`], {
      env: { ...process.env, VIRT_DIR: dir, VIRT_PURGE: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
}
