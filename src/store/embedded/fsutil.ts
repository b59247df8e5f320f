/** Small file system helpers for durable writes. */
import { open, type FileHandle } from 'node:fs/promises';
import { diskError, injectedDiskFault } from './diskFault.js';

/** Makes a directory's entries (created, renamed, removed files) durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch (err) {
    // Some platforms cannot fsync a directory (EISDIR/EINVAL/EPERM); Linux can.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM') throw err;
  } finally {
    await fh.close();
  }
}

/** Writes all buffers at `position`, retrying short writes. Returns the bytes written. */
export async function writeAll(fh: FileHandle, buffers: Buffer[], position: number): Promise<number> {
  let total = 0;
  let pending = buffers.filter((b) => b.length > 0);
  const fault = injectedDiskFault();
  if (fault === 'EIO') throw diskError('EIO', 'data directory');
  if (fault === 'ENOSPC') await failLikeAFullDisk(fh, pending, position);
  while (pending.length > 0) {
    const { bytesWritten } = await fh.writev(pending, position + total);
    if (bytesWritten <= 0) throw new Error('write made no progress');
    total += bytesWritten;
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const b of pending) {
      if (skip >= b.length) {
        skip -= b.length;
        continue;
      }
      rest.push(skip > 0 ? b.subarray(skip) : b);
      skip = 0;
    }
    pending = rest;
  }
  return total;
}

/**
 * The injected full disk (diskFault.ts), as a file system without copy-on-write behaves: bytes
 * over those the file already holds need no new room and go down; of the rest, half goes down
 * (the last blocks the disk had), then ENOSPC.
 */
async function failLikeAFullDisk(fh: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  const bytes = Buffer.concat(buffers);
  const fileSize = (await fh.stat()).size;
  if (position + bytes.length <= fileSize) return;
  const fits = Math.max(0, fileSize - position);
  const goesDown = fits + ((bytes.length - fits) >> 1);
  if (goesDown > 0) await fh.write(bytes, 0, goesDown, position);
  throw diskError('ENOSPC', 'data directory');
}
