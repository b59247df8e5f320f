/**
 * A write-ahead log record (wal.ts): its bytes, and reading them back.
 *
 * Record layout (little endian):
 *   u32 magic 0x4C415731 ("LAW1") | u32 payload length | u32 crc32(payload) | payload
 * payload = one JSON header line (`{"seq":n,"op":"replace","graphs":[...],"dead":n,"new":true}` or
 * `{"seq":n,"op":"update"}`), "\n", then the body: the graphs' N-Quads for a replace, the SPARQL
 * text for an update.
 *
 * Replace records also say (both absent in records of older versions):
 *   dead  how much the graphs held before this write, in characters of their N-Triples: that
 *         data is dead from here on, wherever it lies (snapshot or earlier records), and the
 *         worker compacts by it. Lacking it, the body's size counts (a replacement is usually
 *         about as large as what it replaces).
 *   new   true when none of the graphs held quads and no snapshot was being written: replay
 *         then loads the body without dropping the graphs first (worker.ts says why that is
 *         safe only outside a snapshot). Lacking it, replay drops them.
   copies  [graph written, graph copied] pairs: before applying the body, replay reads what each
         graph copied holds and adds it to the graph written (graphCopies.replayedCopies; only in
         records written outside a snapshot: writeRecords.ts). A build older than these records
         would replay them without their copies.
 */
import { crc32 } from 'node:zlib';

export const RECORD_MAGIC = 0x4c415731;
export const HEADER_BYTES = 12;
/** Larger lengths are treated as garbage (a torn or corrupt header), not as a record. */
export const MAX_RECORD_BYTES = 1 << 30;

export type RecordHeader =
  | { seq: number; op: 'replace'; graphs: string[]; dead?: number; new?: true; copies?: Array<[string, string]> }
  | { seq: number; op: 'update' };

/**
 * A record as read back. `body` is its bytes as written (UTF-8): Oxigraph loads N-Quads from
 * bytes without the decoding and re-encoding a string costs. `bytes`: the whole record's size.
 */
export interface LogRecord {
  header: RecordHeader;
  body: Buffer;
  bytes: number;
}

/**
 * A record's bytes. `body` may come in parts (a replace's graphs, each its own string): they
 * are written into the record one by one, not joined into one string first, and the record is
 * one buffer, not a header and a payload concatenated (each a copy of a few MB per batch).
 */
export function encodeRecord(header: RecordHeader, body: string | readonly string[]): Buffer {
  const parts = typeof body === 'string' ? [body] : body;
  const head = JSON.stringify(header) + '\n';
  let length = Buffer.byteLength(head);
  for (const part of parts) length += Buffer.byteLength(part);
  if (length > MAX_RECORD_BYTES) throw new Error(`write too large for one log record (${length} bytes)`);
  const record = Buffer.allocUnsafe(HEADER_BYTES + length);
  let at = HEADER_BYTES + record.write(head, HEADER_BYTES);
  for (const part of parts) at += record.write(part, at);
  const payload = record.subarray(HEADER_BYTES);
  record.writeUInt32LE(RECORD_MAGIC, 0);
  record.writeUInt32LE(length, 4);
  record.writeUInt32LE(crc32(payload), 8);
  return record;
}

/** The body of an encoded record (the bytes after its header line), as Oxigraph can load them. */
export function recordBody(record: Buffer): Buffer {
  // JSON.stringify escapes newlines, so the first one ends the header line.
  const nl = record.indexOf(10, HEADER_BYTES);
  return record.subarray(nl < 0 ? record.length : nl + 1);
}

/** A record from its payload (the bytes after the 12-byte header); throws if its header line is not one. */
export function decodePayload(payload: Buffer): LogRecord {
  const nl = payload.indexOf(10);
  const headerText = payload.toString('utf8', 0, nl < 0 ? payload.length : nl);
  const header = JSON.parse(headerText) as RecordHeader;
  if (typeof header.seq !== 'number' || (header.op !== 'replace' && header.op !== 'update')) {
    throw new Error('log record header is not recognised: ' + headerText.slice(0, 200));
  }
  return { header, body: nl < 0 ? Buffer.alloc(0) : payload.subarray(nl + 1), bytes: HEADER_BYTES + payload.length };
}
