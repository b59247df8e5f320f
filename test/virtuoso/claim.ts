/**
 * Which of the remote pass's Virtuosos a mocha worker uses: the first one no live worker holds,
 * claimed by a file written exclusively in its directory (the claimer's PID), released when the
 * worker exits. A claim left by a worker that died is taken over, so a worker mocha starts anew
 * finds the database its predecessor used (cleared by the next suite that opens it).
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A Virtuoso the fixture started: its SPARQL endpoint and its throwaway directory. */
export interface TestVirtuoso {
  url: string;
  dir: string;
}

const claimFile = ({ dir }: TestVirtuoso): string => join(dir, 'claimed-by');

/** Whether process `pid` is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Writes this process's claim on `virtuoso`; false when a live process holds it. The claim is
 * written whole under a name of its own, then linked into place: a link is made only if the name
 * is free, and it names a file already holding the PID. (Written in place, a claim could be read
 * empty between its creation and its write, taken for a dead one's and claimed twice: two workers
 * starting together then shared one Virtuoso, each clearing it under the other.)
 */
function claim(virtuoso: TestVirtuoso): boolean {
  const file = claimFile(virtuoso);
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    linkSync(mine, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(mine, { force: true });
  }
  const holder = Number(readFileSync(file, 'utf8'));
  if (holder > 0 && alive(holder)) return false;
  // The holder died: its claim is moved aside (one process of any that try succeeds: a rename is
  // atomic, where a removal could remove a claim just made), then claimed as a free one.
  try {
    renameSync(file, `${file}.dead-${holder}-${process.pid}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return claim(virtuoso);
}

/** Claims the first free Virtuoso of `virtuosos` for this process until it exits. */
export function claimVirtuoso(virtuosos: readonly TestVirtuoso[]): TestVirtuoso {
  const free = virtuosos.find(claim);
  if (!free)
    throw new Error(
      `every one of the ${virtuosos.length} test Virtuosos is held by a running mocha worker: ` +
        'run as many workers as the fixture started (test/virtuoso/mocharc.json: jobs)',
    );
  process.once('exit', () => rmSync(claimFile(free), { force: true }));
  return free;
}
