/**
 * Reading a write-ahead log file (wal.ts) back, record by record.
 *
 * A record whose bytes are incomplete or whose checksum fails ends the log: after a crash that
 * can only be the tail being written when the process died, which nobody was told had been
 * stored. Recovery truncates it away so that new records follow a valid prefix. A log that
 * reads zeros to the end of its file (room taken ahead of its records, logRoom.ts) has simply
 * ended there.
 *
 * One buffer is read into again and again (grown only for a record larger than it), so a record's
 * `body` is valid until the next call of next(): a new buffer a block, each dead once read past,
 * left hundreds of MB of them to the thread's malloc arena between collections, resident for good
 * (issue 35: 40–60 MB of a 20,000-document start).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { decodePayload, HEADER_BYTES, MAX_RECORD_BYTES, RECORD_MAGIC, type LogRecord } from './logRecord.js';

/** Reads one log file record by record, stopping at the end of the valid prefix. */
export class LogReader {
  private buf: Buffer = Buffer.alloc(0);
  /** What `buf` is a view of, from its start: the one buffer reads go into. */
  private space: Buffer = Buffer.alloc(0);
  private bufStart = 0;
  private fileSize = 0;
  /** File offset just past the last valid record returned. */
  validEnd = 0;
  /** Why reading stopped before the end of the file (a torn or corrupt tail), if it did. */
  stopReason: string | null = null;

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
    private readonly blockBytes: number,
  ) {}

  static async open(path: string, blockBytes = 8 << 20): Promise<LogReader> {
    const fh = await open(path, 'r');
    const reader = new LogReader(fh, path, blockBytes);
    reader.fileSize = (await fh.stat()).size;
    return reader;
  }

  get size(): number {
    return this.fileSize;
  }

  /** Makes buf hold file bytes [pos, pos + n); false if the file ends first. */
  private async ensure(pos: number, n: number): Promise<boolean> {
    if (pos + n > this.fileSize) return false;
    const have = this.bufStart + this.buf.length;
    if (pos >= this.bufStart && pos + n <= have) return true;
    // The bytes from pos already read, moved to the start of the space (buf always starts there).
    const keepFrom = pos < have && pos >= this.bufStart ? pos - this.bufStart : this.buf.length;
    const keepLength = this.buf.length - keepFrom;
    const want = Math.max(n, this.blockBytes);
    const readLen = Math.min(want - keepLength, this.fileSize - (pos + keepLength));
    const total = keepLength + readLen;
    if (this.space.length < total) {
      const bigger = Buffer.allocUnsafe(Math.max(total, Math.min(this.blockBytes, this.fileSize)));
      this.space.copy(bigger, 0, keepFrom, keepFrom + keepLength);
      this.space = bigger;
    } else if (keepLength > 0) this.space.copyWithin(0, keepFrom, keepFrom + keepLength);
    let off = keepLength;
    while (off < total) {
      const { bytesRead } = await this.fh.read(this.space, off, total - off, pos + off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    this.buf = this.space.subarray(0, off);
    this.bufStart = pos;
    return pos + n <= this.bufStart + this.buf.length;
  }

  /** The next valid record, or null at the end of the valid prefix (its body is valid until the next call). */
  async next(): Promise<LogRecord | null> {
    const pos = this.validEnd;
    if (pos === this.fileSize) return null;
    if (!(await this.ensure(pos, HEADER_BYTES))) return this.stop(`incomplete record header at offset ${pos}`);
    const at = pos - this.bufStart;
    const magic = this.buf.readUInt32LE(at);
    const len = this.buf.readUInt32LE(at + 4);
    const sum = this.buf.readUInt32LE(at + 8);
    if (magic !== RECORD_MAGIC) {
      // Room the log had taken for records not written (logRoom.ts): the end, not a torn record.
      if (magic === 0 && (await this.zerosFrom(pos))) return null;
      return this.stop(`no record marker at offset ${pos}`);
    }
    if (len === 0 || len > MAX_RECORD_BYTES) return this.stop(`implausible record length ${len} at offset ${pos}`);
    if (!(await this.ensure(pos, HEADER_BYTES + len))) return this.stop(`record at offset ${pos} is cut short`);
    const start = pos - this.bufStart + HEADER_BYTES;
    const payload = this.buf.subarray(start, start + len);
    if (crc32(payload) !== sum) return this.stop(`checksum mismatch in record at offset ${pos}`);
    let record: LogRecord;
    try {
      record = decodePayload(payload);
    } catch (err) {
      return this.stop(`unreadable record at offset ${pos}: ${(err as Error).message}`);
    }
    this.validEnd = pos + HEADER_BYTES + len;
    return record;
  }

  /** Whether the file holds only zero bytes from `pos` to its end. */
  private async zerosFrom(pos: number): Promise<boolean> {
    for (let at = pos; at < this.fileSize;) {
      const n = Math.min(this.blockBytes, this.fileSize - at);
      if (!(await this.ensure(at, n))) return false;
      const start = at - this.bufStart;
      for (let i = start; i < start + n; i++) if (this.buf[i] !== 0) return false;
      at += n;
    }
    return true;
  }

  private stop(reason: string): null {
    this.stopReason = reason;
    return null;
  }

  async close(): Promise<void> {
    await this.fh.close();
  }
}
