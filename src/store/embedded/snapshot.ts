/**
 * The snapshot: the whole dataset as N-Quads, each graph's quads together and followed by an
 * empty line, written to `snapshot.nq.tmp`, fsynced and renamed over `snapshot.nq`.
 *
 * N-Quads cut into load() calls of ~4 MiB is the fastest way into Oxigraph (issue 35, 20,000 rich
 * documents, 1.48M quads, CPU seconds on a busy machine): 5.3–5.4 s, where the TriG snapshot of
 * before took 7.7 s, replaying the log 5.6 s, bare `Store.load` of the documents' own 1.17M quads
 * 6.7 s, and one load() of the whole text 10.4–11.9 s (Oxigraph's load slows with its size). The
 * graph written on every line costs 17% more disk than TriG's blocks, not time.
 *
 *   # linkedart-store snapshot v2 seq=<n>
 *   <s> <p> <o> <g1> .
 *   (empty line)
 *   # default graph        (a block of its own, last, if it holds anything)
 *   <s> <p> <o> .
 *   (empty line)
 *   # end seq=<n> graphs=<count> quads=<count> ntriples=<chars> bytes=<count> crc32=<hex>
 *
 * seq: every log record up to this sequence number is reflected in the snapshot, so recovery
 * replays only the records after it. The trailer's byte count and crc32 cover everything between
 * the header line and the trailer: a snapshot without a matching trailer (a torn one) is refused,
 * and only a whole one is ever renamed to `snapshot.nq`. A data directory written before keeps
 * its `snapshot.trig` (v1, TriG blocks) until the next snapshot replaces it: it is read as it is.
 *
 * Restore reads the data in chunks of about `chunkBytes`, cut only at the empty line after a
 * graph's quads, and hands each chunk to one `load()`. Oxigraph gives every `load()` call its own
 * blank node scope; the labels in a dump are Oxigraph's store-wide unique ids, so cutting between
 * graphs is safe. (A blank node shared by two graphs — only a SPARQL update can create one —
 * would be split in two if a cut falls between those graphs.)
 */
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fsyncDir } from './fsutil.js';

export const SNAPSHOT_FILE = 'snapshot.nq';
export const SNAPSHOT_TMP = 'snapshot.nq.tmp';
/** The TriG snapshot of before (v1): read if there is no N-Quads one, removed once one is written. */
export const TRIG_SNAPSHOT_FILE = 'snapshot.trig';
export const TRIG_SNAPSHOT_TMP = 'snapshot.trig.tmp';
/** The comment line opening the default graph's block (its lines have no graph term to tell it by). */
export const DEFAULT_GRAPH_LINE = '# default graph';
const HEADER_PREFIX = '# linkedart-store snapshot v2 seq=';
const TRIG_HEADER_PREFIX = '# linkedart-store snapshot v1 seq=';
const TRAILER_PREFIX = '# end ';
const FLUSH_BYTES = 1 << 20;

/** How a snapshot's chunks are written: N-Quads blocks (v2), or TriG blocks (v1). */
export type SnapshotFormat = 'nquads' | 'trig';

export interface SnapshotInfo {
  seq: number;
  graphs: number;
  quads: number;
  bytes: number;
  /** The graphs' data as N-Triples characters (what compaction weighs: dead data is counted so); a TriG snapshot's data bytes. */
  ntriples: number;
}

