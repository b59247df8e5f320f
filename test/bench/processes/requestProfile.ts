/**
 * bench:processes --profile: the store requests a run's processes sent, by kind, with how long the
 * store took over each (as the counting proxy saw it, its hop included). The write turn is held for
 * the whole of a guarded write (writeTurn.ts), so writes/s at several processes is bounded by
 * 1 / (the guarded write's time): this says how much of a PUT's store time is inside the turn.
 */
import type { SeenRequest } from '../../support/storeProxy.js';

/** Its kind: the guarded write, another update, or a query, by its first words (IRIs and literals as <…> and "…"). */
export function requestKind(request: SeenRequest): string {
  // The write generation's replacement comes first in every update (writeGeneration.ts); then the turn, when taken.
  if (request.kind === 'update' && request.text.includes('write-turn>')) return 'update in the write turn';
  const words = request.text
    .replace(/<[^>\s]*>/g, '<…>')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\s+/g, ' ')
    .trim();
  return `${request.kind}: ${words.slice(0, 90)}`;
}

/** The profile's lines: per kind, the count a PUT, mean, p50 and p90 ms, and its share of the store's time. */
export function profileLines(seen: readonly SeenRequest[], puts: number): string[] {
  const byKind = new Map<string, number[]>();
  for (const r of seen) {
    const kind = requestKind(r);
    const times = byKind.get(kind) ?? [];
    times.push(r.ms ?? 0);
    byKind.set(kind, times);
  }
  const total = seen.reduce((n, r) => n + (r.ms ?? 0), 0);
  return [...byKind]
    .sort(([, a], [, b]) => sum(b) - sum(a))
    .map(([kind, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)];
      const p90 = sorted[Math.floor(sorted.length * 0.9)];
      return (
        `  ${(times.length / puts).toFixed(2).padStart(6)}/PUT  mean ${(sum(times) / times.length).toFixed(1).padStart(7)} ms` +
        `  p50 ${p50.toFixed(1).padStart(7)}  p90 ${p90.toFixed(1).padStart(7)} ms  ${((100 * sum(times)) / total).toFixed(1).padStart(5)}%  ${kind}`
      );
    });
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
