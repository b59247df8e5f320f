/**
 * `node dist/test/bench/history/restartAtScaleRemote.js [documents] [versions]` (default 100,000 × 5):
 * issue 33's restart at scale, on the remote store (Virtuoso). The documents of restartAtScale.ts
 * (an object, its label and one Name) loaded through the service `versions` times into one Virtuoso,
 * each load changing every document (so each keeps versions − 1 past ones), and once into another,
 * every version kept. Then, for each: its database on disk after a checkpoint (the growth a past
 * version), Virtuoso's own restart (stopped, started again on its database: start.sh to its endpoint
 * answering), and `serve`'s start on it, spawn to "ready"; in turns A B B A.
 *
 * Two Virtuosos run at once: ports VIRT_HTTP_PORT / VIRT_SQL_PORT (default 19400 / 12400) and the
 * two after them. `--graph-index`: each gets the index by graph README has an operator make
 * (test/virtuoso/graphIndex.ts) before its first load; without it each load is slower than the one before.
 *
 * `--work DIR`: the two databases are kept in DIR (not a temporary directory removed at the end), with
 * `progress.json` naming the loads done; a run stopped (a signal, a session's end) is taken up again by
 * the same command: the Virtuosos start on their databases and the loads done are skipped. A load cut off
 * part way is run again whole: a document it stored already is unchanged, skipped by the load (no version
 * more). 100,000 × 5 takes hours of loads (each after the first replaces every document). DIR is removed
 * once the table is printed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/corpus.js';
import { remoteStoreArgs } from '../../support/remoteStoreArgs.js';
import { stoppedOnSignal } from '../../support/stoppedOnSignal.js';
import { printTable } from '../stats.js';
import { graphIndexMade } from '../../virtuoso/graphIndex.js';
import { MAIN, documentOf, load, note, run, secondsToReady } from './restartRuns.js';

const SCRIPTS = `${PROJECT_ROOT}test/virtuoso/`;
const [documents, versions] = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--work');
const DOCS = Number(documents ?? 100_000);
const VERSIONS = Number(versions ?? 5);
const GRAPH_INDEX = process.argv.includes('--graph-index');
const at = process.argv.indexOf('--work');
const WORK = at > 0 ? process.argv[at + 1] : undefined;
const HTTP_PORT = Number(process.env.VIRT_HTTP_PORT ?? 19400);
const SQL_PORT = Number(process.env.VIRT_SQL_PORT ?? 12400);

/** One Virtuoso of the bench: its directory and ports. */
interface Virtuoso {
  readonly dir: string;
  readonly httpPort: number;
  readonly sqlPort: number;
}

const envOf = (v: Virtuoso, fresh: boolean): NodeJS.ProcessEnv => ({
  ...process.env,
  VIRT_DIR: v.dir,
  VIRT_HTTP_PORT: String(v.httpPort),
  VIRT_SQL_PORT: String(v.sqlPort),
  VIRT_FRESH: fresh ? '1' : '0',
});

/** Starts it (on its database when not `fresh`); seconds until its endpoint answered. */
function start(v: Virtuoso, fresh: boolean): number {
  const t = performance.now();
  execFileSync('bash', [`${SCRIPTS}start.sh`], { env: envOf(v, fresh), stdio: ['ignore', 'ignore', 'inherit'] });
  return (performance.now() - t) / 1000;
}

