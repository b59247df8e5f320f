/**
 * Recovery's second half (worker.ts open): replaying the write-ahead log's records after the
 * snapshot, file by file, oldest first. Records must follow each other without a gap; a damaged
 * tail is dropped only in the last file, where it can be the write in progress when the process
 * stopped (never acknowledged); anywhere else it is damage, and the store refuses to open.
 */
import { LogReader } from './LogReader.js';
import type { Engine } from './engine.js';
import type { LogRecord } from './logRecord.js';
import { listLogFiles } from './wal.js';
import { replayedCopies } from './graphCopies.js';

/** What replaying the log found, and where appending goes on. */
export interface LogReplay {
  lastSeq: number;
  /** The data the records replayed made dead (StoreWorker's deadBytes). */
  deadBytes: number;
  replayed: number;
  discarded: number;
  discardReason: string | null;
  /** The last log file, to append to from its valid end (null: no log file yet). */
  current: { path: string; firstSeq: number; size: number } | null;
  /** Sizes of the log files before the last one. */
  olderBytes: number;
  /**
   * The graphs the records after `keptSince` wrote (what the kept start-up indexes have not seen:
   * src/keptIndexes/), in order, repeats left in; null when they cannot be known: a record before it
   * is in the snapshot only, the log ends before it, or one of them is a SPARQL update. Absent when not asked.
   */
  writtenSince?: string[] | null;
}

/**
 * Replays every record of the logs in `dir` after `snapshotSeq` into `engine`, in order; with
 * `keptSince`, notes the graphs the records after it wrote (LogReplay.writtenSince).
 */
export async function replayLog(
  dir: string,
  snapshotSeq: number,
  engine: Engine,
  warn: (msg: string) => void,
  keptSince?: number,
): Promise<LogReplay> {
  const files = await listLogFiles(dir);
  const found: LogReplay = {
    lastSeq: snapshotSeq,
    deadBytes: 0,
    replayed: 0,
    discarded: 0,
    discardReason: null,
    current: null,
    olderBytes: 0,
  };
  let written: string[] | null | undefined = keptSince === undefined ? undefined : keptSince < snapshotSeq ? null : [];
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const isLast = i === files.length - 1;
    const reader = await LogReader.open(file.path);
    try {
      for (let rec = await reader.next(); rec; rec = await reader.next()) {
        const seq = rec.header.seq;
        if (seq <= snapshotSeq) continue;
        if (seq !== found.lastSeq + 1) {
          throw new Error(`log ${file.path} holds record ${seq} after record ${found.lastSeq}: records are missing`);
        }
        try {
          found.deadBytes += replay(engine, rec);
        } catch (err) {
          throw new Error(`cannot replay log record ${seq} of ${file.path}: ${(err as Error).message}`);
        }
        found.lastSeq = seq;
        found.replayed++;
        if (written && seq > keptSince!)
          written = rec.header.op === 'replace' ? noted(written, rec.header.graphs) : null;
      }
      if (reader.stopReason) {
        if (!isLast) {
          throw new Error(
            `log ${file.path} is damaged (${reader.stopReason}) and later log files exist; ` +
              'refusing to open: this is not the torn tail of a crash',
          );
        }
        found.discarded = reader.size - reader.validEnd;
        found.discardReason = reader.stopReason;
        warn(
          `discarding ${found.discarded} bytes at the end of ${file.path} (${reader.stopReason}): ` +
            'a write that was in progress when the process stopped, never acknowledged',
        );
      }
      if (isLast) found.current = { path: file.path, firstSeq: file.firstSeq, size: reader.validEnd };
      else found.olderBytes += reader.size;
    } finally {
      await reader.close();
    }
  }
  if (written !== undefined) found.writtenSince = keptSince! > found.lastSeq ? null : written;
  const current = found.current;
  if (current && current.firstSeq > found.lastSeq + 1) {
    throw new Error(
      `log ${current.path} starts at record ${current.firstSeq} but the data ends at record ${found.lastSeq}: records are missing`,
    );
  }
  return found;
}

/** `graphs` added to `into` (one push a graph: a spread of a load's batch would copy `into` each time). */
function noted(into: string[], graphs: readonly string[]): string[] {
  for (const graph of graphs) into.push(graph);
  return into;
}

/** Applies one record to `engine`; the data it made dead. */
function replay(engine: Engine, rec: LogRecord): number {
  if (rec.header.op === 'replace') {
    // Copies the record names are made from the graphs before the replacement, as when it was written.
    const { copies } = rec.header;
    const copied = copies ? replayedCopies(copies, (name) => engine.graphTexts([name])[0]) : '';
    engine.replayReplace(rec.header.graphs, rec.body, rec.header.new !== true, copied);
    return rec.header.dead ?? rec.body.length;
  }
  // Replaying SPARQL text re-evaluates it: NOW(), RAND(), UUID(), STRUUID() and BNODE() give
  // other values than the first time (and new blank node ids), so an update using them is
  // restored equivalently, not identically. Deterministic updates replay exactly.
  engine.update(rec.body.toString('utf8'));
  return rec.bytes;
}
