/**
 * The remote store of `npm run bench:http -- --remote` and `npm run bench:load -- --remote`: a
 * throwaway Virtuoso 7 started with test/virtuoso/start.sh (database in a temporary directory)
 * and stopped with stop.sh by the PID it recorded, also when the bench fails or is interrupted;
 * or a SPARQL 1.1 store the user runs, given by its query URL (then neither started nor stopped).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { stoppedOnSignal } from '../../support/stoppedOnSignal.js';

const SCRIPTS = `${PROJECT_ROOT}test/virtuoso/`;

export interface RemoteStore {
  /** The SPARQL query (and update) endpoint. */
  readonly url: string;
  /** For the store column of the tables. */
  readonly label: string;
  /** The virtuoso-t process when we started it (its CPU time and peak RSS are read from /proc). */
  readonly pid: number | undefined;
  /** Its SQL port (isql-vt), when we started it. */
  readonly sqlPort?: string;
  /** Stops the Virtuoso we started (idempotent); resolves with what went wrong, if anything. */
  stop(): Promise<string | undefined>;
}

/** A store the user runs: nothing to start or stop. */
export function givenStore(url: string): RemoteStore {
  // eslint-disable-next-line @typescript-eslint/require-await -- stop() returns a Promise its caller awaits (the started server awaits its exit)
  return { url, label: 'remote SPARQL (given)', pid: undefined, stop: async () => undefined };
}

/**
 * Starts a Virtuoso on 127.0.0.1 (VIRT_HTTP_PORT / VIRT_SQL_PORT from the environment, else the
 * given defaults, clear of the test suites' 18890/11111). start.sh installs the Debian package
 * when it is missing; its progress goes to our stderr.
 */
export async function startVirtuoso(
  defaults: { httpPort: number; sqlPort: number; dirsAllowed?: readonly string[] },
  progress: (message: string) => void,
): Promise<RemoteStore> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-virtuoso-'));
  const env = {
    ...process.env,
    VIRT_DIR: dir,
    VIRT_HTTP_PORT: process.env.VIRT_HTTP_PORT ?? String(defaults.httpPort),
    VIRT_SQL_PORT: process.env.VIRT_SQL_PORT ?? String(defaults.sqlPort),
    // Directories its bulk loader (ld_dir) may read.
    ...(defaults.dirsAllowed ? { VIRT_DIRS_ALLOWED: defaults.dirsAllowed.join(', ') } : {}),
  };
  let stopped = false;
  let release = (): void => undefined;
  // Synchronous, so that it also runs from an 'exit' listener (Ctrl-C, an uncaught error).
  const stopSync = (): string | undefined => {
    if (stopped) return undefined;
    stopped = true;
    process.off('exit', stopSync);
    release();
    try {
      execFileSync('bash', [`${SCRIPTS}stop.sh`], {
        env: { ...process.env, VIRT_DIR: dir, VIRT_PURGE: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return undefined;
    } catch (error) {
      return `stopping Virtuoso (${dir}): ${(error as Error).message}`;
    } finally {
      // stop.sh purges only when it found a pid file; a failed start leaves none.
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Registered before start.sh runs: a Virtuoso left running (nohup) would hold its ports and memory.
  // On a signal it is stopped after what was started later (the service processes using it).
  process.on('exit', stopSync);
  release = stoppedOnSignal(stopSync);

  progress(`starting Virtuoso on 127.0.0.1:${env.VIRT_HTTP_PORT} (database in ${dir})`);
  let url: string;
  try {
    url = await runStart(env);
  } catch (error) {
    stopSync();
    throw error;
  }
  const pid = Number(readFileSync(join(dir, 'virtuoso.pid'), 'utf8').trim());
  return {
    url,
    label: 'remote (Virtuoso 7)',
    pid: Number.isInteger(pid) ? pid : undefined,
    sqlPort: env.VIRT_SQL_PORT,
    // eslint-disable-next-line @typescript-eslint/require-await -- stop() returns a Promise its caller awaits (the started server awaits its exit)
    stop: async () => stopSync(),
  };
}

/** start.sh: its stdout is the endpoint URL; stderr (progress) passed through. */
function runStart(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [`${SCRIPTS}start.sh`], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const url = out.trim().split('\n').pop() ?? '';
      if (code === 0 && /^https?:\/\//.test(url)) resolve(url);
      else reject(new Error(`test/virtuoso/start.sh failed (${signal ?? `exit ${code}`}); see its lines above`));
    });
  });
}

/** A process's CPU time (utime + stime) in ms, from /proc; 0 if unknown. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // 100 ticks a second, as test/bench/http/otherCpu.ts
  } catch {
    return 0;
  }
}

/** A process's peak resident set size (VmHWM) in bytes; undefined if unknown. */
export function processPeakRss(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `--remote` (env PREFIX_REMOTE=1) and `--sparql-url URL` (env PREFIX_SPARQL_URL, implies remote):
 * undefined when neither is given; else the URL of a store to use, or undefined url to start one.
 */
export function remoteOption(
  envPrefix: string,
  argv: readonly string[] = process.argv,
): { url: string | undefined } | undefined {
  const i = argv.indexOf('--sparql-url');
  const url = i >= 0 ? argv[i + 1] : process.env[`${envPrefix}_SPARQL_URL`] || undefined;
  if (i >= 0 && (url === undefined || !/^https?:\/\//.test(url))) {
    console.error(`--sparql-url needs the http(s) URL of a SPARQL query endpoint, not ${JSON.stringify(url)}`);
    process.exit(2);
  }
  if (url !== undefined) return { url };
  return argv.includes('--remote') || process.env[`${envPrefix}_REMOTE`] === '1' ? { url: undefined } : undefined;
}
