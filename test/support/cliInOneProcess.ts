/**
 * `linkedart` commands run in one process started once (test/support/cliHost.ts), one after another,
 * for the suites about what the commands print and answer rather than about a process of their own:
 * each command then costs its work alone, not Node's start and the program's loading again.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { CliHostAnswer, CliHostRequest } from './cliHost.js';

const HOST = fileURLToPath(new URL('./cliHost.js', import.meta.url));

/** Commands as the shell would run them: arguments, the environment, standard input. */
export class CliInOneProcess {
  private queue: Promise<unknown> = Promise.resolve();

  /** What the host wrote outside any run (a crash's stack), for the error when it ends. */
  private ownOutput = '';

  private constructor(private readonly host: ChildProcess) {
    // Piped, not inherited: a command must not find a terminal (the table's width is COLUMNS, else unlimited).
    for (const stream of [host.stdout, host.stderr])
      stream
        ?.setEncoding('utf8')
        .on('data', (chunk: string) => (this.ownOutput = (this.ownOutput + chunk).slice(-4000)));
  }

  static async start(): Promise<CliInOneProcess> {
    const host = fork(HOST, [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' });
    await once(host, 'spawn');
    return new CliInOneProcess(host);
  }

  /** Runs `linkedart ...args` with exactly `env` as its environment and `input` on standard input. */
  run(args: string[], env: NodeJS.ProcessEnv, input?: string | Uint8Array): Promise<CliHostAnswer> {
    const request: CliHostRequest = {
      args,
      env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
      input,
    };
    const answer = this.queue.then(() => this.ask(request));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private ask(request: CliHostRequest): Promise<CliHostAnswer> {
    return new Promise((resolve, reject) => {
      const gone = (code: number | null, signal: string | null) =>
        reject(
          new Error(
            `the CLI host ended (exit ${code}, signal ${signal}) while running: ${request.args.join(' ')}\n${this.ownOutput}`,
          ),
        );
      this.host.once('exit', gone);
      this.host.once('message', (answer: CliHostAnswer) => {
        this.host.off('exit', gone);
        resolve(answer);
      });
      this.host.send(request);
    });
  }

  async stop(): Promise<void> {
    if (this.host.exitCode !== null || this.host.signalCode !== null) return;
    const exited = once(this.host, 'exit');
    this.host.kill();
    await exited;
  }
}

/**
 * Called in a describe(), before the hooks that run commands: one host started before its tests and
 * stopped after them; the function answers `linkedart ...args` run in it.
 */
export function commandsInOneProcess(): (
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string | Uint8Array,
) => Promise<CliHostAnswer> {
  let host: CliInOneProcess | undefined;
  before(async () => {
    host = await CliInOneProcess.start();
  });
  after(async () => {
    await host?.stop();
  });
  return (args, env, input) => {
    if (!host) throw new Error('the CLI host is not started: commandsInOneProcess() belongs in a describe()');
    return host.run(args, env, input);
  };
}
