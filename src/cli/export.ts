/**
 * `linkedart export`: stream the stored documents out, from a closed data directory (opened
 * here) or from a running server (`GET {server}/_export`), to standard output or a file.
 *
 * Everything streams with backpressure (pipeline), so memory stays flat however large the
 * store. A file is written beside its target under a temporary name and renamed at the end, so
 * a failed or interrupted export leaves no half file; a name ending in `.gz` is gzipped. A
 * summary (documents, bytes, seconds) goes to standard error.
 */
import { Command, Option } from 'commander';
import { createWriteStream, existsSync } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { StringDecoder } from 'node:string_decoder';
import { createGzip } from 'node:zlib';
import type { StoreConfig } from '../config/Config.js';
import { EXPORT_FORMATS, exportDocuments, isExportFormat, type ExportFormat } from '../export/exportDocuments.js';
import { HINT_COMMENT_PREFIX } from '../export/hintComments.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { serverPathUrl } from './serverUrl.js';
import { describedAs } from './commandSummaries.js';

/** The `export` subcommand, for the program in main.ts. */
export function exportCommand(): Command {
  return addStoreOptions(new Command('export'))
    .description(describedAs('export'))
    .addOption(new Option('--server <url>', 'export from the running server at this base URL (GET <url>/_export)'))
    .addOption(
      new Option(
        '--format <format>',
        'nquads, trig, turtle, ntriples, or ndjson (one Linked Art JSON-LD document a line)',
      )
        .choices(EXPORT_FORMATS)
        .makeOptionMandatory(),
    )
    .option('--id <id...>', 'export only the documents with these ids (repeatable)')
    .option(
      '--type <class>',
      'export only documents of this class (HumanMadeObject, Person, ..., a crm: name or a full IRI)',
    )
    .option('--out <file>', 'write to this file (gzipped if it ends in .gz) instead of standard output')
    .option(
      '--with-history',
      "each document's past versions too, as graphs (nquads, trig only); `linkedart load` puts them back",
    )
    .action(async (opts: ExportCommandOptions) => {
      await runExport(opts);
    });
}

/** The options as commander gives them. */
export interface ExportCommandOptions extends StoreFlags {
  server?: string;
  format: string;
  id?: string[];
  type?: string;
  out?: string;
  withHistory?: boolean;
}

export interface ExportSummary {
  /** Documents exported; undefined when a server's answer could not be counted. */
  readonly documents: number | undefined;
  /** Bytes of the export (before gzip). */
  readonly bytes: number;
  /** Bytes of the file written, when gzipped. */
  readonly gzippedBytes: number | undefined;
  readonly seconds: number;
}

export interface ExportIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
}

/** A source of export text: the chunks, how many documents went by, and what to release after. */
interface Source {
  readonly chunks: Readable;
  documents(): number | undefined;
  close(): Promise<void>;
}

/** Where the text goes: an optional gzip stage and the destination, then commit (or abort on failure). */
interface Sink {
  readonly gzip?: Transform;
  readonly destination: Writable;
  commit(): Promise<number | undefined>;
  abort(): Promise<void>;
}

