/**
 * The kept start-up indexes' file in the data directory (`start-indexes.ndjson`): what the name
 * search index, the reverse-link index, the thumbnails and the content tags were built from, as of one position of the store's log
 * (its sequence number), so a restart builds them from this file while the store opens instead
 * of reading them out of the store after it (issue 35: those reads were most of a restart).
 *
 *   {"kept":"linkedart start-up indexes v1","seq":<n>}
 *   ["m", <merged id>, <the id it went to>, [<texts it was found by>]]    (every merged id)
 *   ["n", <SearchableNames>]                                          (every document name search knows)
 *   ["l", <document>, <DocumentLinks>]                                (every document's reverse-link rows)
 *   ["p", <document>, <its thumbnail's URL>]                          (every document with a picture)
 *   ["t", {"language": …} or {"datatype": …}]                        (the tags identifier contents carry)
 *   {"end":{"lines":<count>,"bytes":<count>,"crc32":"<hex>"}}
 *
 * Derived data only: the quads are the truth, and a missing, torn or foreign file is simply built
 * again from them. Crash-safe as the snapshot is: written to a temporary file, fsynced, renamed
 * into place, the directory fsynced; the trailer's byte count and crc32 cover every line between
 * the header and it, so a torn or damaged file is never used.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { DocumentLinks } from '../discovery/reverseLinksOf.js';
import type { LiteralTag } from '../rdf/sparqlTerm.js';
import type { SearchableNames } from '../search/searchableNames.js';
import { eachInSlices } from '../service/inSlices.js';
import { fsyncDir } from '../store/embedded/fsutil.js';

export const KEPT_INDEXES_FILE = 'start-indexes.ndjson';
const KEPT_INDEXES_TMP = 'start-indexes.ndjson.tmp';
const FORMAT = 'linkedart start-up indexes v1';
/** More than the head line takes (`{"kept":…,"seq":<n>}`). */
const HEAD_BYTES = 256;

/** One line of the file: a merged id, a document's names, or a document's reverse-link rows. */
export type KeptLine =
  | readonly ['m', string, string, readonly string[]]
  | readonly ['n', SearchableNames]
  | readonly ['l', string, DocumentLinks]
  | readonly ['p', string, string]
  | readonly ['t', LiteralTag];

/** The file as read: its lines and the position they are at; or why there is none to use. */
export type KeptIndexesRead =
  { readonly seq: number; readonly lines: readonly KeptLine[] } | { readonly problem: string };

/** Writes the lines, as of log position `seq`, crash-safely over the file kept before. */
export async function writeKeptIndexes(dir: string, seq: number, lines: readonly KeptLine[]): Promise<void> {
  // In slices: a serving process writes it (100,000 documents are some 50 MB of JSON).
  const parts: string[] = [];
  await eachInSlices(lines, (line) => parts.push(JSON.stringify(line) + '\n'));
  await writeKeptText(dir, seq, lines.length, Buffer.from(parts.join(''), 'utf8'));
}

/** Writes `count` lines already as text (`body`, each line JSON ending in a newline), as writeKeptIndexes does. */
export async function writeKeptText(dir: string, seq: number, count: number, body: Buffer): Promise<void> {
  const head = Buffer.from(JSON.stringify({ kept: FORMAT, seq }) + '\n', 'utf8');
  const end = { lines: count, bytes: body.length, crc32: crc32(body).toString(16) };
  const tail = Buffer.from(JSON.stringify({ end }) + '\n', 'utf8');
  const tmp = join(dir, KEPT_INDEXES_TMP);
  const fh = await open(tmp, 'w');
  try {
    await fh.writev([head, body, tail]);
    await fh.sync();
  } catch (error) {
    await fh.close();
    await rm(tmp, { force: true });
    throw error;
  }
  await fh.close();
  await rename(tmp, join(dir, KEPT_INDEXES_FILE));
  await fsyncDir(dir);
}

/**
 * The position the kept file of `dir` says it is at, from its first line alone (undefined: none, or
 * not a file of this version): what the store's open needs before the whole file is read and checked.
 */
export async function readKeptPosition(dir: string): Promise<number | undefined> {
  let fh;
  try {
    fh = await open(join(dir, KEPT_INDEXES_FILE), 'r');
  } catch {
    // Missing or unreadable: readKeptIndexes says which, when the file is read.
    return undefined;
  }
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(head, 0, HEAD_BYTES, 0);
    const end = head.subarray(0, bytesRead).indexOf(10);
    const line = end < 0 ? undefined : (parsed(head.subarray(0, end)) as { kept?: unknown; seq?: unknown } | undefined);
    return line?.kept === FORMAT && typeof line.seq === 'number' ? line.seq : undefined;
  } finally {
    await fh.close();
  }
}

/** Reads the kept file of `dir`: its lines, or the problem that makes it unusable (none kept, torn, another format). */
export async function readKeptIndexes(dir: string): Promise<KeptIndexesRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(dir, KEPT_INDEXES_FILE));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'none kept' : `unreadable (${code ?? (error as Error).message})` };
  }
  const firstEnd = bytes.indexOf(10);
  const lastStart = bytes.lastIndexOf(10, bytes.length - 2) + 1;
  if (firstEnd < 0 || bytes[bytes.length - 1] !== 10 || lastStart <= firstEnd) return { problem: 'torn (no trailer)' };
  const head = parsed(bytes.subarray(0, firstEnd)) as { kept?: unknown; seq?: unknown } | undefined;
  if (head?.kept !== FORMAT || typeof head.seq !== 'number') return { problem: 'not a file of this version' };
  const trailer = parsed(bytes.subarray(lastStart)) as
    { end?: { lines?: unknown; bytes?: unknown; crc32?: unknown } } | undefined;
  const body = bytes.subarray(firstEnd + 1, lastStart);
  const end = trailer?.end;
  if (end?.bytes !== body.length || end.crc32 !== crc32(body).toString(16)) return { problem: 'torn (checksum)' };
  // One parse for all the lines (JSON escapes newlines inside strings: each ends a line).
  const text = body.toString('utf8');
  const lines = (text === '' ? [] : parsed(Buffer.from(`[${text.slice(0, -1).replaceAll('\n', ',')}]`))) as
    KeptLine[] | undefined;
  if (!lines || lines.length !== end.lines || !lines.every(isKeptLine))
    return { problem: 'not a file of this version' };
  return { seq: head.seq, lines };
}

function parsed(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isKeptLine(line: unknown): line is KeptLine {
  if (!Array.isArray(line)) return false;
  const [kind, a, b] = line as unknown[];
  if (kind === 'n') return typeof a === 'object' && a !== null && typeof (a as { id?: unknown }).id === 'string';
  if (kind === 'l') return typeof a === 'string' && typeof b === 'object' && b !== null;
  if (kind === 'p') return typeof a === 'string' && typeof b === 'string';
  if (kind === 't') return typeof a === 'object' && a !== null;
  return kind === 'm' && typeof a === 'string' && typeof b === 'string' && Array.isArray(line[3]);
}
