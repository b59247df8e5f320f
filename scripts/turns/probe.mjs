// Event-loop delay probe, loaded into every thread of a profiled server (serveProfiled.mjs, --import):
// a 2 ms timer; each firing later than 8 ms is kept as [from µs, to µs] on the monotonic clock the
// CPU profile uses, so summary.mjs can count the CPU the thread spent inside each delay.
import { threadId } from 'node:worker_threads';
import { mkdirSync, writeFileSync } from 'node:fs';

const dir = `${process.env.TURNS_DIR ?? '/tmp/turns'}/lag`;
mkdirSync(dir, { recursive: true });
const us = () => Number(process.hrtime.bigint() / 1000n);
const lags = [];
let expected = us() + 2000;
const tick = () => {
  const now = us();
  if (now - expected > 8000) lags.push([expected, now]);
  expected = now + 2000;
  setTimeout(tick, 2).unref();
};
setTimeout(tick, 2).unref();
const save = () => writeFileSync(`${dir}/lag-${process.pid}-${threadId}.json`, JSON.stringify({ threadId, lags }));
process.on('exit', save);
setInterval(save, 2000).unref();
