/**
 * The store worker: owns the Oxigraph store (engine.ts), the write-ahead log (wal.ts) and the
 * snapshots (snapshot.ts) of one data directory, and answers EmbeddedStore's messages.
 *
 * Writes (replaceGraphs, update) are validated and applied to the in-memory store in arrival
 * order, each gets the next sequence number, and its log record is appended; the reply is sent
 * once the record is fdatasync'ed (records of concurrent writes share one fdatasync). A read
 * that arrives while a write's fdatasync is in flight already sees that write: if the process
 * dies before the sync, the write is lost, but its writer was never told it had succeeded.
 *
 * Compaction writes a snapshot and drops the log it covers. It pays only when the log holds dead
 * data: a log of new graphs replays no slower than a snapshot of them loads, so rewriting the
 * whole store would buy nothing. It runs when the data made dead since the last snapshot (graphs
 * replaced or emptied, SPARQL updates) is at least a quarter of what recovery reads (snapshot +
 * log) and the log has reached compactAfterBytes and the last snapshot's size; at close() on
 * the first condition alone; and on an explicit compact() always (compactionDue says why).
 *
 * A snapshot is written while the worker keeps serving: at its start it takes S0 = the last
 * sequence number and switches the log to a new file for records > S0, then dumps graph after
 * graph. Replacements that land meanwhile may or may not be in the snapshot; recovery replays
 * every record > S0 on top of it, and since a replace record sets whole graphs, the result is
 * the same either way. (Which is why such a record is never marked `new`: replay must drop its
 * graphs, which the snapshot may hold already.) SPARQL updates are not idempotent, so an update
 * waits (with every write queued behind it, to keep arrival order) until the snapshot is committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
// Before engine.js: it catches Oxigraph's WebAssembly memory as the module loads.
import { wasmMemoryBytes } from './wasmMemory.js';
import { Engine, type GraphRef } from './engine.js';
import { ReplicaFeeds } from './replicaFeeds.js';
import { refusal, storeCeiling, type StoreCeiling, type WriteSize } from './storeCeiling.js';
import { StoreFull } from '../StoreFull.js';
import { WriteAheadLog, listLogFiles } from './wal.js';
import { LogReader } from './LogReader.js';
import { encodeRecord, recordBody, type LogRecord } from './logRecord.js';
import { SnapshotWriter, readSnapshot, SNAPSHOT_TMP } from './snapshot.js';
import { fsyncDir } from './fsutil.js';
import { diskFullDetails, isNoSpace } from './logRoom.js';
import { WireEncoder, type WireGraphs } from '../../rdf/wireGraphs.js';
import { fromPlainQuad, type PlainQuad } from '../../rdf/terms.js';
import { wireToNQuads } from './wire.js';
import type { OpenInfo, Request, Response, SerializedError, StoreStats, WorkerInit } from './protocol.js';

type WriteJob =
  | { kind: 'replace'; graphs: WireGraphs; resolve: (seq: number) => void; reject: (e: unknown) => void }
  | { kind: 'update'; sparql: string; resolve: (seq: number) => void; reject: (e: unknown) => void };

/** During a snapshot, let other messages run after this much dumping. */
const YIELD_MS = 1;

class FatalError extends Error {
  override name = 'EmbeddedStoreFailed';
}

class StoreWorker {
  private readonly engine = new Engine();
  private wal: WriteAheadLog | null = null;
  private lastSeq = 0;
  private snapshotSeq = 0;
  private snapshotBytes = 0;
  /**
   * Data made dead since the snapshot (in the snapshot or the log): what the graphs replaced
   * held (as N-Triples characters, about their bytes), and every SPARQL update record whole.
   */
  private deadBytes = 0;
  private compactions = 0;
  private compacting: Promise<void> | null = null;
  /** After a failed compaction, do not retry before the log reaches this size. */
  private nextCompactionAt: number;
  private fatal: Error | null = null;
  private closed = false;
  private readonly writes: WriteJob[] = [];
  /**
   * Writes wait while the log takes room on the disk for the first of them (makeRoomFor), and
   * while a compaction creates the next log file (so that no record lands between its sequence
   * number and the file).
   */
  private makingRoom = false;
  private rotating = false;
  private readonly ceiling: StoreCeiling;
  /** The query replicas (queryWorker.ts): seeded from this store, then fed every write. */
  private readonly replicas: ReplicaFeeds;

