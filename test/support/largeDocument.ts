/**
 * One very large document (issue 28, item 3) and a watch on the service while a request about it
 * runs: shared by test/security/largeDocument.test.ts (that /health answers meanwhile: an order of
 * events) and test/bench/large-document-bench.ts (how long the event loop stood still: a time).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const LARGE_BASE = 'https://museum.example.org/collection/';
export const LARGE_PATH = '/collection/object/many-identifiers';
export const LARGE_ID = LARGE_BASE + 'object/many-identifiers';
export const IDENTIFIERS = 20_000;
const ACCESSION = { id: 'http://vocab.getty.edu/aat/300312355', type: 'Type', _label: 'accession number' };

/** A HumanMadeObject with `n` Identifiers, each classified as an accession number. */
export function manyIdentifiers(n: number): Record<string, unknown> {
  const identified_by = Array.from({ length: n }, (_, i) => ({
    type: 'Identifier',
    content: `ACC-${i}`,
    classified_as: [ACCESSION],
  }));
  return {
    '@context': 'https://linked.art/ns/v1/linked-art.json',
    id: LARGE_ID,
    type: 'HumanMadeObject',
    _label: 'Many identifiers',
    identified_by,
  };
}

export interface Watched<T> {
  readonly result: T;
  /** How long the request took, ms. */
  readonly took: number;
  /** The longest the event loop went without a turn meanwhile, ms (in this process, which is the server's). */
  readonly longestStall: number;
  /** /health answers (200) received while it ran: each one's answer came before the request's end. */
  readonly healthAnswers: number;
}

/** `request` run while `origin`/health is asked over and over and the event loop is watched. */
export async function watched<T>(origin: string, request: () => Promise<T>): Promise<Watched<T>> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  let healthAnswers = 0;
  const probing = (async () => {
    while (running) {
      const response = await fetch(origin + '/health');
      await response.arrayBuffer();
      if (running && response.status === 200) healthAnswers++;
    }
  })();
  delay.enable();
  const started = performance.now();
  const result = await request();
  const took = performance.now() - started;
  delay.disable();
  running = false;
  await probing;
  return { result, took, longestStall: delay.max / 1e6, healthAnswers };
}
