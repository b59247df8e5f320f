/**
 * Several service processes writing one remote store (issue 34): 1, 2 and 4 `linkedart serve`
 * processes on one Virtuoso, each sent N PUTs at once, with random conflicts: most PUTs replace a
 * document of a pool every process writes, the others are If-Match writes on a few contested
 * documents with the ETag just read (through any process), which lose when another write came
 * between. Counted from the store's own change feed afterwards:
 *
 *   lost        changes acknowledged (201, or 200 replaced) that have no activity in the feed
 *   duplicated  activities stored under a number another activity has too
 *   feed        the feed's length, against the changes acknowledged
 *   412         If-Match writes refused (conflicts detected)
 *   failed      writes answered neither a change nor a 412 (a 5xx, its cause from the process's log)
 *   undetected  If-Match writes that succeeded from a version another successful one replaced
 *
 * and writes/s (every write answered, over the wall time), and the store requests a PUT (every
 * request the processes sent the store while the PUTs ran, their reads of the ETag and their
 * feed followers' reads included, counted by a proxy in front of the store: test/support/
 * storeProxy.ts; its hop is in every run alike), and the deadlocks: the store's answers that
 * made a request a deadlock's victim (SQLSTATE 40001), each one a request sent again. Each
 * process count runs twice, interleaved (1, 2, 4, 1, 2, 4), on the same store emptied before each run.
 *
 *   npm run bench:processes                      50 PUTs per process
 *   npm run bench:processes -- --writes 10000    the size
 *   npm run bench:processes -- --processes 2,4   only these process counts
 *   npm run bench:processes -- --target          the target run: 2 and 4 processes, 10,000 PUTs
 *     each (--writes N for fewer), one round; each run checked (0 lost, 0 duplicated, the feed's
 *     length the changes acknowledged, 0 undetected), the exit code 1 when one is not met
 *   --profile                                    each run's store requests by kind: count a PUT, the store's
 *     time over each (the guarded write's is the time the write turn is held)
 *   --rounds N                                   rounds of the interleaved runs (default 2; 1 with --target)
 *   --reference DIR                              also runs the build of the project at DIR (another checkout,
 *     compiled), each run of this build followed by the same run of that one (A B A B), on the same store
 *   npm run bench:processes -- --url http://127.0.0.1:8890/sparql --update-url …/sparql-auth --user dba --password dba
 *     a store the user runs (else a throwaway Virtuoso on VIRT_HTTP_PORT, default 18996)
 *   --graph-index                                the index README ("What an operator sets in Virtuoso") has an
 *     operator make, by graph (GSPO), made on the started Virtuoso before any process starts (made while writes
 *     run, Virtuoso 7.2 stopped with a GPF). Without it a read of a document's graph goes through every
 *     graph that states anything of its subjects, its past versions' included: it slows as histories grow
 *   --sql-port N                                 that store's SQL port: its own deadlock count (status()) is
 *     read over isql-vt before and after each run (the started Virtuoso's is read anyway). Virtuoso
 *     resolves many deadlocks without the client seeing a 40001: this column counts them all.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { SparqlStore } from '../../src/store/sparql/SparqlStore.js';
import { graphIndexMade } from '../virtuoso/graphIndex.js';
import type { ServerProcess } from '../integration/support/serverProcess.js';
import {
  duplicatedActivities,
  objectId,
  putObject,
  readObject,
  startProcesses,
  stopProcesses,
  storedFeed,
} from '../integration/support/severalProcesses.js';
import { givenStore, startVirtuoso, type RemoteStore } from './remote/virtuoso.js';
import { seededRandom } from '../support/random.js';
import { remoteStoreArgs } from '../support/remoteStoreArgs.js';
import { printTable } from './stats.js';
import { startStoreProxy, type StoreProxy } from '../support/storeProxy.js';
import { profileLines } from './processes/requestProfile.js';

const argument = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const TARGET = process.argv.includes('--target');
const WRITES = Number(argument('--writes') ?? (TARGET ? 10_000 : 50));
const PROCESS_COUNTS = (argument('--processes') ?? (TARGET ? '2,4' : '1,2,4')).split(',').map(Number);
const ROUNDS = Number(argument('--rounds') ?? (TARGET ? 1 : 2));
/** The reference build's project root (with a trailing slash), when one is compared. */
const REFERENCE = argument('--reference')?.replace(/\/?$/, '/');
/** Print each run's store requests by kind, with the store's time over each (requestProfile.ts). */
const PROFILE = process.argv.includes('--profile');
/** Make the operator's index by graph on the store before any process starts (graphIndexMade). */
const GRAPH_INDEX = process.argv.includes('--graph-index');
/** Documents every process replaces, and documents written only with If-Match. */
const POOL = 20;
const CONTESTED = 3;
/** Share of writes that are If-Match writes. */
const CONDITIONAL = 0.3;