  constructor(
    private readonly init: WorkerInit,
    private readonly warn: (msg: string) => void,
  ) {
    this.nextCompactionAt = init.compactAfterBytes;
    this.ceiling = storeCeiling(init.maxStoreBytes);
    this.replicas = new ReplicaFeeds(
      {
        lastSeq: () => this.lastSeq,
        allGraphs: () => this.engine.allGraphs(),
        dumpGraph: (g) => this.engine.dumpGraph(g),
        seedChunkChars: init.seedChunkChars,
      },
      warn,
      () => this.pump(),
    );
  }

  private get dir(): string {
    return this.init.dataDir;
  }

  private log(): WriteAheadLog {
    if (!this.wal) throw new Error('store is not open');
    return this.wal;
  }

  private failWith(err: unknown): Error {
    if (!this.fatal) {
      const e = err as Error;
      this.fatal = new FatalError(
        `embedded store in ${this.dir} failed and must be reopened: ${e?.message ?? String(err)}`,
      );
      this.warn(this.fatal.message);
    }
    return this.fatal;
  }

  private checkUsable(): void {
    if (this.fatal) throw this.fatal;
    if (this.closed) throw new Error(`embedded store in ${this.dir} is closed`);
  }

  // ---------------------------------------------------------------- recovery

  async open(): Promise<OpenInfo> {
    const t0 = performance.now();
    await rm(join(this.dir, SNAPSHOT_TMP), { force: true });
    const snap = await readSnapshot(this.dir, this.init.restoreChunkBytes, (chunk) => this.engine.loadTrig(chunk));
    this.snapshotSeq = snap?.seq ?? 0;
    this.snapshotBytes = snap?.bytes ?? 0;
    this.nextCompactionAt = this.compactionThreshold();
    this.lastSeq = this.snapshotSeq;

    const files = await listLogFiles(this.dir);
    let replayed = 0;
    let discarded = 0;
    let discardReason: string | null = null;
    let current: { path: string; firstSeq: number; size: number } | null = null;
    let olderBytes = 0;
    for (let i = 0; i < files.length; i++) {
      const file = files[i];
      const isLast = i === files.length - 1;
      const reader = await LogReader.open(file.path);
      try {
        for (let rec = await reader.next(); rec; rec = await reader.next()) {
          const seq = rec.header.seq;
          if (seq <= this.snapshotSeq) continue;
          if (seq !== this.lastSeq + 1) {
            throw new Error(`log ${file.path} holds record ${seq} after record ${this.lastSeq}: records are missing`);
          }
          try {
            this.replay(rec);
          } catch (err) {
            throw new Error(`cannot replay log record ${seq} of ${file.path}: ${(err as Error).message}`);
          }
          this.lastSeq = seq;
          replayed++;
        }
        if (reader.stopReason) {
          if (!isLast) {
            throw new Error(
              `log ${file.path} is damaged (${reader.stopReason}) and later log files exist; ` +
                'refusing to open: this is not the torn tail of a crash',
            );
          }
          discarded = reader.size - reader.validEnd;
          discardReason = reader.stopReason;
          this.warn(
            `discarding ${discarded} bytes at the end of ${file.path} (${reader.stopReason}): ` +
              'a write that was in progress when the process stopped, never acknowledged',
          );
        }
        if (isLast) current = { path: file.path, firstSeq: file.firstSeq, size: reader.validEnd };
        else olderBytes += reader.size;
      } finally {
        await reader.close();
      }
    }
    if (current && current.firstSeq > this.lastSeq + 1) {
      throw new Error(
        `log ${current.path} starts at record ${current.firstSeq} but the data ends at record ${this.lastSeq}: records are missing`,
      );
    }
    this.wal = await WriteAheadLog.open(this.dir, current, this.lastSeq + 1, olderBytes);
    return {
      snapshotSeq: this.snapshotSeq,
      snapshotBytes: this.snapshotBytes,
      replayedRecords: replayed,
      discardedTailBytes: discarded,
      discardReason,
      lastSeq: this.lastSeq,
      quads: this.engine.size(),
      restoreMs: performance.now() - t0,
    };
  }