export class SnapshotWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private position = 0;
  private crc = 0;
  private dataBytes = 0;
  private graphs = 0;
  private quads = 0;
  private ntriples = 0;

  private constructor(
    private readonly dir: string,
    private readonly fh: FileHandle,
    private readonly seq: number,
  ) {}

  static async create(dir: string, seq: number): Promise<SnapshotWriter> {
    const fh = await open(join(dir, SNAPSHOT_TMP), 'w');
    const w = new SnapshotWriter(dir, fh, seq);
    const head = Buffer.from(`${HEADER_PREFIX}${seq}\n`);
    try {
      await fh.write(head, 0, head.length, 0);
    } catch (err) {
      await w.abort().catch(() => undefined);
      throw err;
    }
    w.position = head.length;
    return w;
  }

  /**
   * Adds one graph given as N-Triples (Oxigraph's per-graph dump, one triple a line ending ` .`).
   * `graphTerm` is the graph name as N-Quads writes it (`<iri>`, `_:label`), or '' for the
   * default graph. Awaits a disk write every ~1 MB.
   */
  async addGraph(graphTerm: string, ntriples: string): Promise<void> {
    if (ntriples.length === 0) return;
    let lines = 0;
    for (let i = ntriples.indexOf('\n'); i >= 0; i = ntriples.indexOf('\n', i + 1)) lines++;
    this.quads += lines;
    this.ntriples += ntriples.length;
    this.graphs++;
    const body = ntriples.endsWith('\n') ? ntriples : `${ntriples}\n`;
    const block =
      graphTerm === '' ? `${DEFAULT_GRAPH_LINE}\n${body}\n` : `${body.replace(/ \.$/gm, () => ` ${graphTerm} .`)}\n`;
    this.pending.push(block);
    this.pendingChars += block.length;
    if (this.pendingChars >= FLUSH_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const buf = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    this.crc = crc32(buf, this.crc);
    this.dataBytes += buf.length;
    let off = 0;
    while (off < buf.length) {
      const { bytesWritten } = await this.fh.write(buf, off, buf.length - off, this.position + off);
      off += bytesWritten;
    }
    this.position += buf.length;
  }

  /**
   * Writes the trailer, fsyncs, renames over the snapshot and fsyncs the directory; then removes
   * a TriG snapshot of before (the new one is whole by then, and read first).
   */
  async commit(): Promise<SnapshotInfo> {
    await this.flush();
    const trailer = Buffer.from(
      `${TRAILER_PREFIX}seq=${this.seq} graphs=${this.graphs} quads=${this.quads} ntriples=${this.ntriples} bytes=${this.dataBytes} crc32=${this.crc.toString(16)}\n`,
    );
    await this.fh.write(trailer, 0, trailer.length, this.position);
    this.position += trailer.length;
    await this.fh.sync();
    await this.fh.close();
    await rename(join(this.dir, SNAPSHOT_TMP), join(this.dir, SNAPSHOT_FILE));
    await rm(join(this.dir, TRIG_SNAPSHOT_FILE), { force: true });
    await fsyncDir(this.dir);
    return { seq: this.seq, graphs: this.graphs, quads: this.quads, bytes: this.position, ntriples: this.ntriples };
  }

  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
    await rm(join(this.dir, SNAPSHOT_TMP), { force: true });
  }
}

function parseFields(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of line.matchAll(/(\w+)=(\S+)/g)) out[m[1]] = m[2]!;
  return out;
}

