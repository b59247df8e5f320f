/**
 * Ctrl-C (SIGINT) and SIGTERM for a long command (load, harvest): the first asks the command to
 * stop (its AbortSignal), saying what it will finish first; a second ends the process at once.
 */

export interface Stop {
  /** Aborted at the first signal. */
  readonly signal: AbortSignal;
  /** The first signal received, if any. */
  readonly signalled: NodeJS.Signals | undefined;
  /** Stops listening (when the command is done). */
  release(): void;
}

/** `notice`: what the first signal says; `exitCode`: the process's, at a second (given the first). */
export function stopOnSignals(
  notice: (signal: NodeJS.Signals) => string,
  exitCode: (first: NodeJS.Signals) => number,
): Stop {
  const abort = new AbortController();
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) process.exit(exitCode(signalled ?? signal));
    signalled = signal;
    console.error(notice(signal));
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: abort.signal,
    get signalled() {
      return signalled;
    },
    release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
