/**
 * A server in a child process for the HTTP bench: started with `node SCRIPT ARGS...`, ready when it
 * prints `listening on http://HOST:PORT/` on stderr. stdout is ignored (it can never block the
 * server); stderr is drained and its last lines kept, to report what a server said when it failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ChildServer {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  readonly url: string;
  /** Set when the process exited before stop() was called: a crash. */
  readonly unexpectedExit: () => string | undefined;
  /** stderr lines after the `listening` line (warnings, errors), the last 50. */
  readonly stderrAfterStart: () => string[];
  /** The peak resident set size so far (VmHWM from /proc), in bytes; undefined off Linux or once exited. */
  peakRss(): number | undefined;
  /** SIGTERM, then wait for the exit (SIGKILL after `graceMs`); resolves with how it ended. */
  stop(graceMs?: number): Promise<string>;
}

const KEEP_LINES = 50;

export async function startChildServer(
  script: string,
  args: readonly string[],
  startTimeoutMs = 60000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let startup = '';
  let started = false;
  let stopping = false;
  let exitedUnexpectedly: string | undefined;
  const after: string[] = [];
  let partial = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in ${startTimeoutMs} ms: ${startup}`)),
      startTimeoutMs,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      if (!started) {
        startup += chunk.toString();
        const m = /listening on (http:\/\/[^/\s]+)\//.exec(startup);
        if (m) {
          started = true;
          clearTimeout(timer);
          resolve(m[1]);
        }
        return;
      }
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      after.push(...lines);
      if (after.length > KEEP_LINES) after.splice(0, after.length - KEEP_LINES);
    });
    child.once('exit', (code, signal) => {
      if (!started) {
        clearTimeout(timer);
        reject(new Error(`${script} exited (${signal ?? code}) before listening: ${startup}`));
      }
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
  child.once('exit', (code, signal) => {
    if (!stopping) exitedUnexpectedly = `exited with ${signal ?? `code ${code}`} during the bench`;
  });

  return {
    child,
    url,
    unexpectedExit: () => exitedUnexpectedly,
    stderrAfterStart: () => (partial ? [...after, partial] : [...after]).filter((l) => l.trim() !== ''),
    peakRss() {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      try {
        const m = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) * 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    stop(graceMs = 15000) {
      stopping = true;
      return new Promise<string>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve(exitedUnexpectedly ?? `already exited (${child.signalCode ?? child.exitCode})`);
          return;
        }
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
        }, graceMs);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          resolve(
            signal === 'SIGKILL'
              ? `did not exit within ${graceMs} ms of SIGTERM; killed`
              : `exited with ${signal ?? `code ${code}`}`,
          );
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/** Waits until the server's `/ready` answers 200 (a reset connection while it starts under load is a not-yet); how long that took, in ms. */
export async function untilReady(server: ChildServer): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${server.url}/ready`).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.status === 200) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until every SPARQL query replica the server keeps is seeded (`/ready`'s `sparql`), after
 * /ready: their seeding takes the cores for a while after start, and a measure of a settled
 * server must not share them with it. The ms waited in all.
 */
export async function untilSettled(server: ChildServer): Promise<number> {
  const started = performance.now();
  await untilReady(server);
  for (;;) {
    const response = await fetch(`${server.url}/ready`);
    const ready = (await response.json()) as { sparql?: { state?: string; replicas?: number; replicasReady?: number } };
    const sparql = ready.sparql;
    if (!sparql || sparql.state === 'lazy' || (sparql.replicasReady ?? 0) >= (sparql.replicas ?? 0))
      return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
}