  private replay(rec: LogRecord): void {
    if (rec.header.op === 'replace') {
      this.engine.replayReplace(rec.header.graphs, rec.body, rec.header.new !== true);
      this.deadBytes += rec.header.dead ?? rec.body.length;
      return;
    }
    // Replaying SPARQL text re-evaluates it: NOW(), RAND(), UUID(), STRUUID() and BNODE() give
    // other values than the first time (and new blank node ids), so an update using them is
    // restored equivalently, not identically. Deterministic updates replay exactly.
    this.engine.update(rec.body.toString('utf8'));
    this.deadBytes += rec.bytes;
  }

  // ---------------------------------------------------------------- writes

  write(job: WriteJob): void {
    this.writes.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.writes.length > 0 && !this.makingRoom && !this.rotating) {
      const job = this.writes[0];
      // Resumed when the compaction or the seeding ends: an update is not idempotent (see above).
      if (job.kind === 'update' && (this.compacting || this.replicas.seeding())) return;
      const roomNeeded = this.applyAndLog(job);
      if (roomNeeded !== null) {
        this.makeRoomFor(job, roomNeeded);
        return;
      }
      this.writes.shift();
    }
  }

  /**
   * The disk has no room taken yet for the log record of the write at the head of the queue:
   * take it (wal.ts, logRoom.ts), then apply the write from the start (what it overwrites may
   * be read again; its record is built again). A disk without room refuses that write alone,
   * with StoreFull (507), before anything of it was applied: the store goes on as it was, and the
   * next write tries again, so writes resume by themselves once space is freed.
   */
  private makeRoomFor(job: WriteJob, bytes: number): void {
    this.makingRoom = true;
    this.log()
      .makeRoom(bytes)
      .then(
        () => {
          this.makingRoom = false;
          this.pump();
        },
        async (err: unknown) => {
          const refusal = isNoSpace(err)
            ? new StoreFull(await diskFullDetails(this.dir, bytes, this.quadCount()))
            : new Error(`could not take room for the log in ${this.dir}: ${(err as Error).message}`, { cause: err });
          if (isNoSpace(err)) this.warn(refusal.message);
          this.makingRoom = false;
          this.writes.shift(); // `job`: nothing else ran while the room was being taken
          job.reject(refusal);
          this.pump();
        },
      );
  }

  /** Applies and logs a write; or, if the log has no room for its record yet, does nothing and says how much it needs. */
  private applyAndLog(job: WriteJob): number | null {
    let record: Buffer;
    try {
      this.checkUsable();
      const seq = this.lastSeq + 1;
      if (job.kind === 'replace') {
        const names = job.graphs.names;
        const texts = wireToNQuads(job.graphs); // validates names and terms
        const before = this.engine.overwritten(names);
        // `new`: see the file comment on why not while a snapshot is being written.
        const fresh = before.graphs.length === 0 && !this.compacting;
        record = encodeRecord(
          { seq, op: 'replace', graphs: names, dead: before.chars, ...(fresh ? { new: true } : {}) },
          texts,
        );
        const body = recordBody(record);
        this.checkRoom({
          recordBytes: body.length,
          quads: linesIn(body),
          replacedQuads: before.graphs.reduce((n, [, nt]) => n + linesIn(nt), 0),
        });
        if (!this.log().hasRoomFor(record.length)) return record.length;
        // Oxigraph loads the record's UTF-8 bytes: cheaper than having it encode the string again.
        this.engine.replaceGraphs(names, body, before);
        this.deadBytes += before.chars;
        this.replicas.replaced(seq, names, texts);
      } else {
        record = encodeRecord({ seq, op: 'update' }, job.sparql);
        // What an update does is not known before it runs: it counts as growing the store.
        this.checkRoom({ recordBytes: record.length, quads: 1, replacedQuads: 0 });
        if (!this.log().hasRoomFor(record.length)) return record.length;
        this.engine.update(job.sparql);
        this.deadBytes += record.length;
        this.replicas.updated(seq, job.sparql);
      }
      this.lastSeq = seq;
    } catch (err) {
      // A WebAssembly trap (a panic in Oxigraph) leaves the store in an unknown state.
      if (err instanceof WebAssembly.RuntimeError) this.failWith(err);
      job.reject(err);
      return null;
    }
    const seq = this.lastSeq;
    this.log()
      .append(record)
      .then(
        () => {
          job.resolve(seq);
          this.maybeCompact();
        },
        (err: unknown) => {
          job.reject(this.failWith(err));
        },
      );
    return null;
  }

  /**
   * Refuses a write the store's memory has no room for (storeCeiling.ts), before anything of it
   * is applied or logged: the store stays as it was, and goes on answering.
   */
  private checkRoom(write: WriteSize): void {
    const refused = refusal(this.ceiling, wasmMemoryBytes(), write);
    if (refused) {
      throw new StoreFull({
        usedBytes: refused.usedBytes,
        limitBytes: refused.limitBytes,
        limitSetBy: refused.setBy,
        neededBytes: refused.neededBytes,
        quads: this.engine.size(),
      });
    }
  }

  // ---------------------------------------------------------------- compaction

  /**
   * The log size that starts a compaction: compactAfterBytes, or the last snapshot's size when
   * that is larger. A snapshot rewrites the whole store, so with a fixed threshold a long load
   * would rewrite it again and again (work growing with the square of the store's size); this
   * way each snapshot is paid for by at least as many bytes of log, and the total is linear.
   */
  private compactionThreshold(): number {
    return Math.max(this.init.compactAfterBytes, this.snapshotBytes);
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
  private compactionDue(atClose: boolean): boolean {
    const wal = this.wal;
    if (!wal || this.deadBytes === 0) return false;
    if (!atClose && wal.totalBytes < this.nextCompactionAt) return false;
    return this.deadBytes * 4 >= this.snapshotBytes + wal.totalBytes;
  }

  private maybeCompact(): void {
    if (!this.wal || this.compacting || this.closed || this.fatal) return;
    if (!this.compactionDue(false)) return;
    this.compact().catch((err: unknown) => {
      this.warn(
        `compaction of ${this.dir} failed (the log keeps growing until one succeeds): ${(err as Error).message}`,
      );
    });
  }

  /**
   * Writes a snapshot covering everything applied so far and drops the log files it covers.
   * While one runs, a second call gets the same promise.
   */
  compact(): Promise<void> {
    if (this.compacting) return this.compacting;
    const run = this.runCompaction().catch((err: unknown) => {
      // Set before the check below, so that a failing compaction is not retried at once.
      this.nextCompactionAt = (this.wal?.totalBytes ?? 0) + this.init.compactAfterBytes;
      throw err;
    });
    this.compacting = run.finally(() => {
      this.compacting = null;
      this.pump();
      // Writes that landed during the snapshot may have filled the log again: compact now
      // rather than at the next write's end, which may never come.
      this.maybeCompact();
    });
    return this.compacting;
  }

  private async runCompaction(): Promise<void> {
    if (this.fatal) throw this.fatal;
    const wal = this.log();
    // Writes wait while the next log file is created: its name is the sequence number after s0.
    // (If it cannot be, on a full disk, the compaction fails and writes go on in the current file.)
    this.rotating = true;
    let s0: number;
    let dead0: number;
    let graphs: GraphRef[];
    let rotated: Promise<void>;
    try {
      s0 = this.lastSeq;
      const next = await wal.createNext(s0 + 1);
      rotated = wal.switchTo(next); // records <= s0 stay in older files, later ones go to the new file
      rotated.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      // What the snapshot makes live again: the dead data so far (later writes' stays in the log).
      dead0 = this.deadBytes;
      graphs = this.engine.allGraphs(); // graphs created later are in the new log
    } finally {
      this.rotating = false;
      this.pump();
    }
    const writer = await SnapshotWriter.create(this.dir, s0);
    let info;
    try {
      let slice = performance.now();
      for (const g of graphs) {
        // Each dump is synchronous and so sees one graph in one state. Between graphs, every
        // ~1 ms, other messages get a turn, so reads and writes wait about that long (measured
        // at 100k documents: reads 1.4 ms median during a snapshot, 0.3 ms otherwise).
        await writer.addGraph(graphTerm(g), this.engine.dumpGraph(g));
        if (performance.now() - slice > YIELD_MS) {
          await new Promise<void>((r) => setImmediate(r));
          slice = performance.now();
        }
      }
      await rotated; // every record <= s0 is durable in the log
      // A write whose log append failed meanwhile may be in the dump: do not make it durable.
      // (Set by another call while this one awaited: tsc still narrows it to null from the check on entry.)
      const fatal = this.fatal as Error | null;
      if (fatal) throw fatal;
      info = await writer.commit();
    } catch (err) {
      await writer.abort().catch(() => undefined); // report the error that stopped the snapshot, not a cleanup one
      throw err;
    }
    this.snapshotSeq = s0;
    this.snapshotBytes = info.bytes;
    this.deadBytes -= dead0;
    this.compactions++;
    this.nextCompactionAt = this.compactionThreshold();
    for (const f of await listLogFiles(this.dir)) {
      if (f.firstSeq < wal.currentFirstSeq) await unlink(f.path);
    }
    await fsyncDir(this.dir);
    wal.olderFilesRemoved();
  }

  // ---------------------------------------------------------------- close

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const wal = this.wal;
    if (!wal) return;
    try {
      // A compaction in flight finishes first (its failure was already reported to whoever
      // started it); then one more is written if enough of the data is dead (compactionDue):
      // a log of new graphs stays as it is, to be replayed at the next open.
      while (this.compacting) await this.compacting.catch(() => undefined);
      await wal.drain();
      if (!this.fatal && this.compactionDue(true)) await this.runCompaction();
    } finally {
      await wal.close();
    }
  }

  // ---------------------------------------------------------------- dispatch

  handle(req: Request): unknown {
    // a Promise, or the answer itself
    switch (req.op) {
      case 'open':
        return this.open();
      case 'replaceGraphs':
        return new Promise<number>((resolve, reject) =>
          this.write({ kind: 'replace', graphs: req.graphs, resolve, reject }),
        );
      case 'update':
        return new Promise<number>((resolve, reject) =>
          this.write({ kind: 'update', sparql: req.sparql, resolve, reject }),
        );
      case 'attachReplica':
        this.checkUsable();
        return this.replicas.attach(req.replica, req.port);
      case 'detachReplica':
        return this.replicas.detach(req.replica);
      case 'close':
        return this.close();
      // Even when the store failed: /metrics goes on answering (and says how far the log got).
      case 'stats':
        return this.stats();
      default:
        break;
    }
    this.checkUsable();
    switch (req.op) {
      case 'readGraphs':
        return this.engine.readGraphs(req.names);
      case 'readWireGraphs':
        return wireOf(this.engine.readGraphs(req.names));
      case 'hasGraph':
        return this.engine.hasGraph(req.name);
      case 'listGraphs':
        return this.engine.listGraphs();
      case 'query':
        return this.engine.query(req.sparql);
      case 'size':
        return this.engine.size();
      case 'compact':
        return this.compact();
      default:
        throw new Error(`unknown operation ${(req as { op: string }).op}`);
    }
  }

  /** The last count of quads and the write it was counted at. */
  private counted: { seq: number; quads: number } | undefined;

  /**
   * Quads in the store, counted again only after a write: Oxigraph counts by walking every
   * quad (about 0.1 s a million), and /metrics asks every scrape.
   */
  private quadCount(): number {
    // A failed store is not walked (its engine may be what failed): the last count stands.
    if (this.counted?.seq !== this.lastSeq && !this.fatal)
      this.counted = { seq: this.lastSeq, quads: this.engine.size() };
    return this.counted?.quads ?? 0;
  }

  private stats(): StoreStats {
    return {
      lastSeq: this.lastSeq,
      snapshotSeq: this.snapshotSeq,
      logBytes: this.wal?.totalBytes ?? 0,
      logSyncs: this.wal?.syncs ?? 0,
      snapshotBytes: this.snapshotBytes,
      deadBytes: this.deadBytes,
      compactions: this.compactions,
      compacting: this.compacting !== null,
      quads: this.quadCount(),
      workerMemory: process.memoryUsage(),
      memoryBytes: wasmMemoryBytes(),
      limitBytes: this.ceiling.limitBytes,
    };
  }
}

