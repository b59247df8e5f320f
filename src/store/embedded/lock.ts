/**
 * One process per data directory: a lock file `LOCK` created exclusively ('wx') that holds the
 * owner's PID and host name. A lock whose process is gone (kill -9 leaves the file behind) is
 * taken over (so is one whose process is a zombie, dead but not yet reaped); a lock held by a
 * live process makes open() fail with a message naming it.
 */
import { readFileSync } from 'node:fs';
import { open, readFile, rename, unlink, link } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'LOCK';

/** Lock files held by this process (several stores in one process must not share a directory). */
const heldHere = new Set<string>();

export class DirLock {
  private released = false;
  constructor(
    readonly path: string,
    readonly dir: string,
  ) {}

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    heldHere.delete(this.path);
    try {
      const owner = parseLock(await readFile(this.path, 'utf8'));
      if (owner?.pid === process.pid) await unlink(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

function parseLock(text: string): LockOwner | null {
  const [pidLine, host] = text.split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, host: host ?? '' };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * Whether the process has exited and only waits for its parent to reap it (state Z, or X
 * while being reaped): signal 0 still finds such a pid, right after a kill -9 for instance,
 * but it holds nothing. Linux says so in /proc/PID/stat; elsewhere, assume it does not.
 */
function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "PID (command) STATE ...": the command may hold spaces and parentheses, so read after the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function acquireLock(dir: string): Promise<DirLock> {
  const path = join(dir, LOCK_FILE);
  const me = `${process.pid}\n${hostname()}\n`;
  if (heldHere.has(path)) {
    throw new Error(
      `data directory ${dir} is already open in this process (PID ${process.pid}); close the other store first`,
    );
  }
  let unreadable = 0;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fh = await open(path, 'wx');
      try {
        await fh.writeFile(me);
        await fh.sync();
      } finally {
        await fh.close();
      }
      heldHere.add(path);
      return new DirLock(path, dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw err;
    }
    const owner = parseLock(text);
    if (!owner) {
      // Another process may have just created it and not yet written its PID: wait a little.
      // If it stays unreadable, its creator died between creating and writing: stale.
      if (++unreadable < 10) {
        await sleep(50);
        continue;
      }
    } else if (owner.host !== '' && owner.host !== hostname()) {
      throw new Error(
        `data directory ${dir} is locked by process ${owner.pid} on host ${owner.host} (lock file ${path}); ` +
          'its liveness cannot be checked from here. Delete the lock file only if that process is gone.',
      );
    } else if (owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new Error(
        `data directory ${dir} is in use by process ${owner.pid} (lock file ${path}). ` +
          'Stop that process first, or open another directory.',
      );
    }
    // Stale: its process is gone (or it is our own PID from an earlier incarnation, e.g. PID 1
    // in a restarted container, since this process does not hold it). Move it aside atomically
    // and check that what we moved is the stale lock we judged, not a fresh one from a racer.
    const aside = `${path}.stale-${process.pid}-${Date.now()}`;
    try {
      await rename(path, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = await readFile(aside, 'utf8').catch(() => '');
    if (moved === text) {
      await unlink(aside).catch(() => undefined);
    } else {
      // A racer replaced the lock between our read and rename: put theirs back and look again.
      await link(aside, path).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
    }
    unreadable = 0;
  }
  throw new Error(`could not acquire the lock on data directory ${dir} (lock file ${path}): it keeps changing hands`);
}
