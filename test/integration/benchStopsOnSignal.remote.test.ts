/**
 * `npm run bench:processes` stopped by a signal stops the `linkedart serve` processes it started,
 * then exits as the signal asks (test/support/stoppedOnSignal.ts). Stopped with SIGTERM, it once
 * left four of them polling a store it had stopped. Remote pass only (the bench needs a remote store:
 * it is given the suite's Virtuoso).
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../support/corpus.js';

const BENCH = `${PROJECT_ROOT}dist/test/bench/processes-write-bench.js`;

/** The processes whose parent is `pid` and whose command line runs `linkedart serve`. */
function serveChildren(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent; the command (field 2) may hold spaces, so read past its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === pid && command.includes('serve')) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, ms: number, probe: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bench:processes stopped by a signal', function () {
  this.timeout(300000);
  const url = process.env.LINKEDART_TEST_SPARQL_URL;
  let leftOver: number[] = [];

  before(function () {
    if (!url) this.skip();
  });

  afterEach(() => {
    // A failed case's children are not left running for the next suites.
    for (const pid of leftOver.filter(alive)) process.kill(pid, 'SIGKILL');
    leftOver = [];
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal}: its serve processes stop, and it exits ${code}`, async () => {
      const bench: ChildProcess = spawn(
        process.execPath,
        [
          ...[BENCH, '--url', url!, '--update-url', process.env.LINKEDART_TEST_SPARQL_UPDATE_URL ?? url!],
          ...['--user', process.env.LINKEDART_TEST_SPARQL_USER ?? 'dba'],
          ...['--password', process.env.LINKEDART_TEST_SPARQL_PASSWORD ?? 'dba'],
          ...['--processes', '2', '--writes', '100000', '--rounds', '1'],
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let said = '';
      bench.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        bench.once('exit', (status, by) => resolve([status, by])),
      );
      const children = await until('two serve processes', 120000, () => {
        const found = serveChildren(bench.pid!);
        return found.length === 2 ? found : undefined;
      });
      leftOver = children;
      // Stopped while it writes (not only while its processes start): its first run's line is a while off.
      await new Promise((resolve) => setTimeout(resolve, 8000));
      bench.kill(signal);
      const [status, by] = await Promise.race([
        exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit: ${said}`)), 90000)),
      ]);
      expect({ status, by }, said).to.deep.equal({ status: code, by: null });
      expect(children.filter(alive), 'serve processes left running').to.deep.equal([]);
    });
  }
});
