/**
 * Progress of a harvest on standard error: while the feed is read, the pages so far; then, on a
 * terminal, a bar (cli-progress, as `linkedart load` has) over the documents to fetch or remove,
 * with documents/s and the ETA; off a terminal (CI logs, a pipe), a plain line every few seconds.
 */
import cliProgress from 'cli-progress';
import type { HarvestProgress } from './HarvestOptions.js';

export interface HarvestProgressDisplay {
  update(progress: HarvestProgress): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 5000;

export function harvestProgressDisplay(stream: NodeJS.WriteStream = process.stderr): HarvestProgressDisplay {
  let started = 0;
  const rate = (n: number) => Math.round(n / Math.max(0.001, (Date.now() - started) / 1000));
  let bar: cliProgress.SingleBar | undefined;
  let lastLine = Date.now();
  let latest: HarvestProgress | undefined;
  /** Whether the feed's line is on the terminal (the bar then starts on the next line). */
  let latestFeed = false;
  const line = (p: HarvestProgress) =>
    stream.write(
      p.phase === 'feed'
        ? `harvest: reading the feed, ${p.done} pages\n`
        : `harvest: ${p.done} of ${p.total ?? '?'} documents, ${rate(p.done)} documents/s\n`,
    );
  return {
    update(p) {
      latest = p;
      if (p.phase === 'documents' && started === 0) started = Date.now();
      if (stream.isTTY && p.phase === 'documents') {
        if (!bar) {
          if (latestFeed) stream.write('\n');
          bar = new cliProgress.SingleBar(
            {
              stream,
              hideCursor: true,
              etaBuffer: 50,
              fps: 5,
              format: '{bar} {percentage}% | {value}/{total} documents | {rate} documents/s | ETA {eta_formatted}',
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(Math.max(1, p.total ?? 0), 0, { rate: 0 });
        }
        bar.update(p.done, { rate: rate(p.done) });
        return;
      }
      if (stream.isTTY) {
        latestFeed = true;
        stream.write(`\rharvest: reading the feed, ${p.done} pages`);
        return;
      }
      if (Date.now() - lastLine >= PLAIN_EVERY_MS) {
        lastLine = Date.now();
        line(p);
      }
    },
    stop() {
      if (bar) bar.stop();
      else if (latest && !stream.isTTY && Date.now() - lastLine >= PLAIN_EVERY_MS) line(latest);
      else if (latestFeed) stream.write('\n');
    },
  };
}