interface Run {
  /** 'this' or 'reference' (--reference). */
  build: string;
  processes: number;
  writes: number;
  seconds: number;
  changes: number;
  feed: number;
  lost: number;
  duplicated: number;
  refused: number;
  failed: number;
  undetected: number;
  /** Store requests while the PUTs ran. */
  requests: number;
  /** Of those, answered as a deadlock's victim (and sent again). */
  deadlocks: number;
  /** Deadlocks the store counted while the PUTs ran (Virtuoso's status()), when its SQL port is known. */
  storeDeadlocks: number | undefined;
  load: number;
}

/** What one process's client did: changes acknowledged per document, If-Match writes won (document and base ETag), 412s. */
interface ClientTally {
  changes: Map<string, number>;
  won: Array<[string, string]>;
  refused: number;
  /** Writes answered with neither a change nor a 412 (a 5xx): not acknowledged, so never counted as lost. */
  failed: number;
}

/** A PUT as putObject makes it; a failure (an answer other than 200, 201 or 412) counted, its cause from the process's log printed. */
async function tallied(server: ServerProcess, tally: ClientTally, put: () => ReturnType<typeof putObject>) {
  try {
    return await put();
  } catch (error) {
    tally.failed++;
    const logged = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('request failed'))
      .pop();
    console.error(`${(error as Error).message}\n  logged: ${logged ?? '(nothing)'}`);
    return undefined;
  }
}

async function client(processes: readonly ServerProcess[], index: number, seed: number): Promise<ClientTally> {
  const random = seededRandom(seed);
  const own = processes[index].url;
  const tally: ClientTally = { changes: new Map(), won: [], refused: 0, failed: 0 };
  for (let n = 0; n < WRITES; n++) {
    const label = `process ${index}, write ${n}`;
    let name: string;
    let answer;
    if (random() < CONDITIONAL) {
      name = `contested-${Math.floor(random() * CONTESTED)}`;
      // The ETag read through any process: processes share nothing but the store.
      const current = await readObject(processes[Math.floor(random() * processes.length)].url, name);
      answer = await tallied(processes[index], tally, () => putObject(own, name, label, current?.etag ?? '"none"'));
      if (answer?.status === 412) tally.refused++;
      else if (answer && current) tally.won.push([name, current.etag]);
    } else {
      name = `pool-${Math.floor(random() * POOL)}`;
      answer = await tallied(processes[index], tally, () => putObject(own, name, label));
    }
    if (answer?.result === 'created' || answer?.result === 'replaced')
      tally.changes.set(objectId(name), (tally.changes.get(objectId(name)) ?? 0) + 1);
  }
  return tally;
}

