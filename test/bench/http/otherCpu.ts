/**
 * How much CPU other processes took while the HTTP bench ran: the machine's busy time (os.cpus())
 * less this process's and the server's own. On a small machine a build or a test run beside the
 * bench takes cores from the load generator or the server, and the numbers read low.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface CpuMark {
  machineBusyMs: number;
  machineTotalMs: number;
  selfMs: number;
  serverMs: number;
}

/** The CPU time of a process from /proc (utime + stime, at the usual 100 ticks a second); 0 if unknown. */
function processMs(pid: number | undefined): number {
  return pid === undefined ? 0 : statMs(`/proc/${pid}/stat`);
}

/**
 * The CPU time of a process's main thread alone (its JavaScript's event loop), 0 if unknown: the rest of
 * processMs is its other threads' (a worker's, V8's compiling and collecting beside it, libuv's).
 */
export function mainThreadMs(pid: number | undefined): number {
  return pid === undefined ? 0 : statMs(`/proc/${pid}/task/${pid}/stat`);
}

function statMs(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // fields 14 and 15 of proc(5), counted after the name
  } catch {
    return 0;
  }
}

export function cpuMark(serverPid: number | undefined): CpuMark {
  let machineBusyMs = 0;
  let machineTotalMs = 0;
  for (const { times: t } of cpus()) {
    const busy = t.user + t.nice + t.sys + t.irq;
    machineBusyMs += busy;
    machineTotalMs += busy + t.idle;
  }
  const self = process.cpuUsage();
  return { machineBusyMs, machineTotalMs, selfMs: (self.user + self.system) / 1000, serverMs: processMs(serverPid) };
}

/** CPUs' worth of time other processes used between two marks (0 when it cannot tell). */
export function otherCpus(a: CpuMark, b: CpuMark): number {
  const wallMs = (b.machineTotalMs - a.machineTotalMs) / cpus().length;
  if (wallMs <= 0) return 0;
  const others = b.machineBusyMs - a.machineBusyMs - (b.selfMs - a.selfMs) - (b.serverMs - a.serverMs);
  return Math.max(0, others / wallMs);
}
