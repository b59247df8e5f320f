/**
 * Debian's chromium, headless, with a DevTools port for Lighthouse to drive (Lighthouse's own launcher is
 * not a dependency of ours; this is the few lines of it the bench needs): a throwaway profile, the port
 * read from chromium's "DevTools listening on ws://…" line, stopped by its own process id.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, assertChromiumInstalled } from '../../integration/support/browser.js';

export interface DebuggableChromium {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startDebuggableChromium(startTimeoutMs = 30000): Promise<DebuggableChromium> {
  assertChromiumInstalled();
  const profile = await mkdtemp(join(tmpdir(), 'linkedart-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-extensions',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let said = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`chromium gave no DevTools port in ${startTimeoutMs} ms: ${said}`)),
      startTimeoutMs,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited (${signal ?? code}) before its DevTools port was known: ${said}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A TCP port free on 127.0.0.1 now (asked of the system, then released), for a server whose ids must name its port. */
export async function freePort(): Promise<number> {
  return await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