export async function runExport(
  opts: ExportCommandOptions,
  io: ExportIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<ExportSummary> {
  const format = opts.format.toLowerCase();
  if (!isExportFormat(format))
    throw new Error(`--format ${JSON.stringify(opts.format)}: give one of ${EXPORT_FORMATS.join(', ')}`);
  if (opts.server !== undefined && opts.dataDir !== undefined)
    throw new Error('give either --data-dir or --server, not both');
  if (opts.withHistory && format !== 'nquads' && format !== 'trig')
    throw new Error(
      `--with-history exports the past versions as graphs: give --format nquads or trig (${format} has no graphs to hold them)`,
    );
  const withHistory = opts.withHistory === true;
  if (opts.out !== undefined && !existsSync(dirname(resolve(opts.out)))) {
    throw new Error(`--out ${opts.out}: the directory ${dirname(resolve(opts.out))} does not exist`);
  }
  const started = process.hrtime.bigint();

  const source =
    opts.server !== undefined
      ? await serverSource(opts.server, format, opts.id, opts.type, withHistory)
      : await storeSource(storeConfigOf(opts, io.env), format, opts.id, opts.type, io.stderr, withHistory);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const sink = opts.out !== undefined ? fileSink(opts.out) : stdoutSink(io.stdout);
  let gzippedBytes: number | undefined;
  // Interrupted: remove the partial file before going (the store's lock is taken over by the next opener).
  const interrupted = (signal: NodeJS.Signals): void => {
    void sink.abort().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (sink.gzip) await pipeline(source.chunks, counter, sink.gzip, sink.destination);
    else await pipeline(source.chunks, counter, sink.destination);
    gzippedBytes = await sink.commit();
  } catch (error) {
    await sink.abort();
    // The reader went away (`| head`): what it wanted has been written; stop quietly, as Unix tools do.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE' && opts.out === undefined) {
      return {
        documents: source.documents(),
        bytes,
        gzippedBytes: undefined,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      };
    }
    throw outputError(error);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await source.close();
  }

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary: ExportSummary = { documents: source.documents(), bytes, gzippedBytes, seconds };
  io.stderr.write(summaryLine(summary, format, opts.out) + '\n');
  return summary;
}

function summaryLine(s: ExportSummary, format: ExportFormat, out: string | undefined): string {
  const docs =
    s.documents === undefined ? 'documents (not counted)' : `${s.documents} document${s.documents === 1 ? '' : 's'}`;
  const rate = s.documents !== undefined && s.seconds > 0 ? `, ${Math.round(s.documents / s.seconds)} documents/s` : '';
  const size = `${s.bytes} bytes${s.gzippedBytes !== undefined ? ` (${s.gzippedBytes} gzipped)` : ''}`;
  return `linkedart export: ${docs} as ${format}, ${size}, to ${out ?? 'standard output'} in ${s.seconds.toFixed(2)} s${rate}`;
}

// ---- Sources ---------------------------------------------------------------------------------

async function storeSource(
  config: StoreConfig,
  format: ExportFormat,
  ids: string[] | undefined,
  type: string | undefined,
  stderr: Writable,
  withHistory: boolean,
): Promise<Source> {
  const store = await openCommandStore(config, 'export', {
    create: false,
    viaServer: 'export through that server with --server URL (e.g. --server http://localhost:8080)',
    stderr,
  });
  let documents = 0;
  const generator = exportDocuments(store, {
    format,
    ids,
    type,
    withHistory,
    onDocument: () => {
      documents++;
    },
  });
  return {
    chunks: Readable.from(generator),
    documents: () => documents,
    close: () => store.close(),
  };
}

async function serverSource(
  server: string,
  format: ExportFormat,
  ids: string[] | undefined,
  type: string | undefined,
  withHistory: boolean,
): Promise<Source> {
  const url = serverPathUrl(server, '/_export', (message) => new Error(message));
  const base = new URL(server); // checked just above
  url.searchParams.set('format', format);
  for (const id of ids ?? []) url.searchParams.append('id', id);
  if (type !== undefined) url.searchParams.set('type', type);
  if (withHistory) url.searchParams.set('withHistory', 'true');

  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: '*/*' } });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new Error(`cannot reach the server at ${base.href}: ${cause?.message ?? (error as Error).message}`);
  }
  if (!response.ok) throw new Error(await problemMessage(url, response));
  if (response.body === null) throw new Error(`the server at ${base.href} answered ${response.status} with no body`);
  const counter = new DocumentCounter(format);
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.once('error', (error) => counter.destroy(error)); // pipe() does not pass errors on
  return {
    chunks: body.pipe(counter),
    documents: () => counter.count,
    // eslint-disable-next-line @typescript-eslint/require-await -- a Sink's close, commit and abort return Promises its caller awaits
    close: async () => {
      body.destroy();
    },
  };
}

