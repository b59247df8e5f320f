/**
 * The snapshot: the whole dataset as TriG, one `<graph> { ... }` block per graph, written to
 * `snapshot.trig.tmp`, fsynced and renamed over `snapshot.trig`.
 *
 * TriG rather than N-Quads: each graph is Oxigraph's own per-graph N-Triples dump wrapped in a
 * block, so the graph IRI is written once per graph instead of once per line (17% smaller) and
 * Oxigraph loads it slightly faster (measured: 4.7 s vs 5.0 s for 1M quads in 80k graphs).
 *
 *   # linkedart-store snapshot v1 seq=<n>
 *   <g1> {
 *   <s> <p> <o> .
 *   }
 *   { ...default graph, if it holds anything... }
 *   # end seq=<n> graphs=<count> triples=<count> bytes=<count> crc32=<hex>
 *
 * seq: every log record up to this sequence number is reflected in the snapshot, so recovery
 * replays only the records after it. The trailer's byte count and crc32 cover everything between
 * the header line and the trailer: a snapshot without a matching trailer is refused.
 *
 * Restore reads the data in chunks of about `chunkBytes`, cut only after a graph's closing `}`
 * line, and hands each chunk to one `load()`. Oxigraph gives every `load()` call its own blank
 * node scope; the labels in a dump are Oxigraph's store-wide unique ids, so cutting between
 * graphs is safe. (A blank node shared by two graphs — only a SPARQL update can create one —
 * would be split in two if a cut falls between those graphs.)
 */
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fsyncDir } from './fsutil.js';

export const SNAPSHOT_FILE = 'snapshot.trig';
export const SNAPSHOT_TMP = 'snapshot.trig.tmp';
const HEADER_PREFIX = '# linkedart-store snapshot v1 seq=';
const TRAILER_PREFIX = '# end ';
const FLUSH_BYTES = 1 << 20;

export interface SnapshotInfo {
  seq: number;
  graphs: number;
  triples: number;
  bytes: number;
}

export class SnapshotWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private position = 0;
  private crc = 0;
  private dataBytes = 0;
  private graphs = 0;
  private triples = 0;

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
   * Adds one graph given as N-Triples (Oxigraph's per-graph dump). `graphTerm` is the graph
   * name as TriG (`<iri>`, `_:label`), or '' for the default graph.
   * Awaits a disk write every ~1 MB.
   */
  async addGraph(graphTerm: string, ntriples: string): Promise<void> {
    if (ntriples.length === 0) return;
    let lines = 0;
    for (let i = ntriples.indexOf('\n'); i >= 0; i = ntriples.indexOf('\n', i + 1)) lines++;
    this.triples += lines;
    this.graphs++;
    const block =
      (graphTerm === '' ? '{\n' : `${graphTerm} {\n`) + ntriples + (ntriples.endsWith('\n') ? '}\n' : '\n}\n');
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

  /** Writes the trailer, fsyncs, renames over the snapshot and fsyncs the directory. */
  async commit(): Promise<SnapshotInfo> {
    await this.flush();
    const trailer = Buffer.from(
      `${TRAILER_PREFIX}seq=${this.seq} graphs=${this.graphs} triples=${this.triples} bytes=${this.dataBytes} crc32=${this.crc.toString(16)}\n`,
    );
    await this.fh.write(trailer, 0, trailer.length, this.position);
    this.position += trailer.length;
    await this.fh.sync();
    await this.fh.close();
    await rename(join(this.dir, SNAPSHOT_TMP), join(this.dir, SNAPSHOT_FILE));
    await fsyncDir(this.dir);
    return { seq: this.seq, graphs: this.graphs, triples: this.triples, bytes: this.position };
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

/**
 * Streams the snapshot in `dir` (if any) to `load`, one chunk of whole graphs at a time.
 * Returns null when there is no snapshot. Throws if the snapshot is incomplete or corrupt.
 */
export async function readSnapshot(
  dir: string,
  chunkBytes: number,
  load: (chunk: Buffer) => void,
): Promise<SnapshotInfo | null> {
  const path = join(dir, SNAPSHOT_FILE);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const fh = await open(path, 'r');
  try {
    const corrupt = (why: string): never => {
      throw new Error(`snapshot ${path} is unusable: ${why}`);
    };
    const headBuf = Buffer.alloc(Math.min(size, 4096));
    await fh.read(headBuf, 0, headBuf.length, 0);
    const headEnd = headBuf.indexOf(10);
    const headLine = headEnd < 0 ? '' : headBuf.subarray(0, headEnd).toString('utf8');
    if (!headLine.startsWith(HEADER_PREFIX)) corrupt('missing header line');
    const seq = Number(headLine.slice(HEADER_PREFIX.length));
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

    let crc = 0;
    let carry = Buffer.alloc(0);
    let pos = dataStart;
    while (pos < trailerStart) {
      const len = Math.min(chunkBytes, trailerStart - pos);
      const block = Buffer.allocUnsafe(len);
      let off = 0;
      while (off < len) {
        const { bytesRead } = await fh.read(block, off, len - off, pos + off);
        if (bytesRead === 0) corrupt('file shrank while reading');
        off += bytesRead;
      }
      pos += len;
      crc = crc32(block, crc);
      const data = carry.length ? Buffer.concat([carry, block]) : block;
      const atEnd = pos >= trailerStart;
      // Cut after the last "}\n" that closes a graph block ("\n}\n"; no N-Triples line starts with "}").
      const cut = atEnd ? data.length : data.lastIndexOf('\n}\n') + 3;
      if (cut >= 3) {
        load(data.subarray(0, cut));
        carry = Buffer.from(data.subarray(cut));
      } else {
        carry = data;
      }
    }
    if (carry.length) corrupt('data does not end with a complete graph block');
    if (crc.toString(16) !== fields.crc32)
      corrupt(`checksum mismatch (expected ${fields.crc32}, got ${crc.toString(16)})`);
    return { seq, graphs: Number(fields.graphs), triples: Number(fields.triples), bytes: size };
  } finally {
    await fh.close();
  }
}
