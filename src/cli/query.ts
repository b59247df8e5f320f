/**
 * `linkedart query`: a SPARQL query over a closed data directory (opened here, run with the
 * same checks and limits as the HTTP endpoint: SparqlService), or sent to a running server's
 * `/sparql` (`--server URL`, with the read token when the server has anonymous queries off).
 *
 * The query is the argument, `--file F`, or `-` (standard input). Results print as a readable
 * table by default, also when standard output is not a terminal (then the columns are never
 * narrowed, so nothing is elided); --format gives the protocol's formats (json, xml, csv, tsv
 * for SELECT/ASK; ttl, nt, nq, jsonld for CONSTRUCT/DESCRIBE), written by the same serializers
 * as the endpoint. With the table format ASK prints true or false, CONSTRUCT/DESCRIBE Turtle.
 *
 * Exit code: 0 answered, 1 the query failed (syntax, refused, timeout, too many rows, server
 * error), 2 usage. This module also holds what `linkedart update` (update.ts) shares with it.
 */
import { Command, CommanderError, Option } from 'commander';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolveConfig, SETTINGS, type Config } from '../config/Config.js';
import type { PlainTerm } from '../rdf/terms.js';
import { QueryTimedOut, SparqlRefused, SparqlSyntaxError, SparqlTooLarge, TooManyRows, UpdateRefused } from '../sparql/errors.js';
import { GRAPH_FORMATS, SOLUTION_FORMATS, resultFormatNamed, serializeResult } from '../sparql/results/resultFormats.js';
import { SparqlService } from '../sparql/SparqlService.js';
import { DocumentService } from '../service/DocumentService.js';
import { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';
import type { QueryResult } from '../store/QuadStore.js';
import { renderTable } from './resultTable.js';

// ---- Formats ---------------------------------------------------------------------------------

/** The names --format takes, and the result format (resultFormats.ts) each stands for. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  table: 'table',
  json: 'json', xml: 'xml', csv: 'csv', tsv: 'tsv',
  ttl: 'turtle', turtle: 'turtle',
  nt: 'ntriples', ntriples: 'ntriples',
  nq: 'nquads', nquads: 'nquads',
  jsonld: 'jsonld',
};
export const QUERY_FORMATS = ['table', 'json', 'xml', 'csv', 'tsv', 'ttl', 'nt', 'nq', 'jsonld'] as const;

type ResultFormat = NonNullable<ReturnType<typeof resultFormatNamed>>;

const isSolutionFormat = (format: ResultFormat): boolean => SOLUTION_FORMATS.some((f) => f.name === format.name);
const isGraphFormat = (format: ResultFormat): boolean => GRAPH_FORMATS.some((f) => f.name === format.name);

function formatOf(given: string): ResultFormat | 'table' {
  const name = FORMAT_NAMES[given.trim().toLowerCase()];
  if (name === 'table') return 'table';
  const format = name === undefined ? undefined : resultFormatNamed(name);
  if (format === undefined) throw new UsageError(`--format ${given}: use one of ${QUERY_FORMATS.join(', ')}`);
  return format;
}

/** When a format does not suit the query's kind of result. */
function formatMismatch(flag: string, format: ResultFormat): UsageError {
  return isSolutionFormat(format)
    ? new UsageError(`--format ${flag} is for SELECT and ASK results; this query answers a graph (CONSTRUCT/DESCRIBE): use ttl, nt, nq, jsonld or table`)
    : new UsageError(`--format ${flag} is for CONSTRUCT and DESCRIBE results; this query answers solutions (SELECT/ASK): use json, xml, csv, tsv or table`);
}

// ---- Shared with `linkedart update` ----------------------------------------------------------

/** Wrong or missing arguments: exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure to report as it is (the message says it all): exit code 1. */
export class CommandFailed extends Error {
  override name = 'CommandFailed';
}

/** Commander's own usage errors (unknown option, missing argument, ...) exit with 2 as ours do. */
export function usageExitCode(command: Command): Command {
  return command.exitOverride((error: CommanderError) => {
    process.exit(error.exitCode === 1 ? 2 : error.exitCode);
  });
}

/** The SPARQL text: the argument, `--file F`, or standard input (`-` as either). */
export async function readSparql(argument: string | undefined, file: string | undefined): Promise<string> {
  if (argument !== undefined && file !== undefined) throw new UsageError('give the SPARQL text either as the argument or with --file, not both');
  let text: string;
  if (argument === '-' || file === '-') {
    if (process.stdin.isTTY) process.stderr.write('(reading SPARQL from standard input; end it with Ctrl-D)\n');
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString('utf8');
  } else if (file !== undefined) {
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      throw new UsageError(`--file ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'a directory, not a file' : err.message}`);
    }
  } else if (argument !== undefined) {
    text = argument;
  } else {
    throw new UsageError("give the SPARQL text as the argument (in quotes), with --file F, or '-' to read it from standard input");
  }
  if (text.trim() === '') throw new UsageError('the SPARQL text is empty');
  return text;
}

