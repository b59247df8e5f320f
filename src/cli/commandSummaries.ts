/**
 * Every subcommand in one table: its name, what follows it on the command line and what it does.
 * The top-level help (`linkedart --help`, or a mistyped command) is drawn from this table alone, so it
 * loads no command's code; each command's own definition takes its description from here, and a test
 * checks that the help drawn from the table is the help drawn from every command's code.
 */
export interface CommandSummary {
  readonly name: string;
  /** What follows the name in the help's list, e.g. `[options] <inputs...>`. */
  readonly usage: string;
  readonly description: string;
}

export const COMMAND_SUMMARIES: readonly CommandSummary[] = [
  { name: 'serve', usage: '[options]', description: 'serve the stored documents over HTTP' },
  {
    name: 'validate',
    usage: '[options] <inputs...>',
    description:
      'check Linked Art documents without storing them: every input a load reads (JSON-LD, NDJSON, N-Quads, TriG, Turtle, N-Triples, .gz; directories; - with --format), split and repaired as a load does',
  },
  {
    name: 'load',
    usage: '[options] <inputs...>',
    description:
      'load dumps (JSON-LD, NDJSON, N-Quads, TriG, Turtle, N-Triples; .gz too) into the store, each document validated',
  },
  {
    name: 'export',
    usage: '[options]',
    description:
      'stream the stored documents out (from a data directory or SPARQL store, or from a running server with --server)',
  },
  {
    name: 'harvest',
    usage: '[options] <url>',
    description:
      "mirror another service's change feed (an Activity Streams OrderedCollection, IIIF Change Discovery 1.0) into the store; later runs fetch only what changed since",
  },
  {
    name: 'reindex',
    usage: '[options]',
    description:
      'rebuild the reverse-link index (HAL links and search pages) and the validation reports (--conformance report) from the stored documents',
  },
  {
    name: 'report',
    usage: '[options]',
    description: 'list the documents stored with violations of the shapes (--conformance report), by rule',
  },
  {
    name: 'query',
    usage: '[options] [sparql]',
    description: 'run a SPARQL query over a data directory, or a running server with --server, and print its results',
  },
  {
    name: 'update',
    usage: '[options] [sparql]',
    description:
      'run a SPARQL Update over a data directory, or a running server with --server and --token; refused whole if any document it touches would break a rule',
  },
  {
    name: 'feed',
    usage: '[options]',
    description:
      "print the latest changes (the change feed's activities), newest first, of a data directory or a server",
  },
  {
    name: 'merge',
    usage: '[options] <from> <to>',
    description:
      'merge document <from> into <to>: <from> answers 308 to <to>, the feed records a Move, the documents referring to <from> are listed (--rewrite-references rewrites them)',
  },
];

/** The description of the command named (a definition's `.description(…)`). */
export function describedAs(name: string): string {
  const summary = COMMAND_SUMMARIES.find((s) => s.name === name);
  if (!summary) throw new Error(`no command summary named ${name}`);
  return summary.description;
}
