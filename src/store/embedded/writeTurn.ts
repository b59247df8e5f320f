/**
 * The store worker's write turn (StoreWorker.ts): writes (replaceGraphs, update) are validated and
 * applied to the in-memory store in arrival order, each gets the next sequence number, and its log
 * record is appended; the writer is answered once the record is fdatasync'ed (records of
 * concurrent writes share one fdatasync). A large replacement in the service is applied a few
 * documents at a time, the reads waiting answered in between (replaceInPieces.ts).
 */
import type { Engine } from './engine.js';
import type { ReplicaFeeds } from './replicaFeeds.js';
import type { StoreCeiling } from './storeCeiling.js';
import { StoreFull } from '../StoreFull.js';
import type { WriteAheadLog } from './wal.js';
import type { WorkerCompaction } from './workerCompaction.js';
import { diskFullDetails, isNoSpace } from './logRoom.js';
import { replaceRecord, updateRecord, type ReplaceRecord, type WrittenTexts } from './writeRecords.js';
import { applyPieces, documentPieces, giveWay, large, PIECE_BYTES, textsInSteps } from './replaceInPieces.js';
import type { WireGraphs } from '../../rdf/wireGraphs.js';

type ReplaceJob = {
  kind: 'replace';
  graphs: WireGraphs;
  /** Graph written → graph whose quads before the write it also gets (writeRecords.ts). */
  copies?: ReadonlyArray<readonly [string, string]>;
  /** Its texts, written in steps before it is applied (replaceInPieces.ts), or null: tried, refused. */
  written?: WrittenTexts | null;
  resolve: (seq: number) => void;
  reject: (e: unknown) => void;
};
export type WriteJob =
  ReplaceJob | { kind: 'update'; sparql: string; resolve: (seq: number) => void; reject: (e: unknown) => void };

/** The store a write turn applies to (StoreWorker). */
export interface WriteTurnHost {
  readonly dir: string;
  readonly engine: Engine;
  readonly ceiling: StoreCeiling;
  /** The service's reads not yet answered (EmbeddedStore counts them), or null: never applied in pieces. */
  readonly readersWaiting: Int32Array | null;
  readonly replicas: ReplicaFeeds;
  readonly compaction: WorkerCompaction;
  log(): WriteAheadLog;
  checkUsable(): void;
  failWith(err: unknown): Error;
  quads(): number;
  warn(msg: string): void;
  /** The sequence number of the last write applied. */
  lastSeq(): number;
  /** A write applied as `seq`. */
  applied(seq: number): void;
}

export class WriteTurn {
  private readonly writes: WriteJob[] = [];
  /** Writes wait while the log takes room for the first of them (makeRoomFor), and while a compaction creates the next log file. */
  private makingRoom = false;
  /** A replacement being applied in pieces (replaceInPieces.ts): later writes, compaction and close wait for it. */
  applying: Promise<void> | null = null;
  /** The last log append: once it is on disk, every write applied so far is (they are written in order). */
  appended: Promise<void> = Promise.resolve();

  constructor(private readonly host: WriteTurnHost) {}

  write(job: WriteJob): void {
    this.writes.push(job);
    this.pump();
  }

  pump(): void {
    while (this.writes.length > 0 && !this.makingRoom && !this.host.compaction.rotating && !this.applying) {
      const job = this.writes[0];
      // Resumed when the compaction or the seeding ends: an update is not idempotent (workerCompaction.ts).
      if (job.kind === 'update' && (this.host.compaction.compacting || this.host.replicas.seeding())) return;
      if (job.kind === 'replace' && job.written === undefined && this.host.readersWaiting && large(job.graphs)) {
        this.applying = textsInSteps(job.graphs, this.host.readersWaiting).then((written) => {
          job.written = written ?? null;
          this.applying = null;
          this.pump();
        });
        return;
      }
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
    this.host
      .log()
      .makeRoom(bytes)
      .then(
        () => {
          this.makingRoom = false;
          this.pump();
        },
        async (err: unknown) => {
          const refusal = isNoSpace(err)
            ? new StoreFull(await diskFullDetails(this.host.dir, bytes, this.host.quads()))
            : new Error(`could not take room for the log in ${this.host.dir}: ${(err as Error).message}`, {
                cause: err,
              });
          if (isNoSpace(err)) this.host.warn(refusal.message);
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
      this.host.checkUsable();
      const seq = this.host.lastSeq() + 1;
      if (job.kind === 'replace') {
        // Not `new` while a snapshot is being written: see workerCompaction.ts.
        const r = replaceRecord(
          this.host.engine,
          this.host.ceiling,
          seq,
          job.graphs,
          this.host.compaction.compacting,
          job.written ?? undefined,
          job.copies,
          PIECE_BYTES,
        );
        record = r.record;
        if (!this.host.log().hasRoomFor(record.length)) return record.length;
        const waiting = this.host.readersWaiting;
        // A record naming its copies is small (writeRecords.namedCopies): applied at once.
        if (waiting && r.copied === '' && r.body.length > PIECE_BYTES) {
          // Each step its own turn, a waiting read answered between two: the record (made above),
          // the cutting into pieces, each piece, the replicas' feed (replaced).
          const { names } = job.graphs;
          this.applying = giveWay(waiting)
            .then(() => {
              const pieces = documentPieces(names, r.texts, r.body, r.before) ?? [
                { names, body: r.body, before: r.before },
              ];
              return applyPieces(this.host.engine, pieces, r.plain, waiting);
            })
            .then(() => giveWay(waiting))
            .then(() => this.replaced(job, seq, r))
            .catch((err: unknown) => this.refused(job, err))
            .finally(() => {
              this.applying = null;
              this.pump();
            });
          return null;
        }
        // Oxigraph loads the record's UTF-8 bytes: cheaper than having it encode the string again.
        this.host.engine.replaceGraphs(job.graphs.names, r.body, r.before, r.plain, r.copied);
        this.host.compaction.deadBytes += r.before.chars;
        this.host.replicas.replaced(seq, job.graphs.names, r.texts);
      } else {
        record = updateRecord(this.host.engine, this.host.ceiling, seq, job.sparql);
        if (!this.host.log().hasRoomFor(record.length)) return record.length;
        this.host.engine.update(job.sparql);
        this.host.compaction.deadBytes += record.length;
        this.host.replicas.updated(seq, job.sparql);
      }
      this.host.applied(seq);
    } catch (err) {
      this.refused(job, err);
      return null;
    }
    this.logged(job, this.host.lastSeq(), record);
    return null;
  }

  private refused(job: WriteJob, err: unknown): void {
    // A WebAssembly trap (a panic in Oxigraph) leaves the store in an unknown state.
    if (err instanceof WebAssembly.RuntimeError) this.host.failWith(err);
    job.reject(err);
  }

  /** The last piece of a replacement applied (replaceInPieces.ts): counted, fed to the replicas, logged. */
  private replaced(job: ReplaceJob, seq: number, r: ReplaceRecord): void {
    this.host.compaction.deadBytes += r.before.chars;
    this.host.replicas.replaced(seq, job.graphs.names, r.texts);
    this.host.applied(seq);
    this.logged(job, seq, r.record);
  }

  /** A write applied as `seq`: its record appended, its writer told once it is on disk. */
  private logged(job: WriteJob, seq: number, record: Buffer): void {
    const appending = this.host.log().append(record);
    this.appended = appending.catch(() => undefined);
    appending.then(
      () => {
        job.resolve(seq);
        this.host.compaction.maybe();
      },
      (err: unknown) => {
        job.reject(this.host.failWith(err));
      },
    );
  }
}
