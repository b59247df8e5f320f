/**
 * Preloaded (`node --import`) into a measured process: on exit it writes the CPU time the process
 * used, user + system over all its threads (getrusage RUSAGE_SELF), in ms, to the file named by
 * LOAD_BENCH_CPU_FILE. Exact where a poll of /proc from outside misses up to one interval.
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env['LOAD_BENCH_CPU_FILE'];
if (file !== undefined && isMainThread) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(file, String((user + system) / 1000));
  });
}
