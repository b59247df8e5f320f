/**
 * A failpoint for tests of a full (or failing) disk where no small file system can be mounted:
 * while the file named by LINKEDART_FAULT_DISK_FULL exists, the store's writes (writeAll,
 * fsutil.ts) that need new room on the disk put down half of it and then fail with ENOSPC, as a
 * disk that fills up mid-write does (overwriting bytes the file holds goes on, as on any file
 * system without copy-on-write); removing the file "frees the space". If the file says `EIO`,
 * every write fails with EIO instead: a failing disk. Unset (always, outside tests), it costs
 * one comparison per write.
 */
import { existsSync, readFileSync } from 'node:fs';

const marker = process.env['LINKEDART_FAULT_DISK_FULL'];

/** The injected fault now: none, a full disk, or a failing one. */
export function injectedDiskFault(): 'ENOSPC' | 'EIO' | null {
  if (marker === undefined || marker === '' || !existsSync(marker)) return null;
  try {
    return readFileSync(marker, 'utf8').trim() === 'EIO' ? 'EIO' : 'ENOSPC';
  } catch {
    return 'ENOSPC'; // removed between the two calls: this write still meets it
  }
}

/** The error a write meets on a full or failing disk, as node:fs gives it. */
export function diskError(code: 'ENOSPC' | 'EIO', path: string): NodeJS.ErrnoException {
  const text = code === 'ENOSPC' ? 'no space left on device' : 'i/o error';
  const err: NodeJS.ErrnoException = new Error(`${code}: ${text}, write '${path}'`);
  err.code = code;
  err.errno = code === 'ENOSPC' ? -28 : -5;
  err.syscall = 'write';
  return err;
}