function stop(v: Virtuoso, purge = false): void {
  execFileSync('bash', [`${SCRIPTS}stop.sh`], {
    env: { ...envOf(v, false), VIRT_PURGE: purge ? '1' : '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function storeArgs(v: Virtuoso): string[] {
  const url = `http://127.0.0.1:${v.httpPort}/sparql`;
  return remoteStoreArgs(url, { updateUrl: `${url}-auth`, user: 'dba', password: 'dba' });
}

/** Its database's bytes on disk after a checkpoint (the data file; the transaction log is emptied by it). */
async function databaseBytes(v: Virtuoso): Promise<number> {
  execFileSync('isql-vt', [String(v.sqlPort), 'dba', 'dba', 'exec=checkpoint;'], { stdio: 'ignore' });
  return (await stat(join(v.dir, 'virtuoso.db'))).size;
}

/** The loads done into each store so far, in a kept work directory (`--work`). */
type Progress = { documents: number; versions: number; loaded: Record<string, number> };

async function progressIn(work: string): Promise<Progress> {
  const file = join(work, 'progress.json');
  if (!existsSync(file)) return { documents: DOCS, versions: VERSIONS, loaded: {} };
  const progress = JSON.parse(await readFile(file, 'utf8')) as Progress;
  if (progress.documents !== DOCS || progress.versions !== VERSIONS)
    throw new Error(`${work} holds a run of ${progress.documents} × ${progress.versions}, not ${DOCS} × ${VERSIONS}`);
  return progress;
}

async function main(): Promise<void> {
  const work = WORK ?? (await mkdtemp(join(tmpdir(), 'linkedart-restart-remote-')));
  await mkdir(work, { recursive: true });
  const progress = await progressIn(work);
  const many = `× ${VERSIONS}`;
  const stores: Record<string, Virtuoso> = {
    [many]: { dir: join(work, 'many'), httpPort: HTTP_PORT, sqlPort: SQL_PORT },
    '× 1': { dir: join(work, 'one'), httpPort: HTTP_PORT + 1, sqlPort: SQL_PORT + 1 },
  };
  // Stopped part way, a kept work directory keeps its databases for the next run.
  const release = stoppedOnSignal(() => Object.values(stores).forEach((v) => stop(v, WORK === undefined)));
  let finished = false;
  try {
    for (const v of Object.values(stores)) {
      const fresh = !existsSync(join(v.dir, 'virtuoso.db'));
      start(v, fresh);
      if (GRAPH_INDEX && fresh) graphIndexMade(v.sqlPort);
    }
    for (let version = 1; version <= VERSIONS; version++) {
      const due = Object.entries(stores).filter(
        ([name]) => (version === 1 || name === many) && (progress.loaded[name] ?? 0) < version,
      );
      if (due.length === 0) continue;
      const dump = join(work, `v${version}.ndjson`);
      const lines: string[] = [];
      for (let i = 0; i < DOCS; i++) lines.push(documentOf(i, version));
      await writeFile(dump, lines.join('\n') + '\n');
      for (const [name, v] of due) {
        const t = performance.now();
        await run([MAIN, 'load', ...storeArgs(v), '--no-progress', '--keep-versions', 'all', dump]);
        note(`load ${version} into ${name}: ${((performance.now() - t) / 1000).toFixed(1)} s (load ${load()})`);
        progress.loaded[name] = version;
        await writeFile(join(work, 'progress.json'), JSON.stringify(progress));
      }
      await rm(dump);
    }
    const bytes: Record<string, number> = {};
    for (const [name, v] of Object.entries(stores)) bytes[name] = await databaseBytes(v);
    const names = Object.keys(stores);
    const restart: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    const ready: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const name of [names[0], names[1], names[1], names[0]]) {
      stop(stores[name]);
      restart[name].push(start(stores[name], false));
      ready[name].push(await secondsToReady(storeArgs(stores[name])));
      note(
        `${name}: Virtuoso ${restart[name].at(-1)!.toFixed(1)} s, serve ${ready[name].at(-1)!.toFixed(1)} s (load ${load()})`,
      );
    }
    const one = names[1];
    const best = (of: Record<string, number[]>, name: string) => Math.min(...of[name]);
    const row = (label: string, of: Record<string, number[]>) => [
      label,
      best(of, many).toFixed(1),
      best(of, one).toFixed(1),
      (best(of, many) / best(of, one)).toFixed(2),
    ];
    printTable(
      `History at scale on Virtuoso${GRAPH_INDEX ? ' (index by graph)' : ''}: ${DOCS} documents × ${VERSIONS} versions against × 1 (load average ${load()})`,
      ['', many, '× 1', 'ratio'],
      [
        [
          'database on disk after a checkpoint (MB)',
          (bytes[many] / 1e6).toFixed(1),
          (bytes[one] / 1e6).toFixed(1),
          (bytes[many] / bytes[one]).toFixed(2),
        ],
        ['growth per past version (bytes)', ((bytes[many] - bytes[one]) / (DOCS * (VERSIONS - 1))).toFixed(0), '', ''],
        row('Virtuoso restart: stopped, started on its database → endpoint answers (s, best of 2)', restart),
        row('serve spawned → ready on it (s, best of 2)', ready),
        [
          'each run, Virtuoso / serve (s)',
          ...[many, one].map((n) => restart[n].map((s, i) => `${s.toFixed(1)} / ${ready[n][i].toFixed(1)}`).join(', ')),
          '',
        ],
      ],
    );
    finished = true;
  } catch (error) {
    // What each Virtuoso said last, before its database is removed.
    for (const [name, v] of Object.entries(stores))
      note(
        `${name}: ${v.dir}/virtuoso.log ends:\n${execFileSync('tail', ['-n', '15', join(v.dir, 'virtuoso.log')], { encoding: 'utf8' })}`,
      );
    throw error;
  } finally {
    const removed = finished || WORK === undefined;
    for (const v of Object.values(stores)) stop(v, removed);
    release();
    if (removed) await rm(work, { recursive: true, force: true });
  }
}

await main();
