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
 * error), 2 usage. What it shares with
 * `linkedart update` is in sparqlCommand.ts.
 */
import { Command, Option } from 'commander';
import { SETTINGS } from '../config/Config.js';
import {
  GRAPH_FORMATS,
  SOLUTION_FORMATS,
  resultFormatNamed,
  serializeResult,
} from '../sparql/results/resultFormats.js';
import { fromSparqlJson } from '../sparql/results/readJson.js';
import type { QueryResult } from '../store/QuadStore.js';
import { renderTable } from './resultTable.js';
import {
  sparqlTextCommand,
  CommandFailed,
  endpointOf,
  post,
  readSparql,
  reportError,
  serverFailure,
  usageExitCode,
  UsageError,
  withLocalService,
  writeOut,
  type TargetFlags,
} from './sparqlCommand.js';

// ---- Formats ---------------------------------------------------------------------------------

/** The names --format takes, and the result format (resultFormats.ts) each stands for. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  table: 'table',
  json: 'json',
  xml: 'xml',
  csv: 'csv',
  tsv: 'tsv',
  ttl: 'turtle',
  turtle: 'turtle',
  nt: 'ntriples',
  ntriples: 'ntriples',
  nq: 'nquads',
  nquads: 'nquads',
  trig: 'trig',
  rdf: 'rdfxml',
  rdfxml: 'rdfxml',
  jsonld: 'jsonld',
};
export const QUERY_FORMATS = [
  'table',
  'json',
  'xml',
  'csv',
  'tsv',
  'ttl',
  'nt',
  'nq',
  'trig',
  'rdf',
  'jsonld',
] as const;

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
    ? new UsageError(
        `--format ${flag} is for SELECT and ASK results; this query answers a graph (CONSTRUCT/DESCRIBE): use ttl, nt, nq, trig, rdf, jsonld or table`,
      )
    : new UsageError(
        `--format ${flag} is for CONSTRUCT and DESCRIBE results; this query answers solutions (SELECT/ASK): use json, xml, csv, tsv or table`,
      );
}

// ---- The command -----------------------------------------------------------------------------

interface QueryFlags extends TargetFlags {
  format?: string;
}

/** The `query` subcommand, for the program in main.ts. */
export function queryCommand(): Command {
  const command = sparqlTextCommand(
    'query',
    `with --server: a token allowing queries (env ${SETTINGS.readToken.env} or ${SETTINGS.token.env}); needed when the server has anonymous queries off`,
  ).addOption(
    new Option(
      '--format <format>',
      `${QUERY_FORMATS.join(', ')} (default table, also when not a terminal: columns are narrowed to the terminal's width only)`,
    ),
  );
  command.action(async (sparql: string | undefined, flags: QueryFlags) => {
    process.exitCode = await runQuery(sparql, flags);
  });
  return usageExitCode(command);
}

export async function runQuery(sparql: string | undefined, flags: QueryFlags): Promise<number> {
  try {
    const format = formatOf(flags.format ?? 'table');
    const flag = flags.format ?? 'table';
    if (flags.server === undefined && flags.token !== undefined)
      throw new UsageError('--token goes with --server (a data directory needs none)');
    const text = await readSparql(sparql, flags.file);
    if (flags.server !== undefined) {
      await queryServer(
        flags.server,
        flags.token ?? process.env[SETTINGS.readToken.env] ?? process.env[SETTINGS.token.env],
        text,
        format,
        flag,
      );
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
    case 'boolean':
      return `${result.value}\n`;
    case 'bindings':
      return renderTable(result, { width: terminalWidth() }).text;
    case 'quads':
      return serializeResult(result, resultFormatNamed('turtle')!);
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

async function queryServer(
  server: string,
  token: string | undefined,
  text: string,
  format: ResultFormat | 'table',
  flag: string,
): Promise<void> {
  const endpoint = endpointOf(server);
  const accept =
    format === 'table' ? `${SPARQL_JSON}, ${resultFormatNamed('turtle')!.mediaType};q=0.9` : format.mediaType;
  const headers: Record<string, string> = { 'Content-Type': 'application/sparql-query', Accept: accept };
  if (token !== undefined && token !== '') headers.Authorization = `Bearer ${token}`;
  const response = await post(endpoint, headers, text);
  if (!response.ok) {
    const { message } = await serverFailure(endpoint, response);
    if (response.status === 406 && format !== 'table') {
      throw new UsageError(
        `${message}\n(--format ${flag} may not suit this kind of query: json, xml, csv and tsv are for SELECT/ASK; ttl, nt, nq, trig, rdf and jsonld for CONSTRUCT/DESCRIBE)`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new CommandFailed(
        `${message}\n(this server needs a token for queries: --token, or ${SETTINGS.readToken.env} / ${SETTINGS.token.env})`,
      );
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
