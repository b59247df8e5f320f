/**
 * Compaction's rules and its dump (worker.ts compacts): when a snapshot pays, and writing one
 * graph after graph while the worker keeps serving.
 */
import { unlink } from 'node:fs/promises';
import type { GraphRef } from './engine.js';
import { fsyncDir } from './fsutil.js';
import { SnapshotWriter, type SnapshotInfo } from './snapshot.js';
import { listLogFiles, type WriteAheadLog } from './wal.js';

/** During a snapshot, let other messages run after this much dumping. */
const YIELD_MS = 1;

/**
 * The log size that starts a compaction: compactAfterBytes, or the last snapshot's size when
 * that is larger. A snapshot rewrites the whole store, so with a fixed threshold a long load
 * would rewrite it again and again (work growing with the square of the store's size); this
 * way each snapshot is paid for by at least as many bytes of log, and the total is linear.
 */
export function compactionThreshold(compactAfterBytes: number, snapshotBytes: number): number {
  return Math.max(compactAfterBytes, snapshotBytes);
}

/** What compactionDue weighs, in bytes; `nextCompactionAt`: the log size a compaction waits for. */
export interface CompactionState {
  readonly deadBytes: number;
  readonly snapshotBytes: number;
  readonly logBytes: number;
  readonly nextCompactionAt: number;
}

/**
 * Whether a snapshot would pay now. Only dead data makes one worth writing: a log of new
 * graphs replays no slower than a snapshot of them loads (measured at 20k documents: 2.2 s to
 * replay the 130 MB log, 3.6 s to restore the 114 MB snapshot of the same quads), so
 * rewriting the store for it buys nothing (and costs 2 s at 20k documents, 12 s at 100k).
 *
 * The rule: dead data is at least a quarter of what recovery reads (snapshot + log). Then the
 * snapshot saves a quarter or more of every later open; recovery never reads more than 4/3 of
 * the live data (plus a log below the threshold); and a snapshot's cost (its live data, at
 * most three times the dead) stays proportional to the writes that made the data dead: linear
 * in all, like the growth rule. While writing, the log must also have reached the growth
 * threshold (compactionThreshold), so that a stream of replacements is batched into few
 * snapshots; at close there is no stream to wait for, and a snapshot due by the first rule is
 * written once for every later open. Dead data is counted in N-Triples characters, a little
 * less than the N-Quads the log holds for it: the rule errs towards not compacting.
 */
export function compactionDue(state: CompactionState, atClose: boolean): boolean {
  if (state.deadBytes === 0) return false;
  if (!atClose && state.logBytes < state.nextCompactionAt) return false;
  return state.deadBytes * 4 >= state.snapshotBytes + state.logBytes;
}

/**
 * Writes the snapshot of record `s0`: `graphs`, each as `dump` gives it, then commits it once
 * `durable` resolves (it throws if the snapshot must not be kept).
 */
export async function writeSnapshot(
  dir: string,
  s0: number,
  graphs: readonly GraphRef[],
  dump: (g: GraphRef) => string,
  durable: () => Promise<void>,
): Promise<SnapshotInfo> {
  const writer = await SnapshotWriter.create(dir, s0);
  try {
    await dumpGraphs(writer, graphs, dump);
    await durable();
    return await writer.commit();
  } catch (err) {
    await writer.abort().catch(() => undefined); // report the error that stopped the snapshot, not a cleanup one
    throw err;
  }
}

/** Deletes the log files before the current one: a snapshot covers them now. */
export async function dropCoveredLogs(dir: string, wal: WriteAheadLog): Promise<void> {
  for (const f of await listLogFiles(dir)) {
    if (f.firstSeq < wal.currentFirstSeq) await unlink(f.path);
  }
  await fsyncDir(dir);
  wal.olderFilesRemoved();
}

/** Writes `graphs` into the snapshot, each as `dump` gives it, letting other messages run between them. */
async function dumpGraphs(
  writer: SnapshotWriter,
  graphs: readonly GraphRef[],
  dump: (g: GraphRef) => string,
): Promise<void> {
  let slice = performance.now();
  for (const g of graphs) {
    // Each dump is synchronous and so sees one graph in one state. Between graphs, every
    // ~1 ms, other messages get a turn, so reads and writes wait about that long (measured
    // at 100k documents: reads 1.4 ms median during a snapshot, 0.3 ms otherwise).
    await writer.addGraph(graphTerm(g), dump(g));
    if (performance.now() - slice > YIELD_MS) {
      await new Promise<void>((r) => setImmediate(r));
      slice = performance.now();
    }
  }
}

function graphTerm(g: GraphRef): string {
  return g.t === 'N' ? `<${g.v}>` : g.t === 'B' ? `_:${g.v}` : '';
}
