/**
 * The `linkedart` program, built for the one command asked for: `linkedart load …` loads the code of
 * `load` only (a CLI run costs its own command, not all ten: the first `--help` answers in a fraction
 * of the time). With no command, `help`, or a mistyped one, every command is listed from the summary
 * table, without loading any command's code.
 */
import { Command, Help } from 'commander';
import { COMMAND_SUMMARIES } from './commandSummaries.js';

/** Where each command's definition is: loaded when that command is run. */
const DEFINITIONS: Readonly<Record<string, () => Promise<Command>>> = {
  serve: async () => (await import('./serveCommand.js')).serveCommand(),
  validate: async () => (await import('./validateCommand.js')).validateCommand(),
  load: async () => (await import('./load.js')).loadCommand(),
  export: async () => (await import('./export.js')).exportCommand(),
  harvest: async () => (await import('./harvest.js')).harvestCommand(),
  reindex: async () => (await import('./reindex.js')).reindexCommand(),
  report: async () => (await import('./report.js')).reportCommand(),
  query: async () => (await import('./query.js')).queryCommand(),
  update: async () => (await import('./update.js')).updateCommand(),
  feed: async () => (await import('./feed.js')).feedCommand(),
  merge: async () => (await import('./merge.js')).mergeCommand(),
};

function programShell(): Command {
  return new Command()
    .name('linkedart')
    .description('Publish a collection as Linked Art: documents stored as quads, served as JSON-LD.');
}

/** The command `argv` asks for (`linkedart load …`, `linkedart help load`), if it names one. */
function commandAskedFor(argv: readonly string[]): string | undefined {
  const first = argv[2] === 'help' ? argv[3] : argv[2];
  return first !== undefined && Object.hasOwn(DEFINITIONS, first) ? first : undefined;
}

/** The program for `argv`; `everyCommand` loads every command's definition (the test of the summaries). */
export async function programFor(argv: readonly string[], everyCommand = false): Promise<Command> {
  const program = programShell();
  const asked = commandAskedFor(argv);
  if (everyCommand || asked !== undefined) {
    for (const { name } of COMMAND_SUMMARIES)
      if (everyCommand || name === asked) program.addCommand(await DEFINITIONS[name]());
    return program;
  }
  for (const { name, description } of COMMAND_SUMMARIES) program.command(name).description(description);
  const usageOf = new Map(COMMAND_SUMMARIES.map((s) => [s.name, s.usage]));
  const standard = new Help();
  program.configureHelp({
    subcommandTerm: (command) => {
      const usage = usageOf.get(command.name());
      return usage === undefined ? standard.subcommandTerm(command) : `${command.name()} ${usage}`;
    },
  });
  return program;
}
