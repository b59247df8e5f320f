/**
 * `linkedart update`: a SPARQL Update over a closed data directory (opened here) or sent to a
 * running server's `/sparql` with its curator token (`--server URL --token T`). Either way the
 * same gate as every write decides: each document the update touches is checked (SHACL and
 * the Linked Art rules); if any would break a rule, nothing changes and every problem is listed
 * (document, path, message, rule).
 *
 * Prints `updated: R replaced, C created, D deleted, U unchanged` and the ids. Exit code: 0
 * applied, 1 refused or failed (syntax, refused operation such as LOAD, timeout, server error),
 * 2 usage.
 */
import { Command } from 'commander';
import { SETTINGS } from '../config/Config.js';
import type { UpdateOutcome } from '../service/SparqlService.js';
import {
  sparqlTextCommand,
  CommandFailed,
  endpointOf,
  post,
  problemLine,
  readSparql,
  reportError,
  serverFailure,
  usageExitCode,
  UsageError,
  withLocalService,
  writeOut,
  type TargetFlags,
} from './sparqlCommand.js';

type UpdateFlags = TargetFlags;

/** The `update` subcommand, for the program in main.ts. */
export function updateCommand(): Command {
  const command = sparqlTextCommand('update', `with --server: the curator token (env ${SETTINGS.token.env})`);
  command.action(async (sparql: string | undefined, flags: UpdateFlags) => {
    process.exitCode = await runUpdate(sparql, flags);
  });
  return usageExitCode(command);
}

export async function runUpdate(sparql: string | undefined, flags: UpdateFlags): Promise<number> {
  try {
    if (flags.server === undefined && flags.token !== undefined)
      throw new UsageError('--token goes with --server (a data directory needs none)');
    const token = flags.token ?? process.env[SETTINGS.token.env];
    if (flags.server !== undefined && (token === undefined || token === '')) {
      throw new UsageError(`updating a server needs its curator token: --token or ${SETTINGS.token.env}`);
    }
    const text = await readSparql(sparql, flags.file);
    const outcome =
      flags.server !== undefined
        ? await updateServer(flags.server, token!, text)
        : await withLocalService(flags, 'update', (service) => service.update(text));
    await writeOut(summary(outcome));
    return 0;
  } catch (error) {
    return reportError('update', error);
  }
}

/** `updated: 1 replaced, 0 created, 0 deleted, 0 unchanged`, then each id with what happened to it. */
export function summary(outcome: UpdateOutcome): string {
  const lines = [
    `updated: ${outcome.replaced.length} replaced, ${outcome.created.length} created, ` +
      `${outcome.deleted.length} deleted, ${outcome.unchanged.length} unchanged`,
  ];
  const total = outcome.replaced.length + outcome.created.length + outcome.deleted.length + outcome.unchanged.length;
  if (total === 0) lines.push('  (the update touched no document)');
  for (const [what, ids] of [
    ['replaced', outcome.replaced],
    ['created', outcome.created],
    ['deleted', outcome.deleted],
    ['unchanged', outcome.unchanged],
  ] as const) {
    for (const id of ids) lines.push(`  ${what.padEnd(9)} ${id}`);
  }
  return lines.join('\n') + '\n';
}

async function updateServer(server: string, token: string, text: string): Promise<UpdateOutcome> {
  const endpoint = endpointOf(server);
  const response = await post(
    endpoint,
    {
      'Content-Type': 'application/sparql-update',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
    text,
  );
  if (!response.ok) {
    const { message, problems } = await serverFailure(endpoint, response);
    const hint =
      response.status === 401 || response.status === 403
        ? `\n(updates need the server's curator token: --token or ${SETTINGS.token.env})`
        : response.status === 405
          ? '\n(a server started without a curator token is read-only)'
          : '';
    throw new CommandFailed([message + hint, ...problems.map(problemLine)].join('\n'));
  }
  const body = await response.text();
  return outcomeOf(body);
}

/** The server's answer to an update: the ids per outcome (lists, or just counts when that is all it says). */
function outcomeOf(body: string): UpdateOutcome {
  let json: Record<string, unknown> = {};
  try {
    json = body.trim() === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
  } catch {
    // not JSON: no details to show
  }
  const ids = (key: string): string[] => {
    const value = json[key];
    if (Array.isArray(value)) return value.map(String);
    return [];
  };
  return { created: ids('created'), replaced: ids('replaced'), deleted: ids('deleted'), unchanged: ids('unchanged') };
}
