/**
 * What keeping the start-up indexes costs `linkedart load` (issue 35: within 5% of a load without):
 * the same rich documents (richCollection.ts) loaded into a new store with the indexes kept and with
 * `--no-start-indexes`, alternating A B B A in one run, each a whole process (CPU: every thread,
 * from the process itself at exit; wall: spawn to exit). Prints each side's median, the median of
 * the pairs' ratios, the load average, and the kept file's sha256 (the same in every round, so a
 * change to how the file is made can be checked byte for byte against another build's).
 * `--against <another checkout's dist/src/cli/main.js>`: that build's pair too, in the same rounds.
 *
 *   node dist/test/bench/scale/keptLoadCost.js [documents=20000] [rounds=4] [--against main.js]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEPT_INDEXES_FILE } from '../../../src/keptIndexes/keptIndexesFile.js';
import { richCollection } from './richCollection.js';

const args = process.argv.slice(2);
const against = args.indexOf('--against');
const plain = args.filter((_, i) => against < 0 || (i !== against && i !== against + 1));
const documents = Number(plain[0] ?? 20000);
const rounds = Number(plain[1] ?? 4);
const MAIN = fileURLToPath(new URL('../../../src/cli/main.js', import.meta.url));
/** The builds measured: this one, and the one given with --against. */
const BUILDS = [MAIN, ...(against >= 0 ? [args[against + 1]] : [])];
const CPU_AT_EXIT = new URL('../load/cpuAtExit.js', import.meta.url).href;

interface Run {
  readonly cpuMs: number;
  readonly wallMs: number;
}

async function writeNdjson(path: string): Promise<void> {
  const rich = richCollection(documents);
  const out = createWriteStream(path);
  for (let i = 0; i < documents; i++)
    if (!out.write(rich.documentAt(i) + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function load(dir: string, input: string, main: string, keeping: boolean): Promise<Run> {
  const dataDir = join(dir, keeping ? 'kept' : 'not-kept');
  const cpuFile = join(dir, 'cpu');
  await rm(dataDir, { recursive: true, force: true });
  const args = ['--import', CPU_AT_EXIT, main, 'load', '--data-dir', dataDir, '--no-progress', input];
  if (!keeping) args.push('--no-start-indexes');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOAD_BENCH_CPU_FILE: cpuFile },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`linkedart load exited ${code}: ${stderr}`);
  const cpuMs = Number(await readFile(cpuFile, 'utf8'));
  await rm(cpuFile);
  return { cpuMs, wallMs };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dir = await mkdtemp(join(tmpdir(), 'kept-load-cost-'));
try {
  const input = join(dir, 'rich.ndjson');
  await writeNdjson(input);
  const load1 = loadavg()[0];
  const measured = BUILDS.map((main) => ({
    main,
    kept: [] as Run[],
    without: [] as Run[],
    digests: new Set<string>(),
  }));
  // A warm-up of each (the disk cache, the compile cache), then A B B A ..., build after build in each round.
  for (const { main } of measured) for (const keeping of [true, false]) await load(dir, input, main, keeping);
  for (let r = 0; r < rounds; r++)
    for (const { main, kept, without, digests } of measured)
      for (const keeping of r % 2 === 0 ? [true, false] : [false, true]) {
        (keeping ? kept : without).push(await load(dir, input, main, keeping));
        if (keeping)
          digests.add(
            createHash('sha256')
              .update(await readFile(join(dir, 'kept', KEPT_INDEXES_FILE)))
              .digest('hex'),
          );
      }
  const load2 = loadavg()[0];
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `| ${documents} rich documents, ${rounds} pairs a build (A B B A), load ${load1.toFixed(1)}–${load2.toFixed(1)} | CPU s (median) | wall s (median) |`,
  );
  console.log('|---|---|---|');
  for (const { main, kept, without } of measured) {
    const ratio = (pick: (run: Run) => number) => median(kept.map((run, i) => pick(run) / pick(without[i]))).toFixed(3);
    const build = main === MAIN ? 'this build' : main;
    console.log(
      `| ${build}: load, start-up indexes kept | ${s(median(kept.map((r) => r.cpuMs)))} | ${s(median(kept.map((r) => r.wallMs)))} |`,
    );
    console.log(
      `| ${build}: load --no-start-indexes | ${s(median(without.map((r) => r.cpuMs)))} | ${s(median(without.map((r) => r.wallMs)))} |`,
    );
    console.log(
      `| ${build}: kept / --no-start-indexes, median of the pairs' ratios | ${ratio((r) => r.cpuMs)} | ${ratio((r) => r.wallMs)} |`,
    );
  }
  for (const { main, digests } of measured)
    console.log(
      `kept file sha256 (${main === MAIN ? 'this build' : main}): ${[...digests].join(', ')}${digests.size > 1 ? ' (DIFFERENT between rounds)' : ''}`,
    );
} finally {
  await rm(dir, { recursive: true, force: true });
}
