/** Runs `linkedart serve` as a child process, as a user would, and finds its port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { stoppedOnSignal } from '../../support/stoppedOnSignal.js';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Standard error so far (start-up and shutdown lines). */
  stderr(): string;
  /** Standard output so far: the structured log, one JSON object per line. */
  stdout(): string;
  stop(): Promise<void>;
}

/** `root`: the project whose build is started (a benchmark's reference build), this one unless given. */
export async function startServer(args: string[], root = PROJECT_ROOT): Promise<ServerProcess> {
  const child = spawn(process.execPath, [`${root}dist/src/cli/main.js`, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Stopped with the program that started it, should a signal end that one (a benchmark's Ctrl-C).
  const release = stoppedOnSignal(() => stopChild(child));
  child.once('exit', release);
  let output = '';
  let log = '';
  // Read standard output as it comes, or a full pipe would stall the server.
  child.stdout.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(output);
      // Answering starts at "ready" (after the demo is loaded).
      if (m && /^ready$/m.test(output)) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return {
    child,
    url,
    stderr: () => output,
    stdout: () => log,
    stop: () => stopChild(child),
  };
}

/** Longest a stopped server is given to finish its requests and close its store (its own grace is 10 s) before a KILL. */
const STOP_GRACE_MS = 30_000;

/** SIGTERM (the server finishes its requests and closes its store), then KILL if it has not exited within STOP_GRACE_MS. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