/** The options both commands take for a local store. */
export interface LocalFlags {
  dataDir?: string;
  queryTimeoutS?: string;
  maxRows?: string;
  maxQueryKb?: string;
}

export function addTargetOptions(command: Command, tokenHelp: string, kind: 'query' | 'update'): Command {
  command
    .addOption(new Option('--data-dir <dir>', `directory of the store (env ${SETTINGS.dataDir.env}, default var/data); not while a server uses it`).conflicts('server'))
    .addOption(new Option('--server <url>', 'send it to the running server at this base URL (its /sparql endpoint)'))
    .addOption(new Option('--token <token>', tokenHelp))
    .addOption(new Option('--query-timeout-s <s>', `with a data directory: ${SETTINGS.queryTimeoutS.help} (env ${SETTINGS.queryTimeoutS.env})`).conflicts('server'))
    .addOption(new Option('--max-query-kb <kb>', `with a data directory: ${SETTINGS.maxQueryKb.help} (env ${SETTINGS.maxQueryKb.env})`).conflicts('server'));
  if (kind === 'query') {
    command.addOption(new Option('--max-rows <n>', `with a data directory: ${SETTINGS.maxRows.help} (env ${SETTINGS.maxRows.env})`).conflicts('server'));
  }
  return command.option('--file <file>', "read the SPARQL text from this file ('-': standard input)");
}

/** The settings of a local run: flags, else their environment variables (no other setting is read). */
function localConfig(flags: LocalFlags): Config {
  const keys = ['dataDir', 'queryTimeoutS', 'maxRows', 'maxQueryKb'] as const;
  const env = Object.fromEntries(keys.map((k) => [SETTINGS[k].env, process.env[SETTINGS[k].env]]));
  return resolveConfig({ dataDir: flags.dataDir, queryTimeoutS: flags.queryTimeoutS, maxRows: flags.maxRows, maxQueryKb: flags.maxQueryKb }, env);
}

const LOCKED = /is in use by process|is locked by process|already open in this process/;

/** Opens the data directory and runs `work` with its SparqlService, then closes the store. */
export async function withLocalService<T>(flags: LocalFlags, command: string, work: (service: SparqlService) => Promise<T>): Promise<T> {
  const config = localConfig(flags);
  if (!existsSync(config.dataDir)) {
    throw new CommandFailed(`data directory ${config.dataDir} does not exist (give the store's directory with --data-dir or ${SETTINGS.dataDir.env})`);
  }
  let store: EmbeddedStore;
  try {
    store = await EmbeddedStore.open({ dataDir: config.dataDir, onWarning: (warning) => { process.stderr.write(`linkedart ${command}: store: ${warning}\n`); } });
  } catch (error) {
    const message = (error as Error).message;
    if (LOCKED.test(message)) {
      throw new CommandFailed(`${message}\nThe data directory is locked, most likely by a running \`linkedart serve\`: ` +
        `send the ${command} to that server with --server URL (e.g. --server http://localhost:8080), or stop it and try again.`);
    }
    throw error;
  }
  try {
    const service = new SparqlService(store.sparqlEngine(), new DocumentService(store), {
      timeoutMs: config.queryTimeoutMs, maxRows: config.maxRows, maxQueryBytes: config.maxQueryBytes,
    });
    return await work(service);
  } finally {
    await store.close();
  }
}