/** What a replacement overwrites, measured as its record measures itself: N-Quads, each line naming its graph. */
/** Lines (one quad each) in N-Quads or N-Triples text, as a string or UTF-8 bytes. */
function linesIn(text: string | Uint8Array): number {
  let lines = 0;
  if (typeof text === 'string') {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  } else {
    for (let i = text.indexOf(10); i >= 0; i = text.indexOf(10, i + 1)) lines++;
  }
  return lines;
}

function graphTerm(g: GraphRef): string {
  return g.t === 'N' ? `<${g.v}>` : g.t === 'B' ? `_:${g.v}` : '';
}

/**
 * Plain quads (runs of one graph each, as readGraphs answers) as wire graphs. A document of
 * 160,000 quads cloned object by object held the request thread some 250 ms (the clone and
 * its collection); interned, it is one array of distinct strings and one transferred buffer.
 */
function wireOf(quads: readonly PlainQuad[]): WireGraphs {
  const encoder = new WireEncoder();
  let start = 0;
  for (let i = 1; i <= quads.length; i++) {
    if (i === quads.length || quads[i][3].v !== quads[start][3].v) {
      encoder.add(quads[start][3].v, quads.slice(start, i).map(fromPlainQuad));
      start = i;
    }
  }
  return encoder.finish();
}

