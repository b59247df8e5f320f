/**
 * What a benchmark or test program started outside itself (`linkedart serve` children, a Virtuoso)
 * is stopped when the program is stopped by a signal (SIGINT: Ctrl-C; SIGTERM: kill; SIGHUP: its
 * terminal gone), and the program then exits as the signal asks (128 + its number). Node's default
 * for these signals ends the program at once: its children went on running (bench:processes, stopped
 * with SIGTERM, left four `serve` processes polling a store it had stopped, found by hand hours later).
 *
 * Stoppers run newest first (the processes before the store they use), each given at most
 * STOP_WAIT_MS; meanwhile the program's own failures (its servers gone) are only logged. A second
 * signal while they run exits at once. The listeners are there only while a
 * stopper is registered, so a program with none keeps Node's default.
 */

/** Longest wait for one stopper (Virtuoso's stop.sh waits up to 30 s before its KILL). */
const STOP_WAIT_MS = 35_000;
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const EXIT_CODES: Readonly<Record<string, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

type Stopper = () => unknown;
const stoppers: Stopper[] = [];
let stopping = false;

/** Runs `stop` (sync or async) if the program is signalled before the returned release is called. */
export function stoppedOnSignal(stop: Stopper): () => void {
  if (stoppers.length === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  stoppers.push(stop);
  return () => {
    const i = stoppers.indexOf(stop);
    if (i >= 0) stoppers.splice(i, 1);
    if (stoppers.length === 0 && !stopping) for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}

function onSignal(signal: NodeJS.Signals): void {
  const code = EXIT_CODES[signal] ?? 1;
  if (stopping) process.exit(code);
  stopping = true;
  console.error(`${signal}: stopping what this program started (${stoppers.length})`);
  // What fails because of the stop (a server not yet up, a request to one gone) must not end the
  // program before the rest is stopped, nor with another exit code.
  const after = (error: unknown) => console.error(`after ${signal}: ${(error as Error).message}`);
  process.on('uncaughtException', after);
  process.on('unhandledRejection', after);
  void stopAll().finally(() => process.exit(code));
}

async function stopAll(): Promise<void> {
  for (const stop of [...stoppers].reverse()) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(stop),
        new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
      ]);
    } catch (error) {
      console.error(`stopping on a signal: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
