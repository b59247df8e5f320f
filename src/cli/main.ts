#!/usr/bin/env node
/** `linkedart`: the command-line program. Subcommands live in their own modules. */
import { Command, Option } from 'commander';
import { ConfigError, SETTINGS, resolveConfig, type ConfigInput } from '../config/Config.js';
import { exportCommand } from './export.js';
import { harvestCommand } from './harvest.js';
import { reindexCommand } from './reindex.js';
import { reportCommand } from './report.js';
import { loadCommand } from './load.js';
import { queryCommand } from './query.js';
import { serve } from './serve.js';
import { updateCommand } from './update.js';
import { feedCommand } from './feed.js';
import { runValidate } from './validate.js';
import { DUMP_FORMATS, dumpFormatNamed } from '../load/inputs.js';
import { REPAIR_POLICIES, repairPolicyNamed } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import { InputError } from '../load/inputs.js';
import { conventionsOfFlags, dateOrderOption } from './dateOrderOption.js';

const program = new Command();
program
  .name('linkedart')
  .description('Publish a collection as Linked Art: documents stored as quads, served as JSON-LD.');

const serveCommand = program.command('serve').description('serve the stored documents over HTTP');
for (const [key, setting] of Object.entries(SETTINGS)) {
  const flag = key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  serveCommand.addOption(new Option(`--${flag} <value>`, `${setting.help} (env ${setting.env})`));
}
serveCommand
  .option(
    '--demo',
    'load the bundled demo collection (ids moved under the base URL) into an empty store before serving; never again once loaded',
    false,
  )
  .action(async (opts: ConfigInput & { demo: boolean }) => {
    const config = resolveConfig(opts);
    await serve(config, { demo: opts.demo });
  });

program
  .command('validate')
  .description(
    'check Linked Art documents without storing them: every input a load reads (JSON-LD, NDJSON, N-Quads, TriG, Turtle, N-Triples, .gz; directories; - with --format), split and repaired as a load does',
  )
  .argument('<inputs...>', 'files, directories or -')
  .option('--json', 'print the results as JSON', false)
  .option('--format <format>', `the format of every input (needed for -): ${DUMP_FORMATS.join(', ')}`)
  .option('--repair <which>', 'repairs of form before the check, as a load makes them: all or none', 'all')
  .option('--base-url <url>', 'relative ids resolve against this URL (as for a load)')
  .addOption(dateOrderOption())
  .action(
    async (
      inputs: string[],
      opts: { json: boolean; format?: string; repair: string; baseUrl?: string; dateOrder: string },
    ) => {
      const repair = repairPolicyNamed(opts.repair);
      const format = opts.format === undefined ? undefined : dumpFormatNamed(opts.format);
      if (!repair || (opts.format !== undefined && !format)) {
        console.error(
          !repair
            ? `linkedart validate: --repair ${opts.repair}: one of ${REPAIR_POLICIES.join(', ')}`
            : `linkedart validate: --format ${opts.format}: one of ${DUMP_FORMATS.join(', ')}`,
        );
        process.exitCode = 2;
        return;
      }
      let conventions: SourceConventions;
      try {
        conventions = conventionsOfFlags(opts.dateOrder, repair);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        console.error(`linkedart validate: ${error.message}`);
        process.exitCode = 2;
        return;
      }
      process.exitCode = await runValidate(inputs, {
        json: opts.json,
        repair,
        base: opts.baseUrl,
        format,
        conventions,
      });
    },
  );

program.addCommand(loadCommand());
program.addCommand(exportCommand());
program.addCommand(harvestCommand());
program.addCommand(reindexCommand());
program.addCommand(reportCommand());
program.addCommand(queryCommand());
program.addCommand(updateCommand());
program.addCommand(feedCommand());

program.parseAsync(process.argv).catch((error: Error) => {
  console.error(
    error instanceof ConfigError ? `linkedart: configuration: ${error.message}` : `linkedart: ${error.message}`,
  );
  process.exit(error instanceof ConfigError ? 2 : 1);
});
