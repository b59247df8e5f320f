#!/usr/bin/env node
/** `linkedart`: the command-line program (program.ts); each subcommand lives in its own module. */
import { ConfigError } from '../config/Config.js';
import { programFor } from './program.js';

programFor(process.argv)
  .then((program) => program.parseAsync(process.argv))
  .catch((error: Error) => {
    console.error(
      error instanceof ConfigError ? `linkedart: configuration: ${error.message}` : `linkedart: ${error.message}`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  });
