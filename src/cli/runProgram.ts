/**
 * One run of the `linkedart` program over `argv` (main.ts runs it on the process's own): the command
 * asked for, and a failure reported on standard error with its exit code (2 for a configuration
 * error, else 1).
 */
import { ConfigError } from '../config/Config.js';
import { programFor } from './program.js';

export async function runProgram(argv: string[]): Promise<void> {
  try {
    const program = await programFor(argv);
    await program.parseAsync(argv);
  } catch (e) {
    const error = e as Error;
    console.error(
      error instanceof ConfigError ? `linkedart: configuration: ${error.message}` : `linkedart: ${error.message}`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
}
