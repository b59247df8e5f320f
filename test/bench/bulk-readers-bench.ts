/**
 * Readers while `/_bulk` streams (issue 35: GET p99 ≤ 30 ms during the load), this build paired
 * with another in the same run: bench:scale's readers row (scale/bulkReaders.ts), alternating the
 * two builds round by round so both meet the same machine load.
 *
 *   npm run bench:bulk-readers -- 10000                          this build alone, 10,000 into 10,000
 *   npm run bench:bulk-readers -- 10000 --vs ../base/dist/src/cli/main.js --rounds 2
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readersDuringBulk, type ReaderFigures } from './scale/bulkReaders.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { printTable } from './stats.js';

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagged = new Set(['--vs', '--rounds']);
const DOCS = Number(args.find((a, i) => /^\d+$/.test(a) && !flagged.has(args[i - 1])) ?? 10000);
const VS = valueOf('--vs');
const ROUNDS = Number(valueOf('--rounds') ?? 1);
const OURS = `${PROJECT_ROOT}dist/src/cli/main.js`;

const progress = (message: string) => process.stderr.write(`[bench:bulk-readers] ${message}\n`);
const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;
const load = () => loadavg()[0].toFixed(1);

const rows: string[][] = [];
const sides: Array<[string, string]> = [['ours', OURS], ...(VS ? [['reference', VS] as [string, string]] : [])];
const work = await mkdtemp(join(tmpdir(), 'linkedart-bulk-readers-'));
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // The reference first in even rounds: whichever runs second meets the machine the first left.
    const order = round % 2 === 0 ? [...sides].reverse() : sides;
    const figures = new Map<string, ReaderFigures>();
    for (const [name, main] of order) {
      progress(`round ${round}: ${name} (${main})`);
      const loadBefore = load();
      const f = await readersDuringBulk(join(work), DOCS, DOCS, progress, [], main);
      figures.set(name, f);
      rows.push([
        `round ${round}: ${name}`,
        `${ms1(f.duringLoad.p50)} / ${ms1(f.duringLoad.p99)} (n ${f.duringLoad.n})`,
        `${ms1(f.idle.p50)} / ${ms1(f.idle.p99)}`,
        `${f.bulkRate.toFixed(0)}`,
        `${loadBefore} → ${load()}`,
      ]);
      await rm(join(work, 'readers-data'), { recursive: true, force: true });
    }
    const ours = figures.get('ours');
    const reference = figures.get('reference');
    if (ours && reference) {
      rows.push([
        `round ${round}: ours / reference`,
        `p99 ${(ours.duringLoad.p99 / reference.duringLoad.p99).toFixed(2)}`,
        '',
        (ours.bulkRate / reference.bulkRate).toFixed(2),
        '',
      ]);
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
printTable(
  `bench:bulk-readers: GET while /_bulk streams ${DOCS.toLocaleString('en')} documents into ${DOCS.toLocaleString('en')} (target p99 ≤ 30 ms)`,
  ['build', 'during /_bulk p50 / p99', 'idle p50 / p99', 'bulk docs/s', 'load avg'],
  rows,
);
