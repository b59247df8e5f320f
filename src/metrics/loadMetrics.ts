/**
 * Loads streamed to /_bulk while they run: how many are in progress, and the documents they
 * have stored or rejected, counted as each batch is stored (so a long load shows its pace).
 * A harvest runs in a process of its own (`linkedart harvest`), which reports its own progress.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

/** What a load has done so far (the Loader's report: cumulative). */
export interface LoadSoFar {
  readonly created: number;
  readonly replaced: number;
  readonly unchanged: number;
  readonly rejected: number;
}

/** One load's reports, told as it goes. */
export interface LoadTracker {
  /** The load's report after a stored batch, or at its end. */
  progressed(soFar: LoadSoFar): void;
  /** The load has ended (done or failed). */
  ended(): void;
}

export interface LoadTally {
  began(): LoadTracker;
}

const OUTCOMES = ['created', 'replaced', 'unchanged', 'rejected'] as const;

export function loadMetrics(registry: Registry, prefix: string): LoadTally {
  const registers = [registry];
  const inProgress = new Gauge({
    name: `${prefix}bulk_loads_in_progress`,
    registers,
    help: 'Loads streaming to /_bulk now.',
  });
  const documents = new Counter({
    name: `${prefix}bulk_documents_total`,
    registers,
    labelNames: ['outcome'] as const,
    help: 'Documents loaded through /_bulk since start, by outcome (created, replaced, unchanged, rejected), counted as each batch is stored.',
  });
  for (const outcome of OUTCOMES) documents.inc({ outcome }, 0);
  return {
    began() {
      inProgress.inc();
      const counted = { created: 0, replaced: 0, unchanged: 0, rejected: 0 };
      let open = true;
      return {
        progressed(soFar) {
          for (const outcome of OUTCOMES) {
            const more = soFar[outcome] - counted[outcome];
            if (more > 0) documents.inc({ outcome }, more);
            counted[outcome] = Math.max(counted[outcome], soFar[outcome]);
          }
        },
        ended() {
          if (open) inProgress.dec();
          open = false;
        },
      };
    },
  };
}
