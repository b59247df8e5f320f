/**
 * Room for the write-ahead log, taken before a write is applied: the log file is extended with
 * zeros ahead of its records (written, not a sparse hole, so the file system has allocated the
 * blocks), and records are then written over them. A write the disk has no room for is refused
 * here, before anything of it is applied or logged, instead of failing half-written after it
 * was applied in memory (which left the store unable to go on until a restart).
 *
 * The zeros after the last record are no torn record: recovery reads them as the log's end
 * (wal.ts), and the log cuts them off when it closes or moves to a new file.
 */
import { statfs } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { writeAll } from './fsutil.js';
import type { DiskFullDetails } from '../DiskFull.js';

/** Room is taken in steps of this much (or what a record needs, if more): one write of zeros per step. */
export const ROOM_STEP_BYTES = 8 * 1024 * 1024;
const ZEROS = Buffer.alloc(1024 * 1024);

export function isNoSpace(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Extends the file from `allocated` bytes to at least `needed`, and to `wanted` if the disk
 * has room for it. Returns the new length. On a disk without room for `needed`, cuts the file
 * back to `allocated` and throws the ENOSPC (or EDQUOT) error.
 */
export async function extendWithZeros(
  fh: FileHandle,
  allocated: number,
  needed: number,
  wanted: number,
): Promise<number> {
  for (const target of wanted > needed ? [wanted, needed] : [needed]) {
    try {
      await writeZeros(fh, allocated, target);
      return target;
    } catch (err) {
      // Whatever part of the zeros went down is given back: the disk is left as it was.
      await fh.truncate(allocated).catch(() => undefined);
      if (!isNoSpace(err) || target === needed) throw err;
    }
  }
  return allocated; // not reached: the last target either returns or throws
}

async function writeZeros(fh: FileHandle, from: number, to: number): Promise<void> {
  for (let at = from; at < to;) {
    const n = Math.min(ZEROS.length, to - at);
    at += await writeAll(fh, [ZEROS.subarray(0, n)], at);
  }
}

/** What a refusal says of the disk under `dataDir`: how much was free, of how much. */
export async function diskFullDetails(dataDir: string, neededBytes: number, quads: number): Promise<DiskFullDetails> {
  let availableBytes = 0;
  let limitBytes = 0;
  let usedBytes = 0;
  try {
    const fs = await statfs(dataDir);
    availableBytes = fs.bavail * fs.bsize;
    limitBytes = fs.blocks * fs.bsize;
    usedBytes = (fs.blocks - fs.bfree) * fs.bsize;
  } catch {
    // Without the figures the refusal still names the directory and the room needed.
  }
  return { limitSetBy: 'disk', dataDir, neededBytes, availableBytes, limitBytes, usedBytes, quads };
}
