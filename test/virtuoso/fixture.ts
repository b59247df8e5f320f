/**
 * The second pass of `npm test`: the store, render, HTTP, load and SPARQL suites again, on a
 * Virtuoso 7 started here (test/virtuoso/start.sh installs it from Debian's packages when it is
 * missing, and starts it on 127.0.0.1 with a throwaway database) and stopped by its recorded
 * PID at the end. LINKEDART_TEST_SPARQL_URL tells the suites to use it (test/support/testStore.ts).
 * An already running store can be given instead: LINKEDART_TEST_SPARQL_URL set beforehand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/corpus.js';

const SCRIPTS = `${PROJECT_ROOT}test/virtuoso/`;
let started: { dir: string } | undefined;

/** The ports, clear of a Virtuoso a developer runs on its defaults (8890, 1111). */
export const VIRTUOSO_ENV = {
  VIRT_HTTP_PORT: process.env.VIRT_HTTP_PORT ?? '18890',
  VIRT_SQL_PORT: process.env.VIRT_SQL_PORT ?? '11111',
};

/**
 * Started when mocha requires this file, before it loads the spec files: the suites read
 * LINKEDART_TEST_SPARQL_URL as they load (their titles say which store), which is earlier than
 * mocha's global setup hook would run.
 */
function startVirtuoso(): void {
  if (process.env.LINKEDART_TEST_SPARQL_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'linkedart-virtuoso-'));
  const url = execFileSync('bash', [`${SCRIPTS}start.sh`], {
    env: { ...process.env, ...VIRTUOSO_ENV, VIRT_DIR: dir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  started = { dir };
  process.env.LINKEDART_TEST_SPARQL_URL = url;
  // Written as dba through /sparql-auth, as the README advises (inserts as N-Quads); read anonymously.
  process.env.LINKEDART_TEST_SPARQL_UPDATE_URL = url.replace(/\/sparql$/, '/sparql-auth');
  process.env.LINKEDART_TEST_SPARQL_USER = 'dba';
  process.env.LINKEDART_TEST_SPARQL_PASSWORD = 'dba';
  process.env.LINKEDART_TEST_VIRT_DIR = dir;
  console.log(`Virtuoso for the remote-store suites: ${url} (database in ${dir})`);
}

startVirtuoso();
// Also when mocha stops before its teardown (a spec file that fails to load), or is interrupted (npm
// test runs this pass beside the embedded one and stops it with SIGTERM): never leave it running.
process.once('exit', () => mochaGlobalTeardown());
for (const [signal, status] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => {
    mochaGlobalTeardown();
    process.exit(status);
  });

export function mochaGlobalTeardown(): void {
  if (!started) return;
  const { dir } = started;
  started = undefined;
  execFileSync('bash', [`${SCRIPTS}stop.sh`], {
    env: { ...process.env, VIRT_DIR: dir, VIRT_PURGE: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