/** The message for a non-2xx answer: status, and the problem+json title and detail when given. */
async function problemMessage(url: URL, response: Response): Promise<string> {
  const head = `the server answered ${response.status}${response.statusText ? ' ' + response.statusText : ''} to GET ${url.href}`;
  const text = await response.text().catch(() => '');
  if (/json/i.test(response.headers.get('content-type') ?? '')) {
    try {
      const problem = JSON.parse(text) as { title?: unknown; detail?: unknown };
      const parts = [problem.title, problem.detail].filter((p): p is string => typeof p === 'string' && p !== '');
      if (parts.length > 0) return `${head}: ${parts.join(': ')}`;
    } catch {
      // not JSON after all: show the text
    }
  }
  const shown = text.trim().slice(0, 500);
  return shown ? `${head}: ${shown}` : head;
}

/**
 * Counts the documents in a server's export as it passes: a line each in ndjson; in the RDF
 * formats, each run of `#@hint` lines of one hint graph (a document stored without shape
 * hints, e.g. written by SPARQL Update only, is not counted).
 */
class DocumentCounter extends Transform {
  count = 0;
  private readonly decoder = new StringDecoder('utf8');
  /** The unfinished last line, kept only while it may be a hint line. */
  private partial = '';
  private atLineStart = true;
  private lastHintGraph = '';

  constructor(private readonly format: ExportFormat) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.format === 'ndjson') {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) this.count++;
    } else {
      this.scan(this.decoder.write(chunk));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.format !== 'ndjson') this.scan(this.decoder.end() + '\n');
    callback();
  }

  private scan(text: string): void {
    let from = 0;
    while (from < text.length) {
      const end = text.indexOf('\n', from);
      const piece = text.slice(from, end < 0 ? text.length : end);
      if (this.atLineStart || this.partial !== '') {
        const line = this.partial + piece;
        if (end >= 0) {
          this.line(line);
          this.partial = '';
        } else if (
          HINT_COMMENT_PREFIX.startsWith(line.slice(0, HINT_COMMENT_PREFIX.length)) ||
          line.startsWith(HINT_COMMENT_PREFIX)
        ) {
          this.partial = line; // may be a hint line: keep it until it ends
        } else {
          this.partial = '';
          this.atLineStart = false;
        }
      }
      if (end < 0) return;
      this.atLineStart = true;
      from = end + 1;
    }
  }

  private line(line: string): void {
    if (!line.startsWith(HINT_COMMENT_PREFIX)) return;
    const graph = /<([^>]*)>\s*\.\s*$/.exec(line)?.[1] ?? '';
    if (graph !== this.lastHintGraph) this.count++;
    this.lastHintGraph = graph;
  }
}

// ---- Sinks -----------------------------------------------------------------------------------

function stdoutSink(stdout: Writable): Sink {
  // eslint-disable-next-line @typescript-eslint/require-await -- a Sink's close, commit and abort return Promises its caller awaits
  return { destination: stdout, commit: async () => undefined, abort: async () => undefined };
}

/** A file written under a temporary name beside it and renamed at the end; gzipped when the name ends in .gz. */
function fileSink(out: string): Sink {
  const target = resolve(out);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  const gzip = /\.gz$/i.test(target);
  const file = createWriteStream(temp, { flush: true });
  let done = false;
  return {
    gzip: gzip ? createGzip() : undefined,
    destination: file,
    commit: async () => {
      await rename(temp, target);
      done = true;
      return gzip ? (await stat(target)).size : undefined;
    },
    abort: async () => {
      if (done) return;
      done = true;
      if (!file.closed)
        await new Promise<void>((resolve) => {
          file.once('close', () => resolve());
          file.destroy();
        });
      await unlink(temp).catch(() => undefined);
    },
  };
}

function outputError(error: unknown): Error {
  const err = error as NodeJS.ErrnoException;
  if (err.code === 'EPIPE') return new Error('standard output was closed before the export finished');
  return err instanceof Error ? err : new Error(String(error));
}
