/**
 * HAProxy run with the recipe's own configuration (docs/several-processes/haproxy.cfg) in front
 * of two service processes, in the foreground, as a child process: for the remote pass's tests
 * and the benchmark of several processes. Stopped by its own PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../../support/corpus.js';

export const RECIPE = `${PROJECT_ROOT}docs/several-processes/haproxy.cfg`;

export interface Proxy {
  readonly child: ChildProcess;
  /** The proxy's origin, http://127.0.0.1:port. */
  readonly url: string;
  stop(): Promise<void>;
}

/** A TCP port free now on 127.0.0.1 (for a process that must be told its port before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * HAProxy on `port` in front of `processes` (origins, http://host:port; the recipe names two:
 * a third is left out), answering once /ready through it says 200.
 */
export async function startProxy(port: number, processes: readonly string[]): Promise<Proxy> {
  const [p1, p2 = p1] = processes.map((origin) => new URL(origin).host);
  const child = spawn('haproxy', ['-db', '-f', RECIPE], {
    env: { ...process.env, LINKEDART_PROXY: `127.0.0.1:${port}`, LINKEDART_P1: p1, LINKEDART_P2: p2 },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited with ${code}: ${output}`))),
  );
  exited.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/ready`).then(
        (r) => r.status === 200,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`haproxy did not answer /ready within 30 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
