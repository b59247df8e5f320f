/**
 * A process that runs `linkedart` commands one after another, as the CLI's own process would run
 * each (test/support/cliInOneProcess.ts starts it): for the suites about what a command prints and
 * answers, not about the process, so that each command costs its own work and not Node's start and
 * the program's loading again. Each run gets its arguments, environment and standard input; what it
 * writes to standard output and error, and its exit status, go back. A run ends where the process
 * would: at the first process.exit (nothing written after it is kept), else with process.exitCode.
 */
import { Readable } from 'node:stream';
import { runProgram } from '../../src/cli/runProgram.js';
import { CLI } from './cliProcess.js';

/** A run asked for: the arguments after `linkedart`, the whole environment, standard input. */
export interface CliHostRequest {
  args: string[];
  env: Record<string, string>;
  input?: string | Uint8Array;
}

/** A run's outcome, as a process's would be seen. */
export interface CliHostAnswer {
  status: number;
  stdout: string;
  stderr: string;
}

/** process.exit in a run: ends the run (thrown through the command's code) instead of the host. */
class ExitRequested extends Error {
  constructor(readonly status: number) {
    super(`process.exit(${status})`);
  }
}

type Write = (chunk: string | Uint8Array, encoding?: BufferEncoding | (() => void), done?: () => void) => boolean;

/** Replaces `stream`'s write with one that appends to `into` while `keep()` holds. */
function capture(stream: NodeJS.WriteStream, into: string[], keep: () => boolean): void {
  const write: Write = (chunk, encoding, done) => {
    if (keep()) into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) queueMicrotask(callback);
    return true;
  };
  stream.write = write;
}

/** Sets the process's environment to `env` exactly. */
function useEnvironment(env: Record<string, string>): void {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
}

/** The signals a command may listen to for its own run. */
const PER_RUN_EVENTS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

async function run({ args, env, input }: CliHostRequest): Promise<CliHostAnswer> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  let exited: number | undefined;
  const running = () => exited === undefined;
  capture(process.stdout, stdout, running);
  capture(process.stderr, stderr, running);
  useEnvironment(env);
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input && Buffer.from(input);
  const stdin = Readable.from(bytes === undefined ? [] : [bytes]);
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
  process.exitCode = undefined;
  process.exit = (status?: number | string | null) => {
    exited ??= Number(status ?? process.exitCode ?? 0);
    throw new ExitRequested(exited);
  };
  // Listeners a run leaves (its process would end with them) are removed after it.
  const listening = new Map(PER_RUN_EVENTS.map((event) => [event, process.listeners(event)]));
  try {
    await runProgram([process.execPath, CLI, ...args]);
  } catch (error) {
    if (!(error instanceof ExitRequested)) throw error;
  } finally {
    for (const [event, before] of listening)
      for (const listener of process.listeners(event)) if (!before.includes(listener)) process.off(event, listener);
  }
  const status = exited ?? Number(process.exitCode ?? 0);
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

// One request at a time: each run owns the process's streams, environment and exit code.
let queue = Promise.resolve();
process.on('message', (request: CliHostRequest) => {
  queue = queue.then(async () => {
    const answer = await run(request).catch((error: Error): CliHostAnswer => ({
      status: 1,
      stdout: '',
      stderr: `cli host: ${error.stack ?? error.message}\n`,
    }));
    process.send!(answer);
  });
});
// The suite that started it is gone (its worker ended, or was killed): so is the host.
process.on('disconnect', () => process.exit(0));
