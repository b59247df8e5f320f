/**
 * What `linkedart query` (query.ts) and `linkedart update` (update.ts) share: the SPARQL text
 * from the argument, --file or standard input; the data directory or the server they talk to;
 * the errors they report and their exit codes; output that stops quietly when the reader goes.
 */
import { Command, CommanderError, Option } from 'commander';
import { readFile } from 'node:fs/promises';
import { resolveConfig, SETTINGS, type Config } from '../config/Config.js';
import {
  QueryTimedOut,
  SparqlRefused,
  SparqlSyntaxError,
  SparqlTooLarge,
  TooManyRows,
  UpdateRefused,
} from '../sparql/errors.js';
import { SparqlService } from '../service/SparqlService.js';
import { DocumentService } from '../service/DocumentService.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { serverPathUrl } from './serverUrl.js';
import { describedAs } from './commandSummaries.js';

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
  if (argument !== undefined && file !== undefined)
    throw new UsageError('give the SPARQL text either as the argument or with --file, not both');
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
      throw new UsageError(
        `--file ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'a directory, not a file' : err.message}`,
      );
    }
  } else if (argument !== undefined) {
    text = argument;
  } else {
    throw new UsageError(
      "give the SPARQL text as the argument (in quotes), with --file F, or '-' to read it from standard input",
    );
  }
  if (text.trim() === '') throw new UsageError('the SPARQL text is empty');
  return text;
}

/** The options both commands take for a local store. */
export interface LocalFlags extends StoreFlags {
  queryTimeoutS?: string;
  maxRows?: string;
  maxQueryKb?: string;
}

/** The flags of both commands: a local store's, or a running server's, and where the SPARQL text is. */
export interface TargetFlags extends LocalFlags {
  server?: string;
  token?: string;
  file?: string;
}

/**
 * The `query` or `update` command, for the program in main.ts: its summary, the SPARQL text as
 * its argument, and the options that say where it goes (`tokenHelp`: what --token is).
 */
export function sparqlTextCommand(kind: 'query' | 'update', tokenHelp: string): Command {
  const command = new Command(kind)
    .description(describedAs(kind))
    .argument('[sparql]', `the ${kind} text (in quotes), or - to read it from standard input (or use --file)`);
  addStoreOptions(command)
    .addOption(new Option('--server <url>', 'send it to the running server at this base URL (its /sparql endpoint)'))
    .addOption(new Option('--token <token>', tokenHelp))
    .addOption(
      new Option(
        '--query-timeout-s <s>',
        `with a data directory: ${SETTINGS.queryTimeoutS.help} (env ${SETTINGS.queryTimeoutS.env})`,
      ).conflicts('server'),
    )
    .addOption(
      new Option(
        '--max-query-kb <kb>',
        `with a data directory: ${SETTINGS.maxQueryKb.help} (env ${SETTINGS.maxQueryKb.env})`,
      ).conflicts('server'),
    );
  if (kind === 'query') {
    command.addOption(
      new Option(
        '--max-rows <n>',
        `with a data directory: ${SETTINGS.maxRows.help} (env ${SETTINGS.maxRows.env})`,
      ).conflicts('server'),
    );
  }
  return command.option('--file <file>', "read the SPARQL text from this file ('-': standard input)");
}

/** The settings of a local run: flags, else their environment variables (no other setting is read). */
function localConfig(flags: LocalFlags): Config {
  const keys = ['queryTimeoutS', 'maxRows', 'maxQueryKb'] as const;
  const env = Object.fromEntries(keys.map((k) => [SETTINGS[k].env, process.env[SETTINGS[k].env]]));
  return {
    ...resolveConfig({ queryTimeoutS: flags.queryTimeoutS, maxRows: flags.maxRows, maxQueryKb: flags.maxQueryKb }, env),
    store: storeConfigOf(flags),
  };
}

/** Opens the store and runs `work` with its SparqlService, then closes the store. */
export async function withLocalService<T>(
  flags: LocalFlags,
  command: string,
  work: (service: SparqlService) => Promise<T>,
): Promise<T> {
  const config = localConfig(flags);
  const store = await openCommandStore(config.store, command, {
    create: false,
    viaServer: `send the ${command} to that server with --server URL (e.g. --server http://localhost:8080)`,
  }).catch((error: Error) => {
    throw new CommandFailed(error.message);
  });
  try {
    const service = new SparqlService(store.sparqlEngine(), new DocumentService(store), {
      timeoutMs: config.queryTimeoutMs,
      maxRows: config.maxRows,
      maxQueryBytes: config.maxQueryBytes,
      documentLimits: config.documentLimits,
    });
    return await work(service);
  } finally {
    await store.close();
  }
}

/** The server's /sparql endpoint. */
export function endpointOf(server: string): URL {
  return serverPathUrl(server, '/sparql', (message) => new UsageError(message));
}

/** POSTs to the endpoint; a connection failure becomes a message naming the server. */
export async function post(endpoint: URL, headers: Record<string, string>, body: string): Promise<Response> {
  try {
    return await fetch(endpoint, { method: 'POST', headers, body });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new CommandFailed(
      `cannot reach the server at ${endpoint.origin}: ${cause?.message ?? (error as Error).message}`,
    );
  }
}

/** A problem as the server lists it (the shape of Problem). */
export interface ServerProblem {
  document?: string;
  path?: string;
  message?: string;
  value?: string;
  rule?: string;
  hint?: string;
  severity?: string;
}

/** A non-2xx answer: the status with the problem+json title and detail, and any problems listed. */
export async function serverFailure(
  endpoint: URL,
  response: Response,
): Promise<{ message: string; problems: ServerProblem[] }> {
  const head = `the server answered ${response.status}${response.statusText ? ' ' + response.statusText : ''}`;
  const text = await response.text().catch(() => '');
  if (/json/i.test(response.headers.get('content-type') ?? '')) {
    try {
      const problem = JSON.parse(text) as { title?: unknown; detail?: unknown; problems?: unknown };
      const detail = typeof problem.detail === 'string' && problem.detail !== '' ? problem.detail : undefined;
      const title = typeof problem.title === 'string' && problem.title !== '' ? problem.title : undefined;
      const problems = Array.isArray(problem.problems) ? (problem.problems as ServerProblem[]) : [];
      if (detail !== undefined || title !== undefined) {
        return {
          message: `${head}${title && !head.endsWith(title) ? ` (${title})` : ''}: ${detail ?? title}`,
          problems,
        };
      }
    } catch {
      // not JSON after all: show the text
    }
  }
  const shown = text.trim().slice(0, 500);
  return { message: `${head} to POST ${endpoint.href}${shown ? `: ${shown}` : ''}`, problems: [] };
}

/** One problem of a refused update: document, path, message, the value there, rule, the usual fix. */
export function problemLine(p: ServerProblem): string {
  const where = p.path === undefined || p.path === '' ? '(document)' : p.path;
  return (
    `  ${p.document ?? '(document without id)'} at ${where}: ${p.message ?? ''}${p.value !== undefined ? ` (value: ${p.value})` : ''}` +
    `${p.rule ? ` [${p.rule}]` : ''}${p.hint ? ` Fix: ${p.hint}` : ''}`
  );
}

/** The message for an error of SparqlService (local runs), naming the kind of problem. */
export function sparqlErrorMessage(error: unknown): string | undefined {
  if (error instanceof SparqlSyntaxError) {
    const at =
      error.line !== undefined && !/\bline\b/i.test(error.message)
        ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})`
        : '';
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
  if (command === 'update' && /is a SPARQL query, not an update/i.test(message))
    message += '\n(run queries with linkedart query)';
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
