/**
 * The write-ahead log: an append-only sequence of self-checking records (logRecord.ts), one per
 * acknowledged write, in files `wal-<first sequence>.log` (read back by LogReader.ts).
 *
 * A record whose bytes are incomplete or whose checksum fails ends the log: after a crash that
 * can only be the tail being written when the process died, which nobody was told had been
 * stored. Recovery truncates it away so that new records follow a valid prefix.
 *
 * Appends are grouped: records appended while a write + fdatasync is in flight go out together
 * in the next write + fdatasync, and each append's promise resolves once its bytes are synced.
 *
 * Room on the disk is taken before a record is appended (hasRoomFor, makeRoom; logRoom.ts): the
 * file runs ahead of its records with zeros, which are not a torn record. A log that reads zeros
 * to the end of its file has simply ended there.
 */
import { open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, writeAll } from './fsutil.js';
import { extendWithZeros, ROOM_STEP_BYTES } from './logRoom.js';

export function logFileName(firstSeq: number): string {
  return `wal-${String(firstSeq).padStart(16, '0')}.log`;
}

const LOG_FILE = /^wal-(\d{16})\.log$/;

/** The log files in `dir`, oldest first. */
export async function listLogFiles(dir: string): Promise<Array<{ path: string; firstSeq: number }>> {
  const names = await readdir(dir);
  return names
    .map((name) => {
      const m = LOG_FILE.exec(name);
      return m ? { path: join(dir, name), firstSeq: Number(m[1]) } : null;
    })
    .filter((x): x is { path: string; firstSeq: number } => x !== null)
    .sort((a, b) => a.firstSeq - b.firstSeq);
}

/** A log file created for the records after a snapshot's sequence number, not yet written to. */
export interface NextLogFile {
  readonly fh: FileHandle;
  readonly path: string;
  readonly firstSeq: number;
}

type QueueEntry =
  | { kind: 'record'; buf: Buffer; resolve: () => void; reject: (err: Error) => void }
  | { kind: 'room'; bytes: number; resolve: () => void; reject: (err: Error) => void }
  | { kind: 'switch'; next: NextLogFile; resolve: () => void; reject: (err: Error) => void };

/** The appending side of the log. */
export class WriteAheadLog {
  private queue: QueueEntry[] = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  /** Sizes of older log files still on disk (not yet covered by a snapshot). */
  private olderBytes = 0;
  /** fdatasync calls made (fewer than records when concurrent appends share one). */
  syncs = 0;
  /** The current file's length: its records (`size`), then zeros taken as room for more. */
  private allocated: number;
  /**
   * The file the last entry queued writes to, where its records end, and the room it has:
   * what hasRoomFor() goes by, since an append is placed after everything queued before it.
   */
  private tail: { firstSeq: number; end: number; allocated: number };

  private constructor(
    private readonly dir: string,
    private fh: FileHandle,
    private path: string,
    private firstSeq: number,
    private size: number,
  ) {
    this.allocated = size;
    this.tail = { firstSeq, end: size, allocated: size };
  }

  /**
   * Opens `path` for appending at `size` (truncating anything after it, e.g. a torn tail), or
   * creates a new empty log file starting at `firstSeq` when `path` is null.
   */
  static async open(
    dir: string,
    current: { path: string; firstSeq: number; size: number } | null,
    firstSeq: number,
    olderBytes: number,
  ): Promise<WriteAheadLog> {
    let wal: WriteAheadLog;
    if (current) {
      const fh = await open(current.path, 'r+');
      const actual = (await fh.stat()).size;
      if (actual !== current.size) {
        await fh.truncate(current.size);
        await fh.sync();
      }
      wal = new WriteAheadLog(dir, fh, current.path, current.firstSeq, current.size);
    } else {
      const path = join(dir, logFileName(firstSeq));
      const fh = await open(path, 'w');
      await fh.sync();
      await fsyncDir(dir);
      wal = new WriteAheadLog(dir, fh, path, firstSeq, 0);
    }
    wal.olderBytes = olderBytes;
    return wal;
  }

  /** Bytes in all log files not yet covered by a snapshot. */
  get totalBytes(): number {
    return this.olderBytes + this.size;
  }
  /** Bytes in the current log file. */
  get currentBytes(): number {
    return this.size;
  }
  get currentFirstSeq(): number {
    return this.firstSeq;
  }
  get failed(): Error | null {
    return this.failure;
  }

