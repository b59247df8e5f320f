/**
 * What the restart-at-scale benches (restartAtScale.ts on the embedded store, restartAtScaleRemote.ts
 * on Virtuoso) share: the documents they load version after version, a child `node` run to its end,
 * and `serve`'s start timed from spawn to its "ready" line.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { stoppedOnSignal } from '../../support/stoppedOnSignal.js';

export const MAIN = `${PROJECT_ROOT}dist/src/cli/main.js`;
export const BASE = 'http://localhost:8080/';
const READY_WITHIN_MS = 15 * 60_000;

export const note = (line: string): void => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Document `i` as version `v` writes it: an object, its label and one Name. */
export const documentOf = (i: number, v: number): string =>
  JSON.stringify({
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: `${BASE}object/${i}`,
    type: 'HumanMadeObject',
    _label: `Object ${i}, version ${v}`,
    identified_by: [{ type: 'Name', content: `Object ${i} (${v})` }],
  });

/** Runs `node args` to its end; fails with its stderr when it fails. */
export function run(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const release = stoppedOnSignal(() => void child.kill('SIGTERM'));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('exit', (code) => {
      release();
      if (code === 0) resolve();
      else reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

/** Seconds from spawning `serve` with `storeArgs` to its "ready" line; the server is stopped after. */
export function secondsToReady(storeArgs: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN, 'serve', ...storeArgs, '--port', '0', '--base-url', BASE], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const release = stoppedOnSignal(() => void child.kill('SIGTERM'));
  return new Promise<number>((resolve, reject) => {
    let output = '';
    let seconds: number | undefined;
    const timer = setTimeout(() => child.kill('SIGTERM'), READY_WITHIN_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
      if (seconds === undefined && /^ready$/m.test(output)) {
        seconds = (performance.now() - started) / 1000;
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      release();
      if (seconds !== undefined) resolve(seconds);
      else reject(new Error(`serve ${storeArgs.join(' ')} exited ${code} before ready: ${output}`));
    });
  });
}
