/** Runs `linkedart serve` as a child process, as a user would, and finds its port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../support/corpus.js';

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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
