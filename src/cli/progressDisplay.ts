/**
 * Progress of a long command (`linkedart load`, `linkedart harvest`) on standard error: on a
 * terminal, a bar (cli-progress) with documents/s and the ETA; otherwise (CI logs, a pipe) a plain
 * line every few seconds. The one adapter over cli-progress: each command says only what its
 * progress looks like (a ProgressView).
 */
import cliProgress from 'cli-progress';

/** Where a progress stands on the bar. */
export interface BarPosition {
  readonly value: number;
  readonly total: number;
  /** The bar's other fields (`{documents}`), besides `{rate}`. */
  readonly fields?: Readonly<Record<string, number>>;
}

/** What a command's progress looks like. */
export interface ProgressView<P> {
  /** cli-progress's format of the bar (`{rate}`: documents/s since the bar's first progress). */
  readonly barFormat: string;
  /** Where the progress stands on the bar; undefined while there is nothing to count yet (a feed being read). */
  bar(progress: P): BarPosition | undefined;
  /** The progress in words, without a line end: rewritten in place on a terminal while there is no bar. */
  words(progress: P, rate: number): string;
  /** The documents counted, for the rate. */
  counted(progress: P): number;
}

export interface ProgressDisplay<P> {
  update(progress: P): void;
  stop(): void;
}

/** Seconds between plain lines. */
const PLAIN_EVERY_MS = 5000;
/** Updates come per document but batches make them bursty: the bar is redrawn every 200 ms at most. */
const REDRAW_EVERY_MS = 200;

export function progressDisplay<P>(
  view: ProgressView<P>,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressDisplay<P> {
  return stream.isTTY ? terminal(view, stream, new Rate(view)) : plain(view, stream, new Rate(view));
}

/** Documents/s, counted from the first progress with a place on the bar. */
class Rate<P> {
  private since: number | undefined;
  constructor(private readonly view: ProgressView<P>) {}
  /** The progress is on the bar: counting begins, if it has not. */
  begin(): void {
    this.since ??= Date.now();
  }
  of(p: P): number {
    const seconds = (Date.now() - (this.since ?? Date.now())) / 1000;
    return Math.round(this.view.counted(p) / Math.max(0.001, seconds));
  }
}

function terminal<P>(view: ProgressView<P>, stream: NodeJS.WriteStream, rate: Rate<P>): ProgressDisplay<P> {
  let bar: cliProgress.SingleBar | undefined;
  let lastDraw = 0;
  /** Whether words stand on the terminal's line (the bar then starts on the next line). */
  let words = false;
  return {
    update(p) {
      const position = view.bar(p);
      if (position === undefined) {
        words = true;
        stream.write(`\r${view.words(p, 0)}`);
        return;
      }
      if (!bar) {
        rate.begin();
        if (words) stream.write('\n');
        // ETA over the last 10 s of updates.
        bar = new cliProgress.SingleBar(
          { stream, hideCursor: true, etaBuffer: 50, fps: 5, format: view.barFormat },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(1, position.total), 0, { ...position.fields, rate: 0 });
      }
      const last = position.total > 0 && position.value >= position.total;
      if (!last && Date.now() - lastDraw < REDRAW_EVERY_MS) return;
      lastDraw = Date.now();
      bar.update(position.value, { ...position.fields, rate: rate.of(p) });
    },
    stop() {
      if (bar) bar.stop();
      else if (words) stream.write('\n');
    },
  };
}

function plain<P>(view: ProgressView<P>, stream: NodeJS.WriteStream, rate: Rate<P>): ProgressDisplay<P> {
  const shown = Date.now();
  let last = shown;
  let latest: P | undefined;
  const line = (p: P) => stream.write(`${view.words(p, rate.of(p))}\n`);
  return {
    update(p) {
      latest = p;
      if (view.bar(p) !== undefined) rate.begin();
      if (Date.now() - last >= PLAIN_EVERY_MS) {
        last = Date.now();
        line(p);
      }
    },
    stop() {
      // A run of more than a few seconds ends its log with its last count, once.
      if (latest !== undefined && Date.now() - shown >= PLAIN_EVERY_MS) line(latest);
      latest = undefined;
    },
  };
}
