/**
 * Preloaded (`node --import`) into a measured process: on exit it writes the process's peak
 * resident set size (VmHWM from /proc/self/status, in bytes; it covers every thread, the store's
 * worker included) to the file named by LOAD_BENCH_PEAK_FILE. A poll from outside can miss the
 * last moments before exit (the final snapshot of a close); this cannot.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env['LOAD_BENCH_PEAK_FILE'];
if (file !== undefined && isMainThread) {
  process.on('exit', () => {
    try {
      const m = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
      if (m) writeFileSync(file, String(Number(m[1]) * 1024));
    } catch {
      // Not Linux: the poll from outside is all there is.
    }
  });
}
