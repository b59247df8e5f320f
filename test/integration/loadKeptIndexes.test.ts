/**
 * A `linkedart load` keeps the start-up indexes for the first start after it only once it has
 * stored everything it read (src/keptIndexes/LoadKeptIndexes.ts): killed (kill -9) or interrupted
 * part-way, it leaves no file claiming a position it does not cover — none in a new store, the file
 * before it untouched over a kept one — and the next start builds them from the store or reads
 * the log past the file. Through real processes, as an operator meets them.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOM_STEP_BYTES } from '../../src/store/embedded/logRoom.js';
import { richCollection } from '../bench/scale/richCollection.js';
import { PROJECT_ROOT } from '../support/corpus.js';
import { startServer } from './support/serverProcess.js';
import { loadWhole as loadInto } from './support/loadCommand.js';

const CLI = `${PROJECT_ROOT}dist/src/cli/main.js`;
const BASE = 'https://example.org/';
const KEPT = 'start-indexes.ndjson';

/** The log's bytes on disk (records and the room taken ahead of them). */
function logBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir)
    .filter((f) => f.startsWith('wal-'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

/** The position the kept file claims, or undefined without one. */
function keptAt(dir: string): number | undefined {
  if (!existsSync(join(dir, KEPT))) return undefined;
  return (JSON.parse(readFileSync(join(dir, KEPT), 'utf8').split('\n')[0]) as { seq: number }).seq;
}

/** A load of `input` into `dir`, sent `signal` once the log has grown past its first room (records stored); its exit code and standard error. */
async function loadStopped(
  dir: string,
  input: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'load', '--data-dir', dir, '--base-url', BASE, '--no-progress', '--batch-size', '20', input],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const before = logBytes(dir);
  // Past the first room step: more than ROOM_STEP_BYTES of records are on disk.
  while (!done && logBytes(dir) <= before + ROOM_STEP_BYTES) await new Promise((r) => setTimeout(r, 20));
  expect(done, `the load ended before it could be stopped: ${stderr}`).to.equal(false);
  child.kill(signal);
  return { code: await exited, stderr };
}

const loadWhole = (dir: string, input: string, ...flags: string[]): string => loadInto(dir, input, BASE, ...flags);

/** The line a start says where its indexes came from. */
async function startLine(dir: string): Promise<string> {
  const server = await startServer(['--data-dir', dir, '--token', 'curator-token-for-a-load-kept', '--base-url', BASE]);
  try {
    return /start-up indexes: [^\n]*/.exec(server.stderr())?.[0] ?? server.stderr();
  } finally {
    await server.stop();
  }
}

describe('a load stopped part-way keeps no start-up indexes: no file claims a position it does not cover', function () {
  this.timeout(600000);
  let work: string;
  let input: string;
  let first: string;
  let dir: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'linkedart-load-kept-'));
    const rich = richCollection(3000);
    input = join(work, 'rich.ndjson');
    first = join(work, 'first.ndjson');
    const lines = Array.from({ length: rich.size }, (_, i) => rich.documentAt(i));
    writeFileSync(input, lines.join('\n') + '\n');
    writeFileSync(first, lines.slice(0, 50).join('\n') + '\n');
  });
  beforeEach(() => {
    dir = mkdtempSync(join(work, 'data-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('kill -9 into a new store: no file; the next start builds them from the store', async () => {
    await loadStopped(dir, input, 'SIGKILL');
    expect(keptAt(dir)).to.equal(undefined);
    expect(await startLine(dir)).to.match(/built from the store \(none kept\)/);
  });

  it('kill -9 over a kept file: the file stays at its position; the next start reads the log past it or builds them', async () => {
    expect(loadWhole(dir, first)).to.match(/start-up indexes kept at log position 1\n/);
    await loadStopped(dir, input, 'SIGKILL');
    expect(keptAt(dir)).to.equal(1);
    expect(await startLine(dir)).to.match(
      /read as kept at log position 1, with the \d+ graphs written after it|built from the store \(\d+ documents written since position 1\)/,
    );
  });

  it('interrupted (Ctrl-C): the load says it kept nothing, and no file is left', async () => {
    const { code, stderr } = await loadStopped(dir, input, 'SIGINT');
    expect(code, stderr).to.equal(130);
    expect(stderr).to.match(/start-up indexes: not kept \(the load stopped/);
    expect(keptAt(dir)).to.equal(undefined);
    expect(await startLine(dir)).to.match(/built from the store \(none kept\)/);
  });

  it('a whole load into a new store: kept at its position, read by the first start', async () => {
    const said = loadWhole(dir, first);
    expect(said).to.match(/start-up indexes kept at log position 1\n/);
    expect(keptAt(dir)).to.equal(1);
    expect(await startLine(dir)).to.match(/read as kept at log position 1$/);
  });

  it('--no-start-indexes: the load says it kept nothing, and the first start builds them', async () => {
    const said = loadWhole(dir, first, '--no-start-indexes');
    expect(said).to.match(/start-up indexes: not kept \(asked not to, --no-start-indexes\)/);
    expect(keptAt(dir)).to.equal(undefined);
    expect(await startLine(dir)).to.match(/built from the store \(none kept\)/);
  });
});
