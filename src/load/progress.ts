/**
 * Progress of a load on standard error: on a terminal, a bar (cli-progress) with
 * documents/s and the ETA when the size of the input is known; otherwise (CI logs, a pipe)
 * a plain line every few seconds.
 */
import cliProgress from 'cli-progress';
import type { LoadProgress } from './LoadOptions.js';

export interface ProgressDisplay {
  update(progress: LoadProgress): void;
  stop(): void;
}

/** Seconds between plain lines. */
const PLAIN_EVERY_MS = 5000;

export function progressDisplay(stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  const started = Date.now();
  const rate = (documents: number) => Math.round(documents / Math.max(0.001, (Date.now() - started) / 1000));
  if (stream.isTTY) {
    // Updates come per document but batches make them bursty: redraw every 200 ms, ETA over the last 10 s.
    const bar = new cliProgress.SingleBar(
      {
        stream,
        hideCursor: true,
        etaBuffer: 50,
        fps: 5,
        format: '{bar} {percentage}% | {documents} documents | {rate} documents/s | ETA {eta_formatted}',
      },
      cliProgress.Presets.shades_classic,
    );
    let started_ = false;
    let lastDraw = 0;
    return {
      update(p) {
        const total = p.totalBytes ?? 0;
        if (!started_) {
          bar.start(Math.max(1, total), 0, { documents: 0, rate: 0 });
          started_ = true;
        }
        if (Date.now() - lastDraw < 200) return;
        lastDraw = Date.now();
        bar.update(total > 0 ? Math.min(p.bytes, total) : 0, { documents: p.documents, rate: rate(p.documents) });
      },
      stop() {
        if (started_) bar.stop();
      },
    };
  }
  let last = Date.now();
  let latest: LoadProgress | undefined;
  const line = (p: LoadProgress) => {
    const share = p.totalBytes
      ? ` (${Math.floor((100 * p.bytes) / p.totalBytes)}% of ${(p.totalBytes / 1048576).toFixed(1)} MB)`
      : '';
    stream.write(`load: ${p.documents} documents${share}, ${rate(p.documents)} documents/s\n`);
  };
  return {
    update(p) {
      latest = p;
      if (Date.now() - last >= PLAIN_EVERY_MS) {
        last = Date.now();
        line(p);
      }
    },
    stop() {
      if (latest && Date.now() - started >= PLAIN_EVERY_MS) line(latest);
    },
  };
}
