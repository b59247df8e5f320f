// Where a reader waits while /_bulk streams (issue 35): the readers' bench once, its server profiled.
//   npx tsc -p . && TURNS_MAIN=<build>/dist/src/cli/main.js TURNS_DIR=/tmp/turns/a node scripts/turns/run.mjs 10000
//   node scripts/turns/summary.mjs /tmp/turns/a
// Run it for two builds in turn (A B B A) and compare the summaries: they count each delay by the CPU
// the thread spent in it, so they say more than the GET percentiles on a busy machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const { readersDuringBulk } = await import(new URL('../../dist/test/bench/scale/bulkReaders.js', import.meta.url).href);
const docs = Number(process.argv[2] ?? 10000);
const work = await mkdtemp(join(tmpdir(), 'turns-'));
const before = loadavg()[0];
try {
  const main = new URL('./serveProfiled.mjs', import.meta.url).pathname;
  const f = await readersDuringBulk(work, docs, docs, (m) => process.stderr.write(m + '\n'), [], main);
  console.log(JSON.stringify({ ...f, load: [before, loadavg()[0]] }));
} finally {
  await rm(work, { recursive: true, force: true });
}