async function run(
  count: number,
  store: RemoteStore,
  storeArgs: string[],
  proxy: StoreProxy,
  round: number,
  root?: string,
): Promise<Run> {
  const sparql = await SparqlStore.open(storeOptions(store));
  await sparql.clear();
  const processes = await startProcesses(count, storeArgs, root);
  try {
    // Each contested document exists before the conditional writes start.
    for (let c = 0; c < CONTESTED; c++) await putObject(processes[0].url, `contested-${c}`, 'first');
    proxy.reset();
    const deadlocksBefore = storeDeadlocks(store);
    const started = performance.now();
    const tallies = await Promise.all(processes.map((_, i) => client(processes, i, 1000 * round + i)));
    const seconds = (performance.now() - started) / 1000;
    const deadlocksAfter = storeDeadlocks(store);
    const requests = proxy.seen.length;
    const deadlocked = proxy.seen.filter((r) => r.deadlock);
    if (PROFILE)
      console.error(
        [`  store requests, ${count} process(es):`, ...profileLines(proxy.seen, WRITES * count)].join('\n'),
      );
    proxy.reset();
    // Which requests the store made victims: their kind and first words (a write's turn, a read…).
    const kinds = new Map<string, number>();
    for (const r of deadlocked) {
      const kind = `${r.kind}: ${r.text.replace(/\s+/g, ' ').slice(0, 100)}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, n] of kinds) console.error(`  deadlock victims ×${n}  ${kind}`);
    const changes = tallies.reduce((n, t) => n + [...t.changes.values()].reduce((a, b) => a + b, 0), 0) + CONTESTED;
    const feed = (await storedFeed(sparql)).length;
    const bases = tallies.flatMap((t) => t.won.map(([name, etag]) => `${name} ${etag}`));
    return {
      build: root === undefined ? 'this' : 'reference',
      processes: count,
      writes: WRITES * count,
      seconds,
      changes,
      feed,
      lost: Math.max(0, changes - feed),
      duplicated: await duplicatedActivities(sparql),
      refused: tallies.reduce((n, t) => n + t.refused, 0),
      failed: tallies.reduce((n, t) => n + t.failed, 0),
      undetected: bases.length - new Set(bases).size,
      requests,
      deadlocks: deadlocked.length,
      storeDeadlocks:
        deadlocksBefore === undefined || deadlocksAfter === undefined ? undefined : deadlocksAfter - deadlocksBefore,
      load: loadavg()[0],
    };
  } finally {
    await stopProcesses(processes);
    await sparql.close();
  }
}

/** The index by graph an operator makes for large collections (README), over the store's SQL port. */
function graphIndexOf(store: RemoteStore): void {
  const port = argument('--sql-port') ?? store.sqlPort;
  if (port === undefined) throw new Error("--graph-index needs the store's SQL port (--sql-port)");
  graphIndexMade(Number(port), argument('--password') ?? 'dba');
  console.error('made the index by graph (RDF_QUAD_GSPO)');
}

/** The deadlocks Virtuoso has counted since it started (status(): "Lock Status: N deadlocks"), when its SQL port is known. */
function storeDeadlocks(store: RemoteStore): number | undefined {
  const port = argument('--sql-port') ?? store.sqlPort;
  if (port === undefined) return undefined;
  const status = execFileSync(
    'isql-vt',
    [`127.0.0.1:${port}`, 'dba', argument('--password') ?? 'dba', "exec=status('')"],
    {
      encoding: 'utf8',
    },
  );
  const counted = /Lock Status: (\d+) deadlocks/.exec(status);
  return counted ? Number(counted[1]) : undefined;
}

function storeOptions(store: RemoteStore) {
  const updateUrl =
    argument('--update-url') ?? (argument('--url') ? undefined : store.url.replace(/\/sparql$/, '/sparql-auth'));
  const user = argument('--user') ?? (argument('--url') ? undefined : 'dba');
  const password = argument('--password') ?? (argument('--url') ? undefined : 'dba');
  return { queryUrl: store.url, updateUrl, user, password };
}

async function main(): Promise<void> {
  const given = argument('--url');
  const store = given ? givenStore(given) : await startVirtuoso({ httpPort: 18996, sqlPort: 11996 }, console.error);
  if (GRAPH_INDEX) graphIndexOf(store);
  // The processes talk to the store through the counting proxy (the bench's own reads do not).
  const proxy = await startStoreProxy(store.url);
  const options = storeOptions(store);
  const updateUrl = options.updateUrl && proxy.through(options.updateUrl);
  const storeArgs = remoteStoreArgs(proxy.url, { ...options, updateUrl });
  const runs: Run[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const count of PROCESS_COUNTS)
        for (const root of REFERENCE === undefined ? [undefined] : [undefined, REFERENCE]) {
          runs.push(await run(count, store, storeArgs, proxy, round, root));
          console.error(`${count} process(es), round ${round + 1}: ${JSON.stringify(runs[runs.length - 1])}`);
        }
  } finally {
    await proxy.close();
    await store.stop();
  }
  printTable(
    `Several processes writing one ${store.label}: ${WRITES} PUTs per process, ${Math.round(CONDITIONAL * 100)}% of them If-Match on ${CONTESTED} contested documents`,
    [
      ...(REFERENCE === undefined ? [] : ['build']),
      'processes',
      'writes',
      'writes/s',
      'changes',
      'feed',
      'lost',
      'duplicated',
      '412',
      'failed',
      'undetected',
      'store requests/PUT',
      'deadlocks',
      'store deadlocks',
      'load avg',
    ],
    runs.map((r) => [
      ...(REFERENCE === undefined ? [] : [r.build]),
      String(r.processes),
      String(r.writes),
      (r.writes / r.seconds).toFixed(1),
      String(r.changes),
      String(r.feed),
      String(r.lost),
      String(r.duplicated),
      String(r.refused),
      String(r.failed),
      String(r.undetected),
      (r.requests / r.writes).toFixed(2),
      String(r.deadlocks),
      r.storeDeadlocks === undefined ? '' : String(r.storeDeadlocks),
      r.load.toFixed(1),
    ]),
  );
  if (TARGET) {
    const missed = runs.flatMap((r) => missedTargets(r).map((what) => `${r.processes} processes: ${what}`));
    console.log(missed.length === 0 ? 'target met in every run' : `target missed:\n${missed.join('\n')}`);
    if (missed.length > 0) process.exitCode = 1;
  }
}

/** What the target asks of a run that this one did not do. */
function missedTargets(r: Run): string[] {
  const missed: string[] = [];
  if (r.lost > 0) missed.push(`${r.lost} changes lost`);
  if (r.duplicated > 0) missed.push(`${r.duplicated} activities duplicated`);
  if (r.feed !== r.changes) missed.push(`the feed has ${r.feed} activities for ${r.changes} changes`);
  if (r.undetected > 0) missed.push(`${r.undetected} If-Match conflicts undetected`);
  if (r.failed > 0) missed.push(`${r.failed} writes failed (answered 5xx)`);
  return missed;
}

await main();
