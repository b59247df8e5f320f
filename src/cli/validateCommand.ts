/** The `validate` command's definition: its flags, checked before any input is read. */
import { Command } from 'commander';
import { DUMP_FORMATS, dumpFormatNamed, InputError } from '../load/inputs.js';
import { REPAIR_POLICIES, repairPolicyNamed } from '../ingest/repairs/repairDocument.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import { describedAs } from './commandSummaries.js';
import { conventionsOfFlags, dateOrderOption } from './dateOrderOption.js';
import { runValidate } from './validate.js';

interface ValidateFlags {
  json: boolean;
  format?: string;
  repair: string;
  baseUrl?: string;
  dateOrder: string;
}

export function validateCommand(): Command {
  return new Command('validate')
    .description(describedAs('validate'))
    .argument('<inputs...>', 'files, directories or -')
    .option('--json', 'print the results as JSON', false)
    .option('--format <format>', `the format of every input (needed for -): ${DUMP_FORMATS.join(', ')}`)
    .option('--repair <which>', 'repairs of form before the check, as a load makes them: all or none', 'all')
    .option('--base-url <url>', 'relative ids resolve against this URL (as for a load)')
    .addOption(dateOrderOption())
    .action(async (inputs: string[], opts: ValidateFlags) => {
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
    });
}