function isWire(value: unknown): value is WireGraphs {
  return typeof value === 'object' && value !== null && (value as { codes?: unknown }).codes instanceof Int32Array;
}

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    return {
      name: err.name,
      message: err.message,
      stack: err.stack,
      fatal: err instanceof FatalError,
      ...(err instanceof StoreFull ? { full: err.details } : {}),
    };
  }
  return { name: 'Error', message: String(err) };
}

const port = parentPort;
if (!port) throw new Error('worker.js must run as a worker thread');
const worker = new StoreWorker(workerData as WorkerInit, (message) =>
  port.postMessage({ id: null, notice: 'warning', message }),
);

port.on('message', (req: Request) => {
  // Wire graphs' codes are transferred, not copied.
  const reply = (res: Response) => port.postMessage(res, res.ok && isWire(res.value) ? [res.value.codes.buffer] : []);
  let result: unknown;
  try {
    result = worker.handle(req);
  } catch (err) {
    reply({ id: req.id, ok: false, error: serializeError(err) });
    return;
  }
  if (result instanceof Promise) {
    result.then(
      (value: unknown) => reply({ id: req.id, ok: true, value }),
      (err: unknown) => reply({ id: req.id, ok: false, error: serializeError(err) }),
    );
  } else {
    reply({ id: req.id, ok: true, value: result });
  }
});
