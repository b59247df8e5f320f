/** Small file system helpers for durable writes. */
import { open, type FileHandle } from 'node:fs/promises';

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
  while (pending.length > 0) {
    const { bytesWritten } = await fh.writev(pending, position + total);
    if (bytesWritten <= 0) throw new Error('write made no progress');
    total += bytesWritten;
    let skip = bytesWritten;
    const rest: Buffer[] = [];
    for (const b of pending) {
      if (skip >= b.length) { skip -= b.length; continue; }
      rest.push(skip > 0 ? b.subarray(skip) : b);
      skip = 0;
    }
    pending = rest;
  }
  return total;
}