/** The server's /sparql endpoint. */
export function endpointOf(server: string): URL {
  let base: URL;
  try {
    base = new URL(server);
  } catch {
    throw new UsageError(`--server ${JSON.stringify(server)}: not a URL; give the server's base URL, e.g. http://localhost:8080`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError(`--server ${server}: an http or https URL is needed`);
  base.search = '';
  base.hash = '';
  return new URL(base.href.replace(/\/+$/, '') + '/sparql');
}

/** POSTs to the endpoint; a connection failure becomes a message naming the server. */
export async function post(endpoint: URL, headers: Record<string, string>, body: string): Promise<Response> {
  try {
    return await fetch(endpoint, { method: 'POST', headers, body });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new CommandFailed(`cannot reach the server at ${endpoint.origin}: ${cause?.message ?? (error as Error).message}`);
  }
}

/** A problem as the server lists it (the shape of Problem). */
export interface ServerProblem {
  document?: string;
  path?: string;
  message?: string;
  rule?: string;
  severity?: string;
}

/** A non-2xx answer: the status with the problem+json title and detail, and any problems listed. */
export async function serverFailure(endpoint: URL, response: Response): Promise<{ message: string; problems: ServerProblem[] }> {
  const head = `the server answered ${response.status}${response.statusText ? ' ' + response.statusText : ''}`;
  const text = await response.text().catch(() => '');
  if (/json/i.test(response.headers.get('content-type') ?? '')) {
    try {
      const problem = JSON.parse(text) as { title?: unknown; detail?: unknown; problems?: unknown };
      const detail = typeof problem.detail === 'string' && problem.detail !== '' ? problem.detail : undefined;
      const title = typeof problem.title === 'string' && problem.title !== '' ? problem.title : undefined;
      const problems = Array.isArray(problem.problems) ? problem.problems as ServerProblem[] : [];
      if (detail !== undefined || title !== undefined) {
        return { message: `${head}${title && !head.endsWith(title) ? ` (${title})` : ''}: ${detail ?? title}`, problems };
      }
    } catch {
      // not JSON after all: show the text
    }
  }
  const shown = text.trim().slice(0, 500);
  return { message: `${head} to POST ${endpoint.href}${shown ? `: ${shown}` : ''}`, problems: [] };
}

/** One problem of a refused update: document, path, message, rule. */
export function problemLine(p: ServerProblem): string {
  const where = p.path === undefined || p.path === '' ? '(document)' : p.path;
  return `  ${p.document ?? '(document without id)'} at ${where}: ${p.message ?? ''}${p.rule ? ` [${p.rule}]` : ''}`;
}

/** The message for an error of SparqlService (local runs), naming the kind of problem. */
export function sparqlErrorMessage(error: unknown): string | undefined {
  if (error instanceof SparqlSyntaxError) {
    const at = error.line !== undefined && !/\bline\b/i.test(error.message) ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})` : '';
    return `syntax error: ${error.message}${at}`;
  }
  if (error instanceof SparqlRefused) return `refused: ${error.message}`;
  if (error instanceof SparqlTooLarge) return `too large: ${error.message}`;
  if (error instanceof QueryTimedOut) return `timeout: ${error.message}`;
  if (error instanceof TooManyRows) return `too many rows: ${error.message}`;
  if (error instanceof UpdateRefused) {
    return [`refused: ${error.message}`, ...error.problems.map((p) => problemLine(p))].join('\n');
  }
  return undefined;
}

/** Reports an error of either command on standard error and answers its exit code. */
export function reportError(command: string, error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`linkedart ${command}: ${error.message}\n`);
    return 2;
  }
  let message = error instanceof CommandFailed ? error.message : sparqlErrorMessage(error);
  if (message === undefined) throw error;
  // The endpoint's messages speak of the protocol: say which command runs the other kind.
  if (command === 'query' && /is a SPARQL Update/i.test(message)) message += '\n(run updates with linkedart update)';
  if (command === 'update' && /is a SPARQL query, not an update/i.test(message)) message += '\n(run queries with linkedart query)';
  process.stderr.write(`linkedart ${command}: ${message}\n`);
  return 1;
}

/**
 * Standard output closed by its reader (`| head`): what it wanted has been written; stop
 * quietly, as Unix tools do. Other output errors are reported.
 */
let outputGuarded = false;
function guardOutput(): void {
  if (outputGuarded) return;
  outputGuarded = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    process.stderr.write(`linkedart: standard output: ${error.message}\n`);
    process.exitCode = 1;
  });
}

/** Writes to standard output and waits until it is handed over; a closed pipe is not an error. */
export async function writeOut(text: string): Promise<void> {
  guardOutput();
  if (text === '') return;
  await new Promise<void>((resolve) => {
    process.stdout.write(text, () => resolve());
  });
}

// ---- The command -----------------------------------------------------------------------------

interface QueryFlags extends LocalFlags {
  server?: string;
  token?: string;
  file?: string;
  format?: string;
}

/** The `query` subcommand, for the program in main.ts. */
export function queryCommand(): Command {
  const command = new Command('query')
    .description('run a SPARQL query over a data directory, or a running server with --server, and print its results')
    .argument('[sparql]', "the query text (in quotes), or - to read it from standard input (or use --file)");
  addTargetOptions(command, `with --server: a token allowing queries (env ${SETTINGS.readToken.env} or ${SETTINGS.token.env}); needed when the server has anonymous queries off`, 'query')
    .addOption(new Option('--format <format>', `${QUERY_FORMATS.join(', ')} (default table, also when not a terminal: columns are narrowed to the terminal's width only)`));
  command.action(async (sparql: string | undefined, flags: QueryFlags) => {
    process.exitCode = await runQuery(sparql, flags);
  });
  return usageExitCode(command);
}

export async function runQuery(sparql: string | undefined, flags: QueryFlags): Promise<number> {
  try {
    const format = formatOf(flags.format ?? 'table');
    const flag = flags.format ?? 'table';
    if (flags.server === undefined && flags.token !== undefined) throw new UsageError('--token goes with --server (a data directory needs none)');
    const text = await readSparql(sparql, flags.file);
    if (flags.server !== undefined) {
      await queryServer(flags.server, flags.token ?? process.env[SETTINGS.readToken.env] ?? process.env[SETTINGS.token.env], text, format, flag);
    } else {
      const output = await withLocalService(flags, 'query', async (service) => {
        const { result } = await service.query(text);
        return format === 'table' ? tableText(result) : serialized(result, format, flag);
      });
      await writeOut(output);
    }
    return 0;
  } catch (error) {
    return reportError('query', error);
  }
}

/** The table format: a table of solutions, true or false, or Turtle for a graph. */
async function tableText(result: QueryResult): Promise<string> {
  switch (result.kind) {
    case 'boolean': return `${result.value}\n`;
    case 'bindings': return renderTable(result, { width: terminalWidth() }).text;
    case 'quads': return serializeResult(result, resultFormatNamed('turtle')!);
  }
}

async function serialized(result: QueryResult, format: ResultFormat, flag: string): Promise<string> {
  if ((result.kind === 'quads') !== isGraphFormat(format)) throw formatMismatch(flag, format);
  return serializeResult(result, format);
}

/** The terminal's width; not a terminal: COLUMNS if set, else no limit. */
function terminalWidth(): number | undefined {
  if (process.stdout.isTTY && process.stdout.columns > 0) return process.stdout.columns;
  const columns = Number(process.env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

// ---- Over HTTP -------------------------------------------------------------------------------

const SPARQL_JSON = 'application/sparql-results+json';

async function queryServer(server: string, token: string | undefined, text: string, format: ResultFormat | 'table', flag: string): Promise<void> {
  const endpoint = endpointOf(server);
  const accept = format === 'table'
    ? `${SPARQL_JSON}, ${resultFormatNamed('turtle')!.mediaType};q=0.9`
    : format.mediaType;
  const headers: Record<string, string> = { 'Content-Type': 'application/sparql-query', Accept: accept };
  if (token !== undefined && token !== '') headers.Authorization = `Bearer ${token}`;
  const response = await post(endpoint, headers, text);
  if (!response.ok) {
    const { message } = await serverFailure(endpoint, response);
    if (response.status === 406 && format !== 'table') {
      throw new UsageError(`${message}\n(--format ${flag} may not suit this kind of query: json, xml, csv and tsv are for SELECT/ASK; ttl, nt, nq and jsonld for CONSTRUCT/DESCRIBE)`);
    }
    if (response.status === 401 || response.status === 403) {
      throw new CommandFailed(`${message}\n(this server needs a token for queries: --token, or ${SETTINGS.readToken.env} / ${SETTINGS.token.env})`);
    }
    throw new CommandFailed(message);
  }
  const body = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (format === 'table' && type.toLowerCase().startsWith(SPARQL_JSON)) {
    await writeOut(await tableText(fromSparqlJson(body)));
  } else {
    await writeOut(body);
  }
}

interface JsonTerm { type: string; value: string; 'xml:lang'?: string; datatype?: string }

/** SPARQL 1.1 Query Results JSON, as the QueryResult the table renders. */
export function fromSparqlJson(text: string): QueryResult {
  const json = JSON.parse(text) as { head?: { vars?: string[] }; boolean?: boolean; results?: { bindings?: Array<Record<string, JsonTerm>> } };
  if (typeof json.boolean === 'boolean') return { kind: 'boolean', value: json.boolean };
  const variables = json.head?.vars ?? [];
  const rows = (json.results?.bindings ?? []).map((binding) => {
    const row: Record<string, PlainTerm> = {};
    for (const [name, term] of Object.entries(binding)) row[name] = plainTerm(term);
    return row;
  });
  return { kind: 'bindings', variables, rows };
}

function plainTerm(term: JsonTerm): PlainTerm {
  switch (term.type) {
    case 'uri': return { t: 'N', v: term.value };
    case 'bnode': return { t: 'B', v: term.value };
    case 'literal':
    case 'typed-literal': {
      const plain: PlainTerm = { t: 'L', v: term.value };
      if (term['xml:lang']) plain.l = term['xml:lang'];
      else if (term.datatype && term.datatype !== 'http://www.w3.org/2001/XMLSchema#string') plain.d = term.datatype;
      return plain;
    }
    default: return { t: 'L', v: JSON.stringify(term.value ?? term) };
  }
}
