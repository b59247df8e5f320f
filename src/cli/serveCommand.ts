/** The `serve` command's definition: every setting as a flag (env names in the help), and `--demo`. */
import { Command, Option } from 'commander';
import { SETTINGS, resolveConfig, type ConfigInput } from '../config/Config.js';
import { describedAs } from './commandSummaries.js';
import { serve } from './serve.js';

export function serveCommand(): Command {
  const command = new Command('serve').description(describedAs('serve'));
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const flag = key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    command.addOption(new Option(`--${flag} <value>`, `${setting.help} (env ${setting.env})`));
  }
  return command
    .option(
      '--demo',
      'load the bundled demo collection (ids moved under the base URL) into an empty store before serving; never again once loaded',
      false,
    )
    .action(async (opts: ConfigInput & { demo: boolean }) => {
      const config = resolveConfig(opts);
      await serve(config, { demo: opts.demo });
    });
}