  /**
   * Appends a record; resolves once it is on disk (written and fdatasync'ed). Whoever must not
   * meet a full disk half-way asks hasRoomFor() first.
   */
  append(record: Buffer): Promise<void> {
    this.tail.end += record.length;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'record', buf: record, resolve, reject });
      this.kick();
    });
  }

  /** Whether a record of `bytes` appended now lands in room already taken on the disk. */
  hasRoomFor(bytes: number): boolean {
    return this.tail.end + bytes <= this.tail.allocated;
  }

  /**
   * Takes room on the disk for a record of `bytes` appended after everything queued so far
   * (ROOM_STEP_BYTES at a time when the disk has it). Rejects with the ENOSPC error when the
   * disk has no room: the log and the disk are left as they were, and a later call tries again.
   */
  makeRoom(bytes: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'room', bytes, resolve, reject });
      this.kick();
    });
  }

  /**
   * Creates the file for records from `firstSeq` on (null if the current one starts there).
   * The caller appends nothing meanwhile, then hands it to switchTo(): if creating it fails
   * (a full disk), nothing changed and the log goes on in the current file.
   */
  async createNext(firstSeq: number): Promise<NextLogFile | null> {
    if (firstSeq === this.tail.firstSeq) return null; // the current file holds nothing older
    const path = join(this.dir, logFileName(firstSeq));
    const fh = await open(path, 'wx');
    try {
      await fh.sync();
      await fsyncDir(this.dir);
    } catch (err) {
      await fh.close().catch(() => undefined);
      await unlink(path).catch(() => undefined);
      throw err;
    }
    return { fh, path, firstSeq };
  }

  /**
   * Ends the current file: records appended before this call go to it, records appended after
   * go to `next`. Resolves once every record before it is on disk. (Cannot fail: the file exists.)
   */
  switchTo(next: NextLogFile | null): Promise<void> {
    if (!next) return this.drain();
    this.tail = { firstSeq: next.firstSeq, end: 0, allocated: 0 };
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ kind: 'switch', next, resolve, reject });
      this.kick();
    });
  }

  /** createNext() and switchTo() at once, for a caller that appends nothing meanwhile. */
  async rotate(firstSeq: number): Promise<void> {
    await this.switchTo(await this.createNext(firstSeq));
  }

  /** Called once a snapshot covers every file before the current one (they are deleted). */
  olderFilesRemoved(): void {
    this.olderBytes = 0;
  }

  /** Resolves when everything appended so far is on disk. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    await this.drain();
    await this.giveBackRoom(this.fh);
    await this.fh.close();
  }

  /** Cuts the zeros after the last record off the current file (a torn-off failure is harmless: zeros read as the end). */
  private async giveBackRoom(fh: FileHandle): Promise<void> {
    if (this.allocated > this.size) await fh.truncate(this.size).catch(() => undefined);
    this.allocated = this.size;
  }

  private kick(): void {
    if (this.failure) {
      const err = new Error(`write-ahead log ${this.path} failed earlier: ${this.failure.message}`);
      for (const e of this.queue.splice(0)) {
        if (e.kind === 'switch') void e.next.fh.close().catch(() => undefined);
        e.reject(err);
      }
      return;
    }
    if (this.flushing) return; // the running flush() takes the entry when it gets to it
    this.flushing = this.flush().then(
      () => this.flushDone(),
      (err: unknown) => {
        // flush() handles I/O errors itself; this is only a last guard so that nothing waits forever.
        this.failure ??= err instanceof Error ? err : new Error(String(err));
        this.flushDone();
      },
    );
  }

  /**
   * flush() returned because it found the queue empty, but it is only marked done here, a few
   * microtasks later: the callbacks of its last batch run first, and they may append or rotate
   * (a write's callback starts a compaction, which rotates). Those entries saw `flushing` still
   * set and did not start a flush, so this one takes them. (Without this, such an entry waited
   * for the next append, forever if none came: a compaction that never finished, and close()
   * hanging behind it.)
   */
  private flushDone(): void {
    this.flushing = null;
    if (this.queue.length > 0) this.kick();
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.failure) {
        this.kick();
        return;
      }
      const head = this.queue[0];
      if (head.kind === 'switch') {
        this.queue.shift();
        await this.switchFile(head.next);
        head.resolve();
        continue;
      }
      if (head.kind === 'room') {
        this.queue.shift();
        try {
          await this.extend(head.bytes);
          head.resolve();
        } catch (err) {
          head.reject(err as Error); // nothing was written: the log goes on
        }
        continue;
      }
      let n = 0;
      while (n < this.queue.length && this.queue[n].kind === 'record') n++;
      const batch = this.queue.splice(0, n) as Array<Extract<QueueEntry, { kind: 'record' }>>;
      try {
        const written = await writeAll(
          this.fh,
          batch.map((e) => e.buf),
          this.size,
        );
        this.size += written;
        await this.fh.datasync();
        this.syncs++;
        for (const e of batch) e.resolve();
      } catch (err) {
        // The bytes may be partly on disk: cut back to the last record synced (recovery would
        // cut them off as a torn tail anyway). The writes were applied in memory already, so
        // the log refuses all further writes and the store must be reopened. (With room taken
        // first, a full disk no longer ends here: only a failing one.)
        this.failure = err as Error;
        await this.fh.truncate(this.size).catch(() => undefined);
        for (const e of batch) e.reject(err as Error);
      }
    }
  }

  /** Room for `bytes` more after the records written so far (all those queued before this). */
  private async extend(bytes: number): Promise<void> {
    const needed = this.size + bytes;
    if (this.allocated < needed) {
      this.allocated = await extendWithZeros(
        this.fh,
        this.allocated,
        needed,
        Math.max(needed, this.size + ROOM_STEP_BYTES),
      );
    }
    if (this.tail.firstSeq === this.firstSeq) this.tail.allocated = this.allocated;
  }

  private async switchFile(next: NextLogFile): Promise<void> {
    const old = this.fh;
    await this.giveBackRoom(old);
    this.olderBytes += this.size;
    this.fh = next.fh;
    this.path = next.path;
    this.firstSeq = next.firstSeq;
    this.size = 0;
    this.allocated = 0;
    await old.close().catch(() => undefined);
  }
}
