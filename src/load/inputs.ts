/**
 * The inputs of a load: files, directories (their dump files, recursively, in name order)
 * or `-` for standard input; each with its format, from `--format` or the extension, and
 * gunzipped on the fly when it ends in `.gz`. The bytes read so far (before gunzip) are
 * counted, for progress against the file's size.
 */
import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export type DumpFormat = 'jsonld' | 'ndjson' | 'nquads' | 'trig' | 'turtle' | 'ntriples';

export const DUMP_FORMATS: readonly DumpFormat[] = ['jsonld', 'ndjson', 'nquads', 'trig', 'turtle', 'ntriples'];

const BY_EXTENSION: Readonly<Record<string, DumpFormat>> = {
  json: 'jsonld',
  jsonld: 'jsonld',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  nq: 'nquads',
  nquads: 'nquads',
  trig: 'trig',
  ttl: 'turtle',
  turtle: 'turtle',
  nt: 'ntriples',
  ntriples: 'ntriples',
};

export interface LoadInput {
  /** As given, or the file's path inside a given directory. */
  readonly name: string;
  readonly format: DumpFormat;
  readonly gzipped: boolean;
  /** Bytes on disk; undefined for standard input. */
  readonly size: number | undefined;
  /** A fresh stream of the (gunzipped) content; `onBytes` is told of every chunk of raw bytes read. */
  open(onBytes?: (n: number) => void): Readable;
  /** A fresh stream of the bytes as stored (still gzipped when gzipped). */
  openRaw(): Readable;
  /** Whether open() can be called more than once (a file; not standard input or a request body). */
  readonly reopenable: boolean;
}

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** The format a name stands for (`nq`, `turtle`, `ndjson`...), or undefined. */
export function dumpFormatNamed(name: string): DumpFormat | undefined {
  const lower = name.toLowerCase();
  return (DUMP_FORMATS as readonly string[]).includes(lower) ? (lower as DumpFormat) : BY_EXTENSION[lower];
}

export function resolveInputs(
  paths: readonly string[],
  format?: DumpFormat,
  stdin: Readable = process.stdin,
): LoadInput[] {
  const out: LoadInput[] = [];
  for (const path of paths) {
    if (path === '-') {
      if (!format) throw new InputError('standard input (-) has no extension: give its format with --format');
      out.push(streamInput('-', format, false, () => stdin));
      continue;
    }
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new InputError(`${path}: no such file or directory`);
    }
    if (stat.isDirectory()) {
      const files = walk(path).filter((f) => formatOf(f) !== undefined);
      if (files.length === 0)
        throw new InputError(
          `${path}: no dump files in this directory (.json, .jsonld, .ndjson, .nq, .trig, .ttl, .nt, optionally .gz)`,
        );
      for (const file of files) out.push(fileInput(file, format ?? formatOf(file)!));
    } else {
      const detected = format ?? formatOf(path);
      if (!detected)
        throw new InputError(`${path}: unknown format; name it with --format (${DUMP_FORMATS.join(', ')})`);
      out.push(fileInput(path, detected));
    }
  }
  return out;
}

function formatOf(path: string): DumpFormat | undefined {
  const parts = path.toLowerCase().split('.');
  if (parts.at(-1) === 'gz') parts.pop();
  return parts.length > 1 ? BY_EXTENSION[parts.at(-1)!] : undefined;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    .flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : e.isFile() || isLinkToFile(join(dir, e.name), e.isSymbolicLink())
          ? [join(dir, e.name)]
          : [],
    );
}

/** A symbolic link to a file is read as the file (as it is when named on the command line); links to directories are not followed. */
function isLinkToFile(path: string, isLink: boolean): boolean {
  if (!isLink) return false;
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function fileInput(path: string, format: DumpFormat): LoadInput {
  return {
    ...streamInput(path, format, path.toLowerCase().endsWith('.gz'), () => createReadStream(path)),
    size: statSync(path).size,
    reopenable: true,
  };
}

/** An input read from a stream (standard input, a request body): once only, unless `raw` gives a fresh stream each time. */
export function streamInput(name: string, format: DumpFormat, gzipped: boolean, raw: () => Readable): LoadInput {
  return {
    name,
    format,
    gzipped,
    size: undefined,
    reopenable: false,
    openRaw: raw,
    open(onBytes) {
      const stream = raw();
      if (onBytes) countPushed(stream, onBytes);
      return gzipped ? passOn(stream, createGunzip()) : stream;
    },
  };
}

export interface SpooledInputs {
  readonly inputs: LoadInput[];
  remove(): Promise<void>;
}

/** Inputs that can be read only once, copied (as stored, gzip stays gzip) to temporary files that can be read again. */
export async function spoolInputs(inputs: readonly LoadInput[]): Promise<SpooledInputs> {
  const dir = await mkdtemp(join(tmpdir(), 'linkedart-spool-'));
  const out: LoadInput[] = [];
  try {
    for (const [n, input] of inputs.entries()) {
      if (input.reopenable) {
        out.push(input);
        continue;
      }
      const file = join(dir, String(n));
      await pipeline(input.openRaw(), createWriteStream(file));
      out.push({
        ...streamInput(input.name, input.format, input.gzipped, () => createReadStream(file)),
        size: statSync(file).size,
        reopenable: true,
      });
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { inputs: out, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Tells `onBytes` of every chunk `stream` pushes, as it pushes it. (A Transform stage that only
 * counted was a stream more for every chunk to pass through, a few percent of reading a dump.)
 * Readable streams hand their chunks to their own `push`, which is wrapped here.
 */
function countPushed(stream: Readable, onBytes: (n: number) => void): void {
  const push = stream.push.bind(stream);
  stream.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk !== null && chunk !== undefined) onBytes((chunk as { length: number }).length);
    return push(chunk, encoding);
  };
}

/** `from.pipe(to)`, with an error of `from` passed on to `to` (pipe alone would leave it unseen). */
function passOn(from: Readable, to: Transform): Readable {
  from.on('error', (e) => to.destroy(e));
  return from.pipe(to);
}