/** The snapshot file of `dir` and its format: the N-Quads one, else a TriG one of before; null if neither. */
async function snapshotFile(dir: string): Promise<{ path: string; size: number; format: SnapshotFormat } | null> {
  for (const [name, format] of [
    [SNAPSHOT_FILE, 'nquads'],
    [TRIG_SNAPSHOT_FILE, 'trig'],
  ] as const) {
    const path = join(dir, name);
    try {
      return { path, size: (await stat(path)).size, format };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return null;
}

/** Where a chunk may be cut: after the last graph block it holds whole (0: none). */
function lastBlockEnd(data: Buffer, format: SnapshotFormat): number {
  // N-Quads: the empty line after a graph's quads; TriG: a graph's closing "}" line (no N-Triples line starts with "}").
  const mark = format === 'nquads' ? '\n\n' : '\n}\n';
  const at = data.lastIndexOf(mark);
  return at < 0 ? 0 : at + mark.length;
}

/** At open: removes what a snapshot being written when the process stopped left (never used), then reads the snapshot. */
export async function restoreSnapshot(
  dir: string,
  chunkBytes: number,
  load: (chunk: Buffer, format: SnapshotFormat) => void,
): Promise<SnapshotInfo | null> {
  await rm(join(dir, SNAPSHOT_TMP), { force: true });
  await rm(join(dir, TRIG_SNAPSHOT_TMP), { force: true });
  return readSnapshot(dir, chunkBytes, load);
}

/**
 * Streams the snapshot in `dir` (if any) to `load`, one chunk of whole graphs at a time, with
 * the format its chunks are in (a chunk's bytes are valid only during the call: the buffer is read into again). Returns null when there is no snapshot. Throws if the snapshot
 * is incomplete or corrupt.
 */
export async function readSnapshot(
  dir: string,
  chunkBytes: number,
  load: (chunk: Buffer, format: SnapshotFormat) => void,
): Promise<SnapshotInfo | null> {
  const file = await snapshotFile(dir);
  if (!file) return null;
  const { path, size, format } = file;
  const fh = await open(path, 'r');
  try {
    const corrupt = (why: string): never => {
      throw new Error(`snapshot ${path} is unusable: ${why}`);
    };
    const headBuf = Buffer.alloc(Math.min(size, 4096));
    await fh.read(headBuf, 0, headBuf.length, 0);
    const headEnd = headBuf.indexOf(10);
    const headLine = headEnd < 0 ? '' : headBuf.subarray(0, headEnd).toString('utf8');
    const prefix = format === 'nquads' ? HEADER_PREFIX : TRIG_HEADER_PREFIX;
    if (!headLine.startsWith(prefix)) corrupt('missing header line');
    const seq = Number(headLine.slice(prefix.length));
    const tailLen = Math.min(size, 4096);
    const tailBuf = Buffer.alloc(tailLen);
    await fh.read(tailBuf, 0, tailLen, size - tailLen);
    const tailStartInBuf = tailBuf.lastIndexOf('\n' + TRAILER_PREFIX, tailLen - 2);
    if (tailStartInBuf < 0 || tailBuf[tailLen - 1] !== 10) corrupt('missing trailer (incomplete file)');
    const trailerStart = size - tailLen + tailStartInBuf + 1;
    const fields = parseFields(tailBuf.subarray(tailStartInBuf + 1).toString('utf8'));
    const dataStart = headEnd + 1;
    if (Number(fields.seq) !== seq) corrupt(`trailer seq ${fields.seq} does not match header seq ${seq}`);
    if (Number(fields.bytes) !== trailerStart - dataStart)
      corrupt(`trailer says ${fields.bytes} data bytes, file holds ${trailerStart - dataStart}`);

    // One buffer read into again and again (grown only for a graph larger than a chunk): a new one a
    // chunk, each dead once loaded, left hundreds of MB of them to the thread's malloc arena between
    // collections, resident for good (issue 35). So a chunk is `load`'s only during the call.
    let crc = 0;
    let space = Buffer.allocUnsafe(Math.min(2 * chunkBytes, trailerStart - dataStart));
    let carried = 0;
    let pos = dataStart;
    while (pos < trailerStart) {
      const len = Math.min(chunkBytes, trailerStart - pos);
      if (carried + len > space.length) {
        const bigger = Buffer.allocUnsafe(Math.max(carried + len, 2 * space.length));
        space.copy(bigger, 0, 0, carried);
        space = bigger;
      }
      let off = 0;
      while (off < len) {
        const { bytesRead } = await fh.read(space, carried + off, len - off, pos + off);
        if (bytesRead === 0) corrupt('file shrank while reading');
        off += bytesRead;
      }
      pos += len;
      crc = crc32(space.subarray(carried, carried + len), crc);
      const data = space.subarray(0, carried + len);
      const cut = pos >= trailerStart ? data.length : lastBlockEnd(data, format);
      if (cut > 0) {
        load(data.subarray(0, cut), format);
        space.copyWithin(0, cut, data.length);
        carried = data.length - cut;
      } else {
        carried = data.length;
      }
    }
    if (carried) corrupt('data does not end with a complete graph block');
    if (crc.toString(16) !== fields.crc32)
      corrupt(`checksum mismatch (expected ${fields.crc32}, got ${crc.toString(16)})`);
    const quads = Number(fields.quads ?? fields.triples);
    const ntriples = Number(fields.ntriples ?? trailerStart - dataStart);
    return { seq, graphs: Number(fields.graphs), quads, bytes: size, ntriples };
  } finally {
    await fh.close();
  }
}
