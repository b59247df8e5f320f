/**
 * The directory lock after a kill -9: the killed owner may linger as a zombie (its parent has not
 * reaped it yet) — a pid that signal 0 still finds, but no process that can hold a store.
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock } from '../../../../src/store/embedded/lock.js';

/** A process that is a zombie now: a shell's background child, killed, under a parent (`sleep`) that never waits. */
async function makeZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
  );
  // Killed only once the shell is `sleep` (exec'd), which never reaps it: a shell still running might.
  for (let i = 0; i < 1000 && (await readFile(`/proc/${parent.pid}/comm`, 'utf8')).trim() !== 'sleep'; i++)
    await new Promise((r) => setTimeout(r, 10));
  process.kill(pid, 'SIGKILL');
  // The kernel makes it a zombie as soon as it dies: look until /proc says so (a loaded machine may take a while).
  for (let i = 0; i < 1000 && stateOf(await readFile(`/proc/${pid}/stat`, 'utf8')) !== 'Z'; i++)
    await new Promise((r) => setTimeout(r, 10));
  return { pid, parent };
}

const stateOf = (stat: string): string => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);

describe('the directory lock and a zombie owner', () => {
  it('takes over a lock whose process is a zombie (killed with -9, not yet reaped)', async function () {
    if (process.platform !== 'linux') this.skip();
    const dir = await mkdtemp(join(tmpdir(), 'linkedart-lock-'));
    const { pid, parent } = await makeZombie();
    try {
      expect(stateOf(await readFile(`/proc/${pid}/stat`, 'utf8'))).to.equal('Z');
      await writeFile(join(dir, 'LOCK'), `${pid}\n${hostname()}\n`);
      const lock = await acquireLock(dir);
      expect((await readFile(join(dir, 'LOCK'), 'utf8')).split('\n')[0]).to.equal(String(process.pid));
      await lock.release();
    } finally {
      parent.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('still refuses a lock held by a live process, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkedart-lock-'));
    const live = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      await writeFile(join(dir, 'LOCK'), `${live.pid}\n${hostname()}\n`);
      const refused = await acquireLock(dir).then(
        () => null,
        (e: Error) => e,
      );
      expect(refused?.message).to.include(`in use by process ${live.pid}`);
    } finally {
      live.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
