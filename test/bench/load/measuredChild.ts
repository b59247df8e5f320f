/**
 * A child process timed by wall clock (spawn to exit) with its peak resident set size: polled
 * every 200 ms from /proc/PID/status (the larger of VmHWM and VmRSS), and, when the child was
 * started with peakAtExit preloaded, the VmHWM it wrote as it exited.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';

export interface ChildRun {
  readonly ms: number;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  /** The last 64 KiB of stderr. */
  readonly stderr: string;
  /** Bytes; undefined off Linux. */
  readonly peakRss: number | undefined;
  /**
   * CPU time (user + system, every thread) up to the last poll before the exit, in ms; undefined
   * off Linux. Unlike the wall clock, barely moved by other work on a busy machine.
   */
  readonly cpuMs: number | undefined;
}

const STDERR_KEEP = 64 * 1024;

function procPeak(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB$`, 'm').exec(status)?.[1] ?? NaN);
    const peak = Math.max(kb('VmHWM'), kb('VmRSS'));
    return Number.isFinite(peak) ? peak * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime of a process from /proc/PID/stat, in ms (clock ticks of 10 ms, Linux's USER_HZ). */
function procCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** `node ...args`; `peakFile`: where a preloaded peakAtExit writes (passed as LOAD_BENCH_PEAK_FILE). */
export async function runMeasured(args: readonly string[], peakFile?: string): Promise<ChildRun> {
  const env = peakFile === undefined ? process.env : { ...process.env, LOAD_BENCH_PEAK_FILE: peakFile };
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let peak: number | undefined;
  let cpuMs: number | undefined;
  const poll = () => {
    const p = child.pid === undefined ? undefined : procPeak(child.pid);
    if (p !== undefined) peak = Math.max(peak ?? 0, p);
    const cpu = child.pid === undefined ? undefined : procCpuMs(child.pid);
    if (cpu !== undefined) cpuMs = Math.max(cpuMs ?? 0, cpu);
  };
  const timer = setInterval(poll, 200);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 2 * STDERR_KEEP) stderr = stderr.slice(-STDERR_KEEP);
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, s) => resolve([c, s]));
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  if (peakFile !== undefined) {
    const atExit = Number(await readFile(peakFile, 'utf8').catch(() => 'NaN'));
    if (Number.isFinite(atExit)) peak = Math.max(peak ?? 0, atExit);
    await rm(peakFile, { force: true });
  }
  return { ms, code, signal, stdout, stderr: stderr.slice(-STDERR_KEEP), peakRss: peak, cpuMs };
}
