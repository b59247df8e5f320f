/** A file in chunks of 4 MiB, read as Oxigraph's `store.load` pulls them (the benches' bare Oxigraph loads). */
import { closeSync, openSync, readSync } from 'node:fs';

export const CHUNK_BYTES = 4 * 1024 * 1024;

export function* chunksOf(path: string): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      const n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}
